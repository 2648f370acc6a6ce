import type { z } from 'zod';
import { describeIssues } from './errors';
import {
  archiveQuerySchema,
  categoryPageQuerySchema,
  insightsListQuerySchema,
  newsListQuerySchema,
  searchQuerySchema,
} from './content-queries';

/** The 400 message a query would produce, or '' when it is valid. */
const messageFor = (schema: z.ZodType, query: Record<string, unknown>): string => {
  const result = schema.safeParse(query);
  return result.success ? '' : describeIssues(result.error);
};

describe('news and insights list queries (docs/spec-content.md §7)', () => {
  it('accepts the seed requests and converts the text values', () => {
    expect(newsListQuerySchema.parse({ limit: '12', offset: '24' })).toEqual({
      limit: 12,
      offset: 24,
      hot: false,
    });
    expect(newsListQuerySchema.parse({ hot: 'true', limit: '12', offset: '0' })).toEqual({
      limit: 12,
      offset: 0,
      hot: true,
    });
    expect(insightsListQuerySchema.parse({ limit: '6', offset: '6' })).toEqual({ limit: 6, offset: 6 });
  });

  it('defaults to the seed page sizes', () => {
    expect(newsListQuerySchema.parse({})).toEqual({ limit: 12, offset: 0, hot: false });
    expect(insightsListQuerySchema.parse({})).toEqual({ limit: 6, offset: 0 });
  });

  it('rejects bad values with messages naming the field', () => {
    expect(messageFor(newsListQuerySchema, { limit: '0' })).toContain(
      'limit must be an integer from 1 to 50',
    );
    expect(messageFor(newsListQuerySchema, { limit: '51' })).toContain('limit');
    expect(messageFor(newsListQuerySchema, { limit: '12abc' })).toContain('limit');
    expect(messageFor(newsListQuerySchema, { limit: '' })).toContain('limit');
    expect(messageFor(newsListQuerySchema, { offset: '-1' })).toContain(
      'offset must be an integer from 0 to 10000',
    );
    expect(messageFor(newsListQuerySchema, { hot: 'yes' })).toContain('hot must be one of: true, false');
    expect(messageFor(insightsListQuerySchema, { hot: 'true' })).toContain('unknown parameter(s): hot');
  });
});

describe('how deep the lists page', () => {
  it.each([
    ['news offset', newsListQuerySchema, 'offset', 10_000],
    ['insights offset', insightsListQuerySchema, 'offset', 10_000],
    ['category page', categoryPageQuerySchema, 'page', 1_000],
    ['archive page', archiveQuerySchema, 'page', 1_000],
  ] as const)('accepts the %s up to its bound and names the field past it', (_, schema, field, max) => {
    expect(messageFor(schema, { [field]: String(max) })).toBe('');
    expect(messageFor(schema, { [field]: String(max + 1) })).toContain(`${field} must be an integer from`);
    expect(messageFor(schema, { [field]: '100001' })).toContain(`${field} must be an integer from`);
  });
});

describe('category page query (docs/spec-content.md §5)', () => {
  it('accepts every seed sort and filter', () => {
    for (const sort of ['latest', 'popular', 'views', 'oldest']) {
      for (const filter of ['all', 'today', 'week', 'month', 'with-image']) {
        expect(categoryPageQuerySchema.parse({ page: '2', sort, filter })).toEqual({ page: 2, sort, filter });
      }
    }
    expect(categoryPageQuerySchema.parse({})).toEqual({ page: 1, sort: 'latest', filter: 'all' });
  });

  it('names the field and the allowed values', () => {
    expect(messageFor(categoryPageQuerySchema, { sort: 'foo' })).toBe(
      'sort must be one of: latest, popular, views, oldest',
    );
    expect(messageFor(categoryPageQuerySchema, { filter: 'year' })).toContain(
      'filter must be one of: all, today, week, month, with-image',
    );
    expect(messageFor(categoryPageQuerySchema, { page: '0' })).toContain(
      'page must be an integer from 1 to 1000',
    );
    expect(messageFor(categoryPageQuerySchema, { sotr: 'latest' })).toContain('sotr');
  });
});

describe('archive query (docs/spec-content.md §2, §5)', () => {
  it('accepts the seed filters and trims the text search', () => {
    expect(
      archiveQuerySchema.parse({
        page: '1',
        category: 'nft',
        sort: 'views',
        timeframe: 'year',
        q: '  이더리움 ',
      }),
    ).toEqual({ page: 1, category: 'nft', sort: 'views', timeframe: 'year', q: '이더리움' });
    expect(archiveQuerySchema.parse({ q: '   ' })).toEqual({
      page: 1,
      category: 'all',
      sort: 'latest',
      timeframe: 'all',
      q: undefined,
    });
  });

  it('rejects values the archive does not offer', () => {
    expect(messageFor(archiveQuerySchema, { sort: 'oldest' })).toContain(
      'sort must be one of: latest, popular, views',
    );
    expect(messageFor(archiveQuerySchema, { category: 'big-tech' })).toContain(
      'category must be one of: all, gen-ai, blockchain, nft, web3',
    );
    expect(messageFor(archiveQuerySchema, { timeframe: 'decade' })).toContain('timeframe');
    expect(messageFor(archiveQuerySchema, { q: 'a'.repeat(201) })).toContain(
      'q must be at most 200 characters',
    );
  });
});

describe('search query (docs/spec-content.md §7)', () => {
  it('accepts q and page, or a tag from /search?tag=', () => {
    expect(searchQuerySchema.parse({ q: '블록체인', page: '3' })).toEqual({
      q: '블록체인',
      page: 3,
      tag: undefined,
    });
    expect(searchQuerySchema.parse({ tag: 'OpenAI' })).toMatchObject({ tag: 'OpenAI', page: 1 });
  });

  it('requires a non-empty q of at most 200 characters', () => {
    expect(messageFor(searchQuerySchema, {})).toContain('q must be 1 to 200 characters');
    expect(messageFor(searchQuerySchema, { q: '  ' })).toContain('q must be 1 to 200 characters');
    expect(messageFor(searchQuerySchema, { q: 'x'.repeat(201) })).toContain('q must be at most 200');
  });
});
