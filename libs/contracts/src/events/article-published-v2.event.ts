import { z } from 'zod';
import { defineEvent } from './define-event';
import { articlePublishedPayloadSchema } from './article-published.event';
import { entityId, httpUrl } from './shared-schemas';

/**
 * content → community (ARCHITECTURE.md 'Events and delivery'): article.published with the story it belongs
 * to, so community can follow a story. v1 ('article.published') stays as it is and content publishes both;
 * trending and the newsletter keep reading v1.
 *
 * `storyId` is ingestion's cluster (article.collected/article.translated `clusterId`); null for an article
 * no cluster made (an authored insight). `sources` lists every original source of the story so far: a new
 * source joining the story arrives as another v2 of the same article with one more source; a new article
 * of the story arrives with a new `id` and the same `storyId`.
 *
 * NEVER rename this topic or change this payload in place; a breaking change gets a v3 beside it.
 */
export const ARTICLE_PUBLISHED_V2_TOPIC = 'article.published.v2';
export const ARTICLE_PUBLISHED_V2_VERSION = 2;

export const articleStorySourceSchema = z.object({
  sourceName: z.string().min(1).max(200),
  url: httpUrl,
});

export const articlePublishedV2PayloadSchema = articlePublishedPayloadSchema.extend({
  storyId: entityId.nullable(),
  sources: z.array(articleStorySourceSchema).max(50),
});
export type ArticlePublishedV2Payload = z.output<typeof articlePublishedV2PayloadSchema>;

export const articlePublishedV2Event = defineEvent({
  topic: ARTICLE_PUBLISHED_V2_TOPIC,
  version: ARTICLE_PUBLISHED_V2_VERSION,
  schema: articlePublishedV2PayloadSchema,
  // The article, as v1: one article's versions stay in order.
  partitionKey: (payload) => payload.id,
});
