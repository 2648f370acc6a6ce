import { describeEventBusContract, kafkaTestBrokers, requireKafka } from '@pulse/testing';
import { KafkaEventBus } from './kafka.bus';
import { classicGroupWatch } from '@pulse/testing';
import { describeSlowHandler } from '../../../testing/bus/slow-handler.scenario';
import { describeTopicPartitions } from '../../../testing/bus/topic-partitions.scenario';

// Kafka from infra/local (PULSE_TEST_KAFKA_BROKERS); the suite fails, naming the variable, if it is not up.
beforeAll(() => requireKafka(), 30_000);

const testBus = () =>
  new KafkaEventBus({
    brokers: kafkaTestBrokers(),
    clientId: 'pulse-bus-contract',
    backoff: { initialMs: 10, maxMs: 50 },
    // Short timings so members join and rebalance quickly in tests.
    consumer: { sessionTimeoutMs: 10_000, heartbeatIntervalMs: 500, rebalanceTimeoutMs: 10_000 },
  });

describeEventBusContract('kafka (kafkajs)', testBus, { waitMs: 20_000 });

describeSlowHandler(
  'kafkajs',
  (consumer, partitions) =>
    new KafkaEventBus({
      brokers: kafkaTestBrokers(),
      clientId: 'pulse-bus-slow-handler',
      consumer,
      partitions,
    }),
  classicGroupWatch,
);

describeTopicPartitions(
  'kafkajs',
  () => new KafkaEventBus({ brokers: kafkaTestBrokers(), clientId: 'pulse-bus-partitions' }),
);
