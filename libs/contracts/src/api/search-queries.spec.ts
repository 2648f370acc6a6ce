import type { z } from 'zod';
import { searchQuerySchema } from './content-queries';
import { describeIssues } from './errors';
import { searchPageQuerySchema } from './search-queries';

const messageFor = (schema: z.ZodType, query: Record<string, unknown>): string => {
  const result = schema.safeParse(query);
  return result.success ? '' : describeIssues(result.error);
};

describe('search page query (docs/spec-content.md §7 plus docs/design.md §6 filters and sorts)', () => {
  it('parses every seed request as the seed schema does', () => {
    for (const query of [
      { q: '블록체인', page: '3' },
      { tag: 'OpenAI' },
      { q: ' 이더리움 ', tag: '가상자산' },
    ]) {
      expect(searchPageQuerySchema.parse(query)).toMatchObject(searchQuerySchema.parse(query));
    }
  });

  it('accepts the optional category, type, period and sort', () => {
    expect(
      searchPageQuerySchema.parse({
        q: 'GPU',
        category: 'big-tech',
        type: 'analysis',
        period: 'month',
        sort: 'popular',
      }),
    ).toEqual({
      q: 'GPU',
      tag: undefined,
      page: 1,
      category: 'big-tech',
      type: 'analysis',
      period: 'month',
      sort: 'popular',
    });
    expect(searchPageQuerySchema.parse({ q: 'GPU' })).toEqual({
      q: 'GPU',
      tag: undefined,
      page: 1,
      category: undefined,
      type: undefined,
      period: 'all',
      sort: undefined,
    });
  });

  it('names the parameter and its allowed values', () => {
    expect(messageFor(searchPageQuerySchema, { q: 'a', sort: 'oldest' })).toContain(
      'sort must be one of: relevance, latest, popular, views',
    );
    expect(messageFor(searchPageQuerySchema, { q: 'a', category: 'nft' })).toContain(
      'category must be one of: gen-ai, blockchain, big-tech',
    );
    expect(messageFor(searchPageQuerySchema, { q: 'a', type: 'video' })).toContain(
      'type must be one of: news, insight, analysis',
    );
    expect(messageFor(searchPageQuerySchema, { q: 'a', period: 'decade' })).toContain(
      'period must be one of: all, today, week, month, year',
    );
    expect(messageFor(searchPageQuerySchema, { q: 'a', filter: 'x' })).toContain(
      'unknown parameter(s): filter',
    );
  });

  it('requires q or tag, and a q for relevance', () => {
    expect(messageFor(searchPageQuerySchema, {})).toContain('q must be 1 to 200 characters');
    expect(messageFor(searchPageQuerySchema, { tag: 'NFT', sort: 'relevance' })).toContain(
      'sort relevance needs a q',
    );
    expect(messageFor(searchPageQuerySchema, { tag: 'x'.repeat(101) })).toContain('tag must be at most 100');
  });

  it('refuses non-text values where text goes', () => {
    expect(messageFor(searchPageQuerySchema, { q: ['a', 'b'] })).toContain('q must be text');
    expect(messageFor(searchPageQuerySchema, { q: { $ne: null } })).toContain('q must be text');
    expect(messageFor(searchPageQuerySchema, { q: 'a', page: '1e3' })).toContain('page must be an integer');
  });
});
