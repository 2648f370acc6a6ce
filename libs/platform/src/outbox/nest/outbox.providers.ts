import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { OUTBOX, OUTBOX_RELAY } from '../../nest/tokens';
import type { Outbox } from '../create-outbox';
import type { OutboxRelay } from '../outbox.relay';

/**
 * Stops the relay at the end of app.close() and publishes what is still pending: shutdown hooks run after
 * Nest has drained the HTTP server (in-flight requests finished) and closed the bus transport (the
 * current event finished or handed back), and before the runner closes the bus and store the relay uses.
 * So the events the last requests and handlers stored leave with this process (README.md
 * 'Graceful shutdown'); what a failed or timed-out flush leaves stays in its documents for the next relay.
 */
@Injectable()
class OutboxRelayShutdown implements OnApplicationShutdown {
  constructor(@Inject(OUTBOX_RELAY) private readonly relay: OutboxRelay) {}

  async onApplicationShutdown(): Promise<void> {
    await this.relay.close();
    await this.relay.flush();
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
