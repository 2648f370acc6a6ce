export * from './events/envelope';
export * from './routing';

// Integration events (docs/design.md §4)
export * from './events/define-event';
export * from './events/shared-schemas';
export * from './events/article-collected.event';
export * from './events/article-translated.event';
export * from './events/article-published.event';
export * from './events/article-published-v2.event';
export * from './events/article-engaged.event';
export * from './events/tech-analysis-published.event';
export * from './events/article-withdrawn.event';
export * from './events/trending-scores-updated.event';
export * from './events/question-created.event';
export * from './events/answer-created.event';
export * from './events/answer-accepted.event';
export * from './events/newsletter-subscribed.event';
export * from './events/source-updated.event';
export * from './events/staff-action-recorded.event';
export * from './events/registry';
export * from './events/parse-event';

// Public API (docs/design.md §7; seeds' §7 tables)
export * from './api/errors';
export * from './api/params';
export * from './api/taxonomy';
export * from './api/constants';
export * from './api/cache-purge';
export * from './api/page-description';
export * from './api/endpoints';
export * from './api/content';
export * from './api/content-queries';
export * from './api/search-queries';
export * from './api/search-synonyms';
export * from './api/search-reindex';
export * from './api/images';
export * from './api/interactions';
export * from './api/tech-analysis';
export * from './api/authoring';
export * from './api/trending';
export * from './api/sources';
export * from './api/ingestion';
export * from './api/feeds';
export * from './api/subscribers';
export * from './api/newsletter';
export * from './api/community-constants';
export * from './api/community';
export * from './api/community-responses';
export * from './api/community-requests';
export * from './api/community-edits';
export * from './api/community-nickname';
export * from './api/community-admin';
export * from './api/community-me';
export * from './api/community-me-responses';
export * from './api/community-me-requests';
export * from './api/reader-state';
export * from './api/reader-state-requests';
export * from './api/translation-review';
export * from './api/staff';
export * from './api/staff-audit';
export * from './api/contact';
export * from './api/openapi-schemas';
export * from './api/endpoint-responses';

// Clients of one service's read API for another (docs/design.md §1)
export * from './clients/trending-read.client';
export * from './clients/content-read.client';

// The reader's colour theme: the gateway's head script and the shell's toggle
export * from './site-theme';
// Story pages: every article of one story across its sources
export * from './api/stories';
