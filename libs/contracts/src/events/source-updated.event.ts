import { z } from 'zod';
import { SOURCE_TYPES, SOURCE_WEBSUB_STATES } from '../api/sources';
import { defineEvent } from './define-event';
import { entityId, httpUrl, isoDateTime } from './shared-schemas';

/**
 * ingestion → content: a news source was added, edited, paused, resumed or removed. Ingestion owns the
 * sources; content keeps a copy of their public catalogue for the sources page and the sidebar, and counts
 * articles per source itself. Every event carries the whole catalogue entry, so the last one applied wins;
 * a removed source arrives once more with enabled false.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it. A
 * breaking change gets a new definition beside this one ('source.updated.v2', version 2), and producers
 * publish both until every consumer has moved. Optional fields may be added (pollIntervalSeconds, websub):
 * older consumers drop them, and events without them still parse.
 */
export const SOURCE_UPDATED_TOPIC = 'source.updated';
export const SOURCE_UPDATED_VERSION = 1;

export const sourceUpdatedPayloadSchema = z.object({
  id: entityId,
  name: z.string().min(1).max(200),
  description: z.string().max(1000),
  sourceType: z.enum(SOURCE_TYPES),
  /** The site or feed URL the source is read from. */
  url: httpUrl,
  imageUrl: httpUrl.nullable(),
  /** False while paused and once removed: content lists only enabled sources. */
  enabled: z.boolean(),
  /**
   * Strictly increasing per source (ingestion guarantees it), so a consumer applies an event only when it
   * is newer than what it holds: a redelivered or overtaken event changes nothing.
   */
  updatedAt: isoDateTime,
  /**
   * About how often the source is polled now, in seconds (adaptive interval with failure backoff, no
   * jitter); announced again only when it moves by a quarter or more. Absent before its first run.
   */
  pollIntervalSeconds: z.number().int().positive().optional(),
  /** Its WebSub subscription (api/sources.ts, SourceWebSub); absent when it has none. */
  websub: z
    .object({ state: z.enum(SOURCE_WEBSUB_STATES), leaseExpiresAt: isoDateTime.nullable() })
    .optional(),
});
export type SourceUpdatedPayload = z.output<typeof sourceUpdatedPayloadSchema>;

export const sourceUpdatedEvent = defineEvent({
  topic: SOURCE_UPDATED_TOPIC,
  version: SOURCE_UPDATED_VERSION,
  schema: sourceUpdatedPayloadSchema,
  partitionKey: (payload) => payload.id,
});
