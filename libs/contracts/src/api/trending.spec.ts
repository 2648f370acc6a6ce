import { describeIssues } from './errors';
import {
  hotTopicsQuerySchema,
  popularQuerySchema,
  risingQuerySchema,
  trendingStatsQuerySchema,
} from './trending';

describe('trending queries (docs/spec-content.md §7)', () => {
  it('accepts the seed requests', () => {
    expect(trendingStatsQuerySchema.parse({ period: 'week' })).toEqual({ period: 'week' });
    expect(hotTopicsQuerySchema.parse({ limit: '10', type: 'news' })).toEqual({ limit: 10, type: 'news' });
    expect(hotTopicsQuerySchema.parse({ limit: '6' })).toEqual({ limit: 6, type: undefined });
    expect(popularQuerySchema.parse({ period: 'month', limit: '10', type: 'insight' })).toEqual({
      period: 'month',
      limit: 10,
      type: 'insight',
    });
    expect(risingQuerySchema.parse({ limit: '10' })).toEqual({ limit: 10 });
  });

  it("defaults to a day and 10 items, and treats type 'all' as no type", () => {
    expect(popularQuerySchema.parse({ type: 'all' })).toEqual({ period: 'day', limit: 10, type: undefined });
  });

  it('names the field and the allowed values', () => {
    const period = trendingStatsQuerySchema.safeParse({ period: 'year' });
    expect(period.success ? '' : describeIssues(period.error)).toBe(
      'period must be one of: day, week, month',
    );
    const type = hotTopicsQuerySchema.safeParse({ type: 'video' });
    expect(type.success ? '' : describeIssues(type.error)).toBe(
      'type must be one of: all, news, insight, analysis',
    );
    const rising = risingQuerySchema.safeParse({ limit: '10', period: 'day' });
    expect(rising.success ? '' : describeIssues(rising.error)).toBe('unknown parameter(s): period');
  });
});
