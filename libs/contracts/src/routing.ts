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
  ],
  ingestion: ['/api/ingestion'],
  translation: ['/api/translation'],
  trending: ['/api/trending'],
  community: ['/api/community'],
  newsletter: ['/api/subscribers', '/api/newsletter'],
} as const satisfies Record<string, readonly string[]>;

export type ServiceName = keyof typeof SERVICE_HTTP_PREFIXES;
export const SERVICE_NAMES = Object.keys(SERVICE_HTTP_PREFIXES) as ServiceName[];
