import type { ArticleListItem } from './content';
import { readRelatedArticles, readTechMeta } from './content';
import { describeIssues, errorBody, validationErrorBody } from './errors';
import { likeBodySchema, shareBodySchema } from './interactions';
import { subscribeBodySchema } from './subscribers';

describe('readTechMeta (docs/spec-content.md §3: both spellings occur)', () => {
  it('reads the first spelling', () => {
    expect(
      readTechMeta({
        difficultyLevel: 'advanced',
        estimatedTime: 45,
        technologies: ['Rust'],
        githubLinks: ['https://github.com/a/b'],
      }),
    ).toEqual({
      difficultyLevel: 'advanced',
      estimatedTime: 45,
      technologies: ['Rust'],
      githubLinks: ['https://github.com/a/b'],
    });
  });

  it('reads the second spelling into the same shape', () => {
    expect(
      readTechMeta({ difficulty: 'beginner', techStack: ['React'], githubUrl: 'https://github.com/c/d' }),
    ).toEqual({
      difficultyLevel: 'beginner',
      estimatedTime: undefined,
      technologies: ['React'],
      githubLinks: ['https://github.com/c/d'],
    });
  });

  it('drops malformed fields instead of failing, and reads nothing as null', () => {
    expect(readTechMeta({ difficulty: 'expert', techStack: 'React' })).toEqual({
      difficultyLevel: undefined,
      estimatedTime: undefined,
      technologies: [],
      githubLinks: [],
    });
    expect(readTechMeta(null)).toBeNull();
  });
});

describe('readRelatedArticles (docs/spec-content.md §7: array or {articles})', () => {
  it('accepts both shapes', () => {
    const item = { id: 'a-1' } as ArticleListItem;
    expect(readRelatedArticles([item])).toEqual([item]);
    expect(readRelatedArticles({ articles: [item] })).toEqual([item]);
  });
});

describe('interaction bodies (docs/spec-content.md §7)', () => {
  it("accepts the seed's like body and rejects other content types", () => {
    expect(likeBodySchema.parse({ contentId: 'a-1', contentType: 'article' })).toEqual({
      contentId: 'a-1',
      contentType: 'article',
    });
    const result = likeBodySchema.safeParse({ contentId: 'a-1', contentType: 'question' });
    expect(result.success ? '' : describeIssues(result.error)).toBe('contentType must be one of: article');
  });

  it('rejects an id that could reach a store filter', () => {
    const result = likeBodySchema.safeParse({ contentId: { $gt: '' }, contentType: 'article' });
    expect(result.success ? '' : describeIssues(result.error)).toContain('contentId');
  });

  it('accepts the seed share platforms', () => {
    for (const platform of ['facebook', 'twitter', 'telegram', 'linkedin', 'copy-link']) {
      expect(shareBodySchema.parse({ platform })).toEqual({ platform });
    }
    const result = shareBodySchema.safeParse({ platform: 'myspace' });
    expect(result.success ? '' : describeIssues(result.error)).toContain('platform must be one of: facebook');
  });
});

describe('newsletter sign-up (docs/spec-content.md §5)', () => {
  it('trims and lower-cases a valid address', () => {
    expect(subscribeBodySchema.parse({ email: '  Reader@Example.COM ' })).toEqual({
      email: 'reader@example.com',
    });
  });

  it('rejects an address without @, empty, or missing', () => {
    for (const body of [{ email: 'reader.example.com' }, { email: '' }, {}]) {
      const result = subscribeBodySchema.safeParse(body);
      expect(result.success ? '' : describeIssues(result.error)).toMatch(/^email /);
    }
  });
});

describe('error body (docs/design.md §7)', () => {
  it('has statusCode, error and message', () => {
    expect(errorBody(404, '기사를 찾을 수 없습니다')).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: '기사를 찾을 수 없습니다',
    });
  });

  it('turns a validation failure into a 400 that names the field', () => {
    const result = shareBodySchema.safeParse({});
    if (result.success) throw new Error('expected a validation failure');
    expect(validationErrorBody(result.error)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining('platform'),
    });
  });
});
