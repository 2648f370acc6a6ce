import type { EventEnvelope } from '@pulse/contracts';
import type { HealthResult } from '../lifecycle';
import type { EventBus, SubscribeOptions, Subscription } from './bus.port';

/**
 * Puts BUS_GROUP_PREFIX in front of every consumer group. Topics stay shared; each prefixed deployment
 * (a staging copy on the production cluster, a test run on the local Kafka) consumes every event in its
 * own groups instead of taking a share of another deployment's.
 */
export class GroupPrefixedBus implements EventBus {
  constructor(
    private readonly bus: EventBus,
    private readonly prefix: string,
  ) {}

  get adapterName(): string {
    return this.bus.adapterName;
  }

  publish(topic: string, events: EventEnvelope | readonly EventEnvelope[]): Promise<void> {
    return this.bus.publish(topic, events);
  }

  subscribe<P = unknown>(options: SubscribeOptions<P>): Promise<Subscription> {
    return this.bus.subscribe({ ...options, group: `${this.prefix}${options.group}` });
  }

  check(): Promise<HealthResult> {
    return this.bus.check();
  }

  close(): Promise<void> {
    return this.bus.close();
  }
}
