import { Kafka, logLevel } from 'kafkajs';

/** Brokers the Kafka specs use: PULSE_TEST_KAFKA_BROKERS, or the one infra/local/pulse-local starts. */
export function kafkaTestBrokers(): string[] {
  return (process.env.PULSE_TEST_KAFKA_BROKERS || '127.0.0.1:19092')
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
}

/**
 * Fails (never skips) when Kafka is not there: a contract that silently did not run is worse than a red
 * test. The message says which variable was read and how to start the broker.
 */
export async function requireKafka(brokers: string[] = kafkaTestBrokers()): Promise<void> {
  const admin = new Kafka({
    clientId: 'pulse-test-probe',
    brokers,
    connectionTimeout: 2_000,
    requestTimeout: 5_000,
    retry: { retries: 2, initialRetryTime: 200 },
    logLevel: logLevel.NOTHING,
  }).admin();
  try {
    await admin.connect();
    await admin.describeCluster();
  } catch (error) {
    throw new Error(
      `Kafka is not reachable at ${brokers.join(',')} (PULSE_TEST_KAFKA_BROKERS; default 127.0.0.1:19092). ` +
        `Start it with: infra/local/pulse-local up — cause: ${(error as Error).message}`,
    );
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}
