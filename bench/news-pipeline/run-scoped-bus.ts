import type { EventEnvelope } from '@pulse/contracts';
import type { EventBus, HealthResult, SubscribeOptions, Subscription } from '@pulse/platform';

/**
 * Isolates one bench run on a shared Kafka: every topic and consumer group gets the run's prefix, so the
 * services read only this run's events (a new group starts at a topic's earliest record, which on the
 * shared `article.collected` would replay every earlier test and run) and never rebalance with a
 * `translation` group of another process. Service code sees the usual topic names.
 */
export class RunScopedBus implements EventBus {
  readonly adapterName: string;

  constructor(
    private readonly inner: EventBus,
    private readonly prefix: string,
  ) {
    this.adapterName = inner.adapterName;
  }

  publish(topic: string, events: EventEnvelope | readonly EventEnvelope[]): Promise<void> {
    return this.inner.publish(this.prefix + topic, events);
  }

  subscribe<P = unknown>(options: SubscribeOptions<P>): Promise<Subscription> {
    return this.inner.subscribe({
      ...options,
      topic: this.prefix + options.topic,
      group: this.prefix + options.group,
    });
  }

  check(): Promise<HealthResult> {
    return this.inner.check();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
