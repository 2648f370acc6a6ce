import { randomUUID } from 'node:crypto';
import { kafkaTestBrokers } from '@pulse/testing';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import type { EventBus } from '../../src/bus/bus.port';
import { KAFKA_DEFAULT_PARTITIONS } from '../../src/bus/core/consumer-settings';

/**
 * The partition count of the topics a Kafka bus creates bounds how many pods of a group share the work:
 * run against each Kafka client's adapter, made without a `partitions` option, and read from the broker.
 */
export function describeTopicPartitions(client: string, makeBus: () => EventBus): void {
  describe(`kafka bus [${client}]: topics it creates`, () => {
    let admin: Admin;
    let bus: EventBus;

    beforeAll(async () => {
      admin = new Kafka({
        brokers: kafkaTestBrokers(),
        clientId: 'pulse-bus-spec-admin',
        logLevel: logLevel.NOTHING,
      }).admin();
      await admin.connect();
      bus = makeBus();
    });
    afterAll(async () => {
      await bus?.close();
      await admin?.disconnect();
    });

    it(`have ${KAFKA_DEFAULT_PARTITIONS} partitions`, async () => {
      const topic = `partitions.${randomUUID().slice(0, 8)}`;
      const subscription = await bus.subscribe({
        topic,
        group: `partitions-${topic}`,
        handler: async () => {},
      });
      try {
        const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
        expect(topics.map((t) => [t.name, t.partitions.length])).toEqual([[topic, KAFKA_DEFAULT_PARTITIONS]]);
      } finally {
        await subscription.close();
      }
    });
  });
}
