import type { z } from 'zod';
import { describeIssues } from '../api/errors';
import { eventEnvelopeSchema } from './envelope';
import type { EventEnvelope } from './envelope';
import { eventRegistry } from './registry';
import type { EventPayload, Topic } from './registry';

/**
 * Why an event was refused. Consumers send such an event straight to `<topic>.dlt` with this message:
 * retrying cannot make a malformed payload valid (docs/design.md §4: a poison message never blocks its partition).
 */
export class EventValidationError extends Error {
  override readonly name = 'EventValidationError';
  constructor(
    readonly topic: string,
    message: string,
  ) {
    super(`${topic}: ${message}`);
  }
}

export type ParseEventResult<T extends Topic> =
  { ok: true; event: EventEnvelope<EventPayload<T>> } | { ok: false; error: EventValidationError };

/**
 * Validates an envelope received on `topic`: the envelope itself, that its type and version are the ones
 * this contract describes, then the payload. The returned payload is the schema's output (trimmed, typed).
 */
export const parseEvent = <T extends Topic>(topic: T, envelope: unknown): ParseEventResult<T> => {
  const definition = eventRegistry[topic];
  const fail = (message: string): ParseEventResult<T> => ({
    ok: false,
    error: new EventValidationError(topic, message),
  });
  if (!definition) return fail('unknown topic');

  const outer = eventEnvelopeSchema.safeParse(envelope);
  if (!outer.success) return fail(`invalid envelope: ${describeIssues(outer.error)}`);
  if (outer.data.type !== topic) return fail(`envelope type '${outer.data.type}' does not match the topic`);
  if (outer.data.version !== definition.version) {
    return fail(`version ${outer.data.version} is not the contract's version ${definition.version}`);
  }

  const payload = (definition.schema as z.ZodType).safeParse(outer.data.payload);
  if (!payload.success) return fail(`invalid payload: ${describeIssues(payload.error)}`);
  return { ok: true, event: { ...outer.data, payload: payload.data as EventPayload<T> } };
};

export interface EnvelopeMeta {
  /** The producing service, e.g. 'content'. */
  source: string;
  /** Defaults to a random UUID; pass a stable id to make a retried publish idempotent. */
  id?: string;
  occurredAt?: string;
  traceparent?: string;
}

/**
 * Wraps a payload for publishing: validates it (a producer bug throws here rather than poisoning
 * consumers) and fills type, version and key from the contract.
 */
export const buildEnvelope = <T extends Topic>(
  topic: T,
  payload: z.input<(typeof eventRegistry)[T]['schema']>,
  meta: EnvelopeMeta,
): EventEnvelope<EventPayload<T>> => {
  const definition = eventRegistry[topic];
  const parsed = (definition.schema as z.ZodType).safeParse(payload);
  if (!parsed.success)
    throw new EventValidationError(topic, `invalid payload: ${describeIssues(parsed.error)}`);
  const value = parsed.data as EventPayload<T>;
  const partitionKey = definition.partitionKey as (payload: EventPayload<T>) => string;
  return {
    id: meta.id ?? globalThis.crypto.randomUUID(),
    type: topic,
    version: definition.version,
    occurredAt: meta.occurredAt ?? new Date().toISOString(),
    source: meta.source,
    ...(meta.traceparent === undefined ? {} : { traceparent: meta.traceparent }),
    key: partitionKey(value),
    payload: value,
  };
};
