import { Inject, Injectable, type OnModuleDestroy, type Provider } from '@nestjs/common';
import { OUTBOX, OUTBOX_RELAY } from '../../nest/tokens';
import type { Outbox } from '../create-outbox';
import type { OutboxRelay } from '../outbox.relay';

/**
 * Closes the relay at the start of app.close(): module-destroy hooks run before Nest stops the HTTP
 * server and the bus transport, and long before the runner closes the bus and store the relay uses, so
 * it never publishes through a closing bus. Events written after this stay in their documents and are
 * relayed by the next process (or another replica).
 */
@Injectable()
class OutboxRelayShutdown implements OnModuleDestroy {
  constructor(@Inject(OUTBOX_RELAY) private readonly relay: OutboxRelay) {}

  onModuleDestroy(): Promise<void> {
    return this.relay.close();
  }
}

/** OUTBOX (the writer) and OUTBOX_RELAY, for a service that has both a store and the bus; none otherwise. */
export function outboxProviders(outbox: Outbox | undefined): Provider[] {
  if (!outbox) return [];
  return [
    { provide: OUTBOX, useValue: outbox.writer },
    { provide: OUTBOX_RELAY, useValue: outbox.relay },
    OutboxRelayShutdown,
  ];
}
