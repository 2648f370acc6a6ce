export type NewsSection = 'news' | 'insights' | 'analysis';

export const isNewsSection = (value: unknown): value is NewsSection =>
  value === 'news' || value === 'insights' || value === 'analysis';

/**
 * Where an article of a content type is read. docs/spec-content.md §2 says related articles link to /{type}/{id}; the
 * type 'insight' is mounted at /insights, so the link uses the route, not the raw type.
 */
export const SECTION_OF_TYPE = { news: 'news', insight: 'insights', analysis: 'analysis' } as const;

export const articleHref = (type: keyof typeof SECTION_OF_TYPE, id: string): string =>
  `/${SECTION_OF_TYPE[type] ?? 'news'}/${encodeURIComponent(id)}`;
