import { z } from 'zod';
import { defineEvent } from './define-event';
import {
  BODY_HTML_MAX,
  entityId,
  httpUrl,
  isoDateTime,
  originalSourcesSchema,
  youtubeVideoIdSchema,
} from './shared-schemas';

/**
 * ingestion → translation (docs/design.md §1, §5): a new story, in English, with every source that carried it.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it. A
 * breaking change gets a new definition beside this one ('article.collected.v2', version 2), and producers
 * publish both until every consumer has moved.
 */
export const ARTICLE_COLLECTED_TOPIC = 'article.collected';
export const ARTICLE_COLLECTED_VERSION = 1;

export const articleCollectedPayloadSchema = z.object({
  /** The near-duplicate cluster: one Korean article per cluster. Also the partition key. */
  clusterId: entityId,
  sources: originalSourcesSchema,
  /** English title, summary and sanitised body as extracted from the source. */
  title: z.string().min(1).max(1000),
  summary: z.string().max(5000),
  bodyHtml: z.string().max(BODY_HTML_MAX),
  imageUrl: httpUrl.nullable(),
  youtubeVideoIds: z.array(youtubeVideoIdSchema).max(20),
  /** Detected language of the text, BCP 47 (mostly 'en'). */
  language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/),
  collectedAt: isoDateTime,
});
export type ArticleCollectedPayload = z.output<typeof articleCollectedPayloadSchema>;

export const articleCollectedEvent = defineEvent({
  topic: ARTICLE_COLLECTED_TOPIC,
  version: ARTICLE_COLLECTED_VERSION,
  schema: articleCollectedPayloadSchema,
  partitionKey: (payload) => payload.clusterId,
});
