import { eventEnvelopeSchema, type EventEnvelope } from '@pulse/contracts';

/**
 * Envelope metadata repeated as record headers, so brokers' tools, DLT readers and tracing
 * instrumentation can route and correlate without parsing the value. `traceparent` keeps its W3C name,
 * which is what OpenTelemetry's propagators look for.
 */
export function envelopeHeaders(envelope: EventEnvelope): Record<string, string> {
  const headers: Record<string, string> = {
    'pulse-id': envelope.id,
    'pulse-type': envelope.type,
    'pulse-version': String(envelope.version),
    'pulse-source': envelope.source,
    'pulse-occurred-at': envelope.occurredAt,
  };
  if (envelope.traceparent) headers.traceparent = envelope.traceparent;
  return headers;
}

/** Publishing checks envelopes first, so a malformed event is the producer's error, not a DLT entry later. */
export function validateForPublish(
  topic: string,
  events: EventEnvelope | readonly EventEnvelope[],
): EventEnvelope[] {
  const list = (Array.isArray(events) ? events : [events]) as EventEnvelope[];
  list.forEach((event, index) => {
    const result = eventEnvelopeSchema.safeParse(event);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new Error(
        `publish to '${topic}': event ${index} is not a valid envelope: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
      );
    }
  });
  return list;
}
