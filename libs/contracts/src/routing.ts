/**
 * Which service owns which public path prefix. Shared by the services (they declare what they serve)
 * and the gateway (it routes by it), so neither has to import the other.
 */
export const SERVICE_HTTP_PREFIXES = {
  content: [
    '/api/content',
    '/api/articles',
    '/api/tech-analysis',
    '/api/interactions',
    '/api/sidebar-data',
    '/api/sources',
    '/api/stories',
  ],
  ingestion: ['/api/ingestion'],
  translation: ['/api/translation'],
  trending: ['/api/trending'],
  community: ['/api/community'],
  newsletter: ['/api/subscribers', '/api/newsletter'],
  // The staff audit log is newsroom's: every service's staff actions end up there; so are readers' messages.
  newsroom: ['/api/newsroom', '/api/admin/audit', '/api/admin/contact'],
} as const satisfies Record<string, readonly string[]>;

export type ServiceName = keyof typeof SERVICE_HTTP_PREFIXES;
export const SERVICE_NAMES = Object.keys(SERVICE_HTTP_PREFIXES) as ServiceName[];

/**
 * Public paths outside /api that the content service answers (docs/spec-content.md §2: feeds opened as plain links).
 * The gateway routes exact paths and the per-category pattern to content; every other non-/api path is a
 * front-end document.
 */
export const CONTENT_FEED_PATHS = [
  '/rss.xml',
  '/atom.xml',
  '/feed.json',
  '/sitemap.xml',
  '/news-sitemap.xml',
] as const;
/** /category/{slug}/rss.xml; the slug is checked by the content service (unknown → 404). */
export const CATEGORY_FEED_PATH_PATTERN = /^\/category\/[^/]+\/rss\.xml$/;

/**
 * The newsletter's pages on the site (confirm, unsubscribe, preferences, the archive and each edition's
 * web version): /newsletter and everything under it. The gateway routes them to the newsletter service,
 * which renders them; RFC 8058 one-click unsubscribe POSTs arrive here too.
 */
export const NEWSLETTER_PAGE_PREFIX = '/newsletter';
