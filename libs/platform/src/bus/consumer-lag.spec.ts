import { randomUUID } from 'node:crypto';
import { Admin as PlatformaticAdmin } from '@platformatic/kafka';
import { kafkaTestBrokers, requireKafka } from '@pulse/testing';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import type { GaugeReading } from '../observability/metrics';
import { kafkaConsumerLag } from './kafkajs/kafka-consumer-lag';
import { platformaticConsumerLag } from './platformatic-kafka/platformatic-kafka-consumer-lag';

// Kafka from infra/local (PULSE_TEST_KAFKA_BROKERS); the suite fails, naming the variable, if it is not up.
beforeAll(() => requireKafka(), 30_000);

/**
 * Both clients' lag readers on one topic (the `pulse.consumer.lag` gauge, docs/observability.md): 4, 3 and
 * 2 events on three partitions; the group committed 3 on partition 0 and never on the others, so its lag
 * is 1, 3 and 2.
 */
describe('consumer lag, kafkajs and @platformatic/kafka', () => {
  const topic = `lag-${randomUUID().slice(0, 8)}`;
  const group = `lag-group-${randomUUID().slice(0, 8)}`;
  let kafka: Kafka;
  let admin: Admin;
  let platformatic: PlatformaticAdmin;

  beforeAll(async () => {
    kafka = new Kafka({ clientId: 'lag-spec', brokers: kafkaTestBrokers(), logLevel: logLevel.NOTHING });
    admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
    const producer = kafka.producer();
    await producer.connect();
    const counts = [4, 3, 2];
    await producer.send({
      topic,
      messages: counts.flatMap((count, partition) =>
        Array.from({ length: count }, (_, index) => ({ partition, value: `${partition}-${index}` })),
      ),
    });
    await producer.disconnect();
    await admin.setOffsets({ groupId: group, topic, partitions: [{ partition: 0, offset: '3' }] });
    platformatic = new PlatformaticAdmin({
      clientId: 'lag-spec-platformatic',
      bootstrapBrokers: kafkaTestBrokers(),
    });
  }, 60_000);

  afterAll(async () => {
    await platformatic?.close();
    await admin?.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin?.disconnect();
  });

  const byPartition = (readings: GaugeReading[]) =>
    Object.fromEntries(
      readings.map((reading) => [
        String(reading.attributes?.['messaging.destination.partition.id']),
        reading.value,
      ]),
    );

  it('kafkajs reads 1, 3 and 2', async () => {
    expect(byPartition(await kafkaConsumerLag(admin, group, topic))).toEqual({ '0': 1, '1': 3, '2': 2 });
  });

  it('@platformatic/kafka reads the same, with the same attributes', async () => {
    const readings = await platformaticConsumerLag(platformatic, group, topic);
    expect(byPartition(readings)).toEqual({ '0': 1, '1': 3, '2': 2 });
    expect(readings[0].attributes).toMatchObject({
      'messaging.consumer.group.name': group,
      'messaging.destination.name': topic,
    });
  });
});
