import { z } from 'zod';
import { defineEvent } from './define-event';
import { categorySlugSchema, contentTypeSchema, entityId, httpUrl, isoDateTime } from './shared-schemas';

/**
 * content → trending, newsletter, community (docs/design.md §1): an article became visible to readers. Trending
 * starts scoring it, newsletter collects it for digests, community indexes it for assistant retrieval.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it. A
 * breaking change gets a new definition beside this one ('article.published.v2', version 2), and producers
 * publish both until every consumer has moved.
 */
export const ARTICLE_PUBLISHED_TOPIC = 'article.published';
export const ARTICLE_PUBLISHED_VERSION = 1;

export const articlePublishedPayloadSchema = z.object({
  id: entityId,
  type: contentTypeSchema,
  title: z.string().min(1).max(300),
  summary: z.string().max(1000),
  /** Primary category first, then the secondary one if any. */
  categories: z.array(categorySlugSchema).min(1).max(2),
  tags: z.array(z.string().min(1).max(50)).max(10),
  publishedAt: isoDateTime,
  /** Site-relative reader URL such as /news/{id}; each consumer prefixes its configured public origin. */
  url: z
    .string()
    .regex(/^\/[^\s]*$/)
    .max(500),
  imageUrl: httpUrl.nullable(),
});
export type ArticlePublishedPayload = z.output<typeof articlePublishedPayloadSchema>;

export const articlePublishedEvent = defineEvent({
  topic: ARTICLE_PUBLISHED_TOPIC,
  version: ARTICLE_PUBLISHED_VERSION,
  schema: articlePublishedPayloadSchema,
  partitionKey: (payload) => payload.id,
});
