import { articleListItemSchema, searchResponseSchema } from './content';
import { z } from 'zod';
import { ARCHIVE_TIMEFRAMES } from './content-queries';
import { intParam, oneOf, optionalTextParam, strictParams } from './params';
import { CATEGORY_SLUGS, CONTENT_TYPES, TECHNOLOGY_CATEGORY_VALUES } from './taxonomy';

/**
 * GET /api/articles/search beyond the seed's q, tag and page (docs/design.md §6: filters by category, type and
 * period; sorts relevance, latest, popular, views). The extra parameters are optional, so the seed's
 * requests parse exactly as with searchQuerySchema; still strict, so a misspelt one is a 400 naming it.
 */

const MAX_QUERY_TEXT = 200;
const MAX_TAG_TEXT = 100;

/** relevance needs a q; without one the default is latest (a tag page lists the newest first). */
export const SEARCH_SORTS = ['relevance', 'latest', 'popular', 'views'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The archive's timeframes: today since 00:00 in Seoul, week 7 days, month 30 days, year 365 days. */
export const SEARCH_PERIODS = ARCHIVE_TIMEFRAMES;
export type SearchPeriod = (typeof SEARCH_PERIODS)[number];

export const searchPageQuerySchema = strictParams({
  q: optionalTextParam('q', MAX_QUERY_TEXT),
  tag: optionalTextParam('tag', MAX_TAG_TEXT),
  page: intParam('page', { min: 1 }).default(1),
  category: oneOf('category', CATEGORY_SLUGS).optional(),
  type: oneOf('type', CONTENT_TYPES).optional(),
  period: oneOf('period', SEARCH_PERIODS).default('all'),
  sort: oneOf('sort', SEARCH_SORTS).optional(),
}).superRefine((query, ctx) => {
  if (query.q === undefined && query.tag === undefined) {
    ctx.addIssue({ code: 'custom', path: ['q'], message: `q must be 1 to ${MAX_QUERY_TEXT} characters` });
  }
  if (query.sort === 'relevance' && query.q === undefined) {
    ctx.addIssue({ code: 'custom', path: ['sort'], message: 'sort relevance needs a q' });
  }
});
export type SearchPageQuery = z.output<typeof searchPageQuerySchema>;

/**
 * Where the query matched, as safe HTML: everything escaped except <mark>…</mark> around the matched
 * words. `snippet` is at most SEARCH_DESCRIPTION_LENGTH (120) visible characters, ellipses included,
 * taken from the summary when the query matched there, otherwise from the body around the first match.
 * Chosen (the seed does not show how results are highlighted).
 */
export const searchHighlightSchema = z
  .object({
    title: z.string(),
    snippet: z.string(),
  })
  .meta({ id: 'SearchHighlight' });
export type SearchHighlight = z.output<typeof searchHighlightSchema>;

/**
 * A search result: an ordinary list item whose `summary` is the snippet as plain text (so a client that
 * renders list items as text shows the matching passage), plus `highlight` for clients that mark matches.
 */
export const articleSearchItemSchema = articleListItemSchema.extend({
  highlight: searchHighlightSchema,
});
export type ArticleSearchItem = z.output<typeof articleSearchItemSchema>;

/**
 * A tech analysis found beside the articles (chosen): one query ranks both. `kind` tells it from an
 * article (which has none), and `url` is its page, /tech-analysis/{slug}. `summary` is the snippet as for
 * an article.
 */
export const techAnalysisSearchItemSchema = z
  .object({
    kind: z.literal('tech-analysis'),
    id: z.string(),
    slug: z.string(),
    url: z.string(),
    title: z.string(),
    summary: z.string(),
    technologyName: z.string(),
    technologyCategory: z.enum(TECHNOLOGY_CATEGORY_VALUES),
    publishedAt: z.string(),
    likesCount: z.number(),
    views: z.number(),
    highlight: searchHighlightSchema,
  })
  .meta({ id: 'TechAnalysisSearchItem' });
export type TechAnalysisSearchItem = z.output<typeof techAnalysisSearchItemSchema>;

export const searchResultItemSchema = z.union([articleSearchItemSchema, techAnalysisSearchItemSchema]);
export type SearchResultItem = z.output<typeof searchResultItemSchema>;

/**
 * GET /api/articles/search: the seed's {articles, total, pages} with highlighted items, and two additions
 * (chosen) a page shows above the results.
 */
export const searchPageResponseSchema = searchResponseSchema
  .omit({ articles: true })
  .extend({
    articles: z.array(searchResultItemSchema),
    /** 'partial' when no article has every word and these match only some ('일부 검색어만 일치하는 결과'). */
    matching: z.enum(['all', 'partial']),
    /**
     * The query searched instead when the one typed found nothing (or only part of it) and the same keys in
     * the other 한/영 keyboard mode found more: 'qmffhrcpdls' → '블록체인'.
     */
    searchedAs: z.string().optional(),
  })
  .meta({ id: 'SearchPageResponse' });
export type SearchPageResponse = z.output<typeof searchPageResponseSchema>;
