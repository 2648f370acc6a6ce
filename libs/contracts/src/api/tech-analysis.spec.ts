import { describeIssues } from './errors';
import { techAnalysisListQuerySchema } from './tech-analysis';

describe('tech analysis list query (docs/spec-content.md §7)', () => {
  it('accepts the seed request: page, limit=9, lang=ko, optional category', () => {
    expect(techAnalysisListQuerySchema.parse({ page: '1', limit: '9', lang: 'ko' })).toEqual({
      page: 1,
      limit: 9,
      lang: 'ko',
      category: undefined,
    });
    expect(techAnalysisListQuerySchema.parse({ page: '2', category: 'cloud_native' })).toMatchObject({
      page: 2,
      limit: 9,
      category: 'cloud_native',
    });
  });

  it("treats category 'all' like no category", () => {
    expect(techAnalysisListQuerySchema.parse({ category: 'all' }).category).toBeUndefined();
  });

  it('rejects an unknown category, naming the 8 technology categories', () => {
    const result = techAnalysisListQuerySchema.safeParse({ category: 'ml' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(describeIssues(result.error)).toBe(
      'category must be one of: all, ai_ml, web_framework, cloud_native, blockchain, data_engineering, devops, mobile, security',
    );
  });

  it('rejects a page past how deep the lists go, naming page', () => {
    expect(techAnalysisListQuerySchema.safeParse({ page: '1000' }).success).toBe(true);
    const result = techAnalysisListQuerySchema.safeParse({ page: '1001' });
    expect(result.success ? '' : describeIssues(result.error)).toBe('page must be an integer from 1 to 1000');
  });

  it('rejects an unknown language and an oversized limit', () => {
    const result = techAnalysisListQuerySchema.safeParse({ lang: 'jp', limit: '500' });
    expect(result.success ? '' : describeIssues(result.error)).toBe(
      'limit must be an integer from 1 to 50; lang must be one of: ko, en',
    );
  });
});
