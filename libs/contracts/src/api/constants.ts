/**
 * Business constants of the content side (docs/spec-content.md §9) that more than one service or front end needs.
 * Community limits live in community-limits.ts.
 */

/** docs/spec-content.md §7 and §9: page sizes as the client requests them. */
export const PAGE_SIZES = {
  news: 12,
  insights: 6,
  techAnalysis: 9,
  trending: 10,
  homeLatest: 12,
  homeHot: 6,
  /** Seed: not shown (the category call sends only page, sort, filter); chosen here to match news. */
  category: 12,
  /** Seed: not shown; chosen here to match the category page. */
  archive: 12,
  /** Seed: not shown; chosen here as a multiple of the 3-column result grid (docs/spec-content.md §9). */
  search: 12,
} as const;

/** Upper bound on `limit` for offset-based lists; seed: not shown, chosen here (docs/design.md §11.10 spirit). */
export const MAX_LIST_LIMIT = 50;

/** docs/spec-content.md §2 'Trending' and §9: the HOT badge shows above hotScore 100. */
export const HOT_SCORE_THRESHOLD = 100;
/** docs/spec-content.md §2 'Trending' and §9: the rising badge shows above 50 views per hour. */
export const RISING_VIEWS_PER_HOUR_THRESHOLD = 50;

/** Strictly above, as the seed says ('above 100'). */
export const isHotScore = (hotScore: number): boolean => hotScore > HOT_SCORE_THRESHOLD;
export const isRising = (viewsPerHour: number): boolean => viewsPerHour > RISING_VIEWS_PER_HOUR_THRESHOLD;

/** docs/spec-content.md §3 TechAnalysis: qualityScore 85 or more earns the 'recommended' badge. */
export const RECOMMENDED_QUALITY_SCORE = 85;
export const isRecommended = (qualityScore: number): boolean => qualityScore >= RECOMMENDED_QUALITY_SCORE;

/** docs/spec-content.md §9: responsive image widths and default quality. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const DEFAULT_IMAGE_QUALITY = 75;

/** docs/spec-content.md §9: read time = content length / 200 characters per minute, rounded up; length 1000 if absent. */
export const READ_TIME_CHARS_PER_MINUTE = 200;
export const READ_TIME_DEFAULT_LENGTH = 1000;
export const readTimeMinutes = (content?: string | null): number =>
  Math.ceil((content ? content.length : READ_TIME_DEFAULT_LENGTH) / READ_TIME_CHARS_PER_MINUTE);

/** docs/spec-content.md §2 'Search' and §9: result description 120 characters, SEO description 160. */
export const SEARCH_DESCRIPTION_LENGTH = 120;
export const SEO_DESCRIPTION_LENGTH = 160;

/** Whitespace collapsed, cut to `max` characters (code points, so Hangul and emoji are never split). */
export function truncateText(text: string, max: number): string {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  if (characters.length <= max) return characters.join('');
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** docs/design.md §5: the Korean summary the translator writes is at most 160 characters. */
export const SUMMARY_MAX_LENGTH = 160;

/** docs/spec-content.md §2 'Trending': stats refetch every 30 s while live is ON. */
export const TRENDING_LIVE_REFRESH_MS = 30_000;

/** docs/spec-content.md §1 and docs/design.md §5: sources are collected every 15 minutes by default. */
export const COLLECTION_INTERVAL_MS = 15 * 60_000;

/** docs/spec-content.md §7: client caching and retries for the detail page's reads. */
export const CLIENT_QUERY_POLICY = {
  article: { staleMs: 5 * 60_000, retries: 3 },
  related: { staleMs: 10 * 60_000, retries: 2 },
  comments: { staleMs: 2 * 60_000, retries: 2 },
} as const;

/** docs/spec-community.md §4 and docs/design.md §10: an anonymous session expires after 7 days without activity. */
export const ANONYMOUS_SESSION_INACTIVITY_MS = 7 * 24 * 60 * 60_000;
/** docs/spec-community.md §9: where the browser keeps the anonymous user record. */
export const ANONYMOUS_USER_STORAGE_KEY = 'anonymous_user';
