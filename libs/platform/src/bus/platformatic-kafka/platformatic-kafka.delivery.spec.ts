import path from 'node:path';
import { describeBusDelivery, kafkaTestBrokers, requireKafka } from '@pulse/testing';
import { PlatformaticKafkaEventBus } from './platformatic-kafka.bus';

// Kafka from infra/local (PULSE_TEST_KAFKA_BROKERS); the suite fails, naming the variable, if it is not up.
beforeAll(() => requireKafka(), 30_000);

describeBusDelivery('bus delivery [kafka, @platformatic/kafka]: 10,000 events, consumer SIGKILLed twice', {
  makeBus: () =>
    new PlatformaticKafkaEventBus({
      brokers: kafkaTestBrokers(),
      clientId: 'pulse-delivery-test-platformatic',
    }),
  childEnv: (workDir) => ({
    BUS_DRIVER: 'kafka',
    KAFKA_CLIENT: 'platformatic',
    KAFKA_BROKERS: kafkaTestBrokers().join(','),
    KAFKA_CLIENT_ID: 'pulse-delivery-consumer-platformatic',
    BUS_DATA_DIR: path.join(workDir, 'bus'),
    // The broker's minimum session: a killed member is evicted quickly, so its restart rejoins quickly.
    KAFKA_SESSION_TIMEOUT_MS: '6000',
    KAFKA_HEARTBEAT_INTERVAL_MS: '1000',
    KAFKA_REBALANCE_TIMEOUT_MS: '10000',
  }),
  timeoutMs: 150_000,
});
