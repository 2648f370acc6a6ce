import { z } from 'zod';

/**
 * Every event on the bus travels in this envelope (docs/design.md §4). `key` is the aggregate id and the
 * Kafka partition key, so one aggregate's events stay in order. `id` is what idempotent consumers
 * remember. `traceparent` carries W3C trace context from the producer to the consumer.
 */
export const eventEnvelopeSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime({ offset: true }),
  source: z.string().min(1).max(100),
  traceparent: z.string().max(200).optional(),
  key: z.string().min(1).max(500),
  payload: z.unknown(),
});

export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  payload: P;
};

/** Name of the dead-letter topic for a topic: where an event goes after its last failed attempt. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlt`;
