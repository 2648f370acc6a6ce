import { describeEventBusContract, kafkaTestBrokers, requireKafka } from '@pulse/testing';
import { PlatformaticKafkaEventBus } from './platformatic-kafka.bus';
import { consumerGroupWatch } from '@pulse/testing';
import { describeSlowHandler } from '../../../testing/bus/slow-handler.scenario';
import { describeTopicPartitions } from '../../../testing/bus/topic-partitions.scenario';

// Kafka from infra/local (PULSE_TEST_KAFKA_BROKERS); the suite fails, naming the variable, if it is not up.
beforeAll(() => requireKafka(), 30_000);

const testBus = () =>
  new PlatformaticKafkaEventBus({
    brokers: kafkaTestBrokers(),
    clientId: 'pulse-bus-contract-platformatic',
    backoff: { initialMs: 10, maxMs: 50 },
    // Short timings so members join and rebalance quickly in tests.
    consumer: { sessionTimeoutMs: 10_000, heartbeatIntervalMs: 500, rebalanceTimeoutMs: 10_000 },
  });

describeEventBusContract('kafka (@platformatic/kafka)', testBus, { waitMs: 20_000 });

describeSlowHandler(
  '@platformatic/kafka',
  (consumer, partitions) =>
    new PlatformaticKafkaEventBus({
      brokers: kafkaTestBrokers(),
      clientId: 'pulse-bus-slow-handler-platformatic',
      consumer,
      partitions,
    }),
  consumerGroupWatch,
);

describeTopicPartitions(
  '@platformatic/kafka',
  () =>
    new PlatformaticKafkaEventBus({
      brokers: kafkaTestBrokers(),
      clientId: 'pulse-bus-partitions-platformatic',
    }),
);
