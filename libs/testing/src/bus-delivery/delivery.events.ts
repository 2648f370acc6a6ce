import type { EventEnvelope } from '@pulse/contracts';
import { createEnvelope } from '@pulse/platform/bus';

export interface DeliveryPayload {
  seq: number;
  poison?: true;
}

export const POISON_MESSAGE = 'poison: this event can never be applied';

/**
 * `count` good events over 50 keys, and one poison event early in the stream on a key that has many
 * events after it, so those prove its partition kept flowing.
 */
export function deliveryEvents(count: number): {
  good: EventEnvelope<DeliveryPayload>[];
  poison: EventEnvelope<DeliveryPayload>;
  all: EventEnvelope<DeliveryPayload>[];
} {
  const make = (seq: number, payload: DeliveryPayload) =>
    createEnvelope({
      type: 'delivery.tested',
      version: 1,
      source: 'delivery-test',
      key: `article-${seq % 50}`,
      payload,
    });
  const good = Array.from({ length: count }, (_, seq) => make(seq, { seq }));
  const poison = make(107, { seq: -1, poison: true });
  const all = [...good.slice(0, 120), poison, ...good.slice(120)];
  return { good, poison, all };
}
