import type { BusLogger, EventBus } from '../bus';
import type { DocumentStore } from '../store';
import { OutboxRelay, type OutboxRelayOptions } from './outbox.relay';
import { OutboxWriter } from './outbox.writer';

export interface Outbox {
  /** Injected as OUTBOX: what repositories write with. */
  writer: OutboxWriter;
  /** Injected as OUTBOX_RELAY; started and closed by createServiceApp, checked by /readyz. */
  relay: OutboxRelay;
}

/** The writer and relay of one service process, over the service's own store and the bus. */
export function createOutbox(options: {
  serviceName: string;
  store: DocumentStore;
  bus: EventBus;
  logger?: Pick<BusLogger, 'error' | 'info'>;
  tuning?: Pick<OutboxRelayOptions, 'intervalMs' | 'backoff' | 'batchSize'>;
}): Outbox {
  const relay = new OutboxRelay({
    store: options.store,
    bus: options.bus,
    logger: options.logger,
    ...options.tuning,
  });
  return { writer: new OutboxWriter(options.serviceName, relay), relay };
}
