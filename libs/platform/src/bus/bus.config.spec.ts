import { describeConfigSchema, loadConfig } from '../config';
import { busConfigSchema } from './bus.config';
import { createEventBus } from './bus.factory';
import { InProcessEventBus } from './embedded/in-process.bus';
import { KafkaEventBus } from './kafkajs/kafka.bus';
import { PlatformaticKafkaEventBus } from './platformatic-kafka/platformatic-kafka.bus';
import { assertSupportedNode } from './platformatic-kafka/platformatic-kafka.library';

const silent = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};

describe('bus configuration', () => {
  it('defaults to the in-process driver', () => {
    expect(busConfigSchema.parse({})).toMatchObject({
      BUS_DRIVER: 'in-process',
      BUS_MAX_ATTEMPTS: 5,
      BUS_RETRY_BACKOFF_MS: 500,
      BUS_FSYNC: false,
      BUS_RETENTION_HOURS: 168,
      BUS_RETENTION_MAX_MB: 512,
      BUS_RETENTION_HARD_CAP_HOURS: 720,
    });
  });

  it('refuses a retention hard cap shorter than the retention period, unless it is off', () => {
    const short = busConfigSchema.safeParse({
      BUS_RETENTION_HOURS: '48',
      BUS_RETENTION_HARD_CAP_HOURS: '24',
    });
    expect(short.error?.issues[0].path).toEqual(['BUS_RETENTION_HARD_CAP_HOURS']);
    expect(busConfigSchema.safeParse({ BUS_RETENTION_HARD_CAP_HOURS: '0' }).success).toBe(true);
  });

  it('names KAFKA_BROKERS when the kafka driver has none', () => {
    expect(() => loadConfig({ bus: busConfigSchema }, { BUS_DRIVER: 'kafka' })).toThrow(
      'Invalid configuration: KAFKA_BROKERS — is required when BUS_DRIVER=kafka',
    );
  });

  it('names the variable that is out of range', () => {
    const result = busConfigSchema.safeParse({ BUS_MAX_ATTEMPTS: '0' });
    expect(result.error?.issues[0].path).toEqual(['BUS_MAX_ATTEMPTS']);
    const heartbeat = busConfigSchema.safeParse({
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      KAFKA_HEARTBEAT_INTERVAL_MS: '3000',
    });
    expect(heartbeat.error?.issues[0].path).toEqual(['KAFKA_HEARTBEAT_INTERVAL_MS']);
  });

  it('splits the broker list', () => {
    const config = busConfigSchema.parse({
      BUS_DRIVER: 'kafka',
      KAFKA_BROKERS: 'kafka-0:9092, kafka-1:9092,',
    });
    expect(config.KAFKA_BROKERS).toEqual(['kafka-0:9092', 'kafka-1:9092']);
  });

  it('describes every variable for the README table', () => {
    const variables = describeConfigSchema(busConfigSchema);
    expect(variables.map((v) => v.name)).toContain('KAFKA_BROKERS');
    for (const variable of variables)
      expect([variable.name, variable.description]).toEqual([variable.name, expect.stringMatching(/\w/)]);
  });

  it('builds the adapter the driver names', async () => {
    const inProcess = createEventBus(busConfigSchema.parse({}), { logger: silent, serviceName: 'test' });
    expect(inProcess).toBeInstanceOf(InProcessEventBus);
    await inProcess.close();
    // Which client by default is the next test's.
    const kafka = createEventBus(
      busConfigSchema.parse({ BUS_DRIVER: 'kafka', KAFKA_BROKERS: '127.0.0.1:1', KAFKA_CLIENT: 'kafkajs' }),
      { logger: silent, serviceName: 'test' },
    );
    expect(kafka).toBeInstanceOf(KafkaEventBus);
    await kafka.close();
  });

  it('picks the Kafka client KAFKA_CLIENT names, @platformatic/kafka unless told otherwise', async () => {
    expect(busConfigSchema.parse({}).KAFKA_CLIENT).toBe('platformatic');
    expect(busConfigSchema.safeParse({ KAFKA_CLIENT: 'librdkafka' }).error?.issues[0].path).toEqual([
      'KAFKA_CLIENT',
    ]);
    const kafkajs = createEventBus(
      busConfigSchema.parse({ BUS_DRIVER: 'kafka', KAFKA_BROKERS: '127.0.0.1:1', KAFKA_CLIENT: 'kafkajs' }),
      { logger: silent, serviceName: 'test' },
    );
    expect(kafkajs).toBeInstanceOf(KafkaEventBus);
    await kafkajs.close();
    // No KAFKA_CLIENT: the default builds the @platformatic/kafka adapter.
    const build = () =>
      createEventBus(busConfigSchema.parse({ BUS_DRIVER: 'kafka', KAFKA_BROKERS: '127.0.0.1:1' }), {
        logger: silent,
        serviceName: 'test',
      });
    // Built without connecting (the library is loaded on first use); refused at once on Node < 22.
    if (Number(process.versions.node.split('.')[0]) < 22) {
      expect(build).toThrow(/Node 22 or later/);
      return;
    }
    const platformatic = build();
    expect(platformatic).toBeInstanceOf(PlatformaticKafkaEventBus);
    await platformatic.close();
  });

  it('refuses @platformatic/kafka on a Node older than it supports, naming the way out', () => {
    expect(() => assertSupportedNode('20.20.2')).toThrow(/Node 22 or later.*KAFKA_CLIENT=kafkajs/);
    expect(() => assertSupportedNode('22.22.0')).not.toThrow();
    expect(() => assertSupportedNode('24.21.0')).not.toThrow();
  });
});
