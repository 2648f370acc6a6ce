import { z } from 'zod';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Event bus port. Embedded mode runs in process; every other mode (and several processes) needs Kafka. */
export const busConfigSchema = z
  .object({
    BUS_DRIVER: z
      .enum(['in-process', 'kafka'])
      .default('in-process')
      .describe('Event bus: `in-process` (one process, durable on disk with BUS_DATA_DIR) or `kafka`.'),
    BUS_DATA_DIR: z
      .string()
      .optional()
      .describe(
        "Folder of the in-process bus's log, committed offsets and processed-id record (with Kafka, of the processed-id record). Unset: kept in memory and lost on restart. Services default it to <PULSE_DATA_DIR>/bus.",
      ),
    BUS_PARTITIONS: int(1, 1000)
      .optional()
      .describe(
        'Partitions of each topic the bus creates (existing topics keep theirs; growing them is in docs/scaling.md). On Kafka they bound how many pods of one group share the work. Unset: 12 on Kafka, 3 in process.',
      ),
    BUS_MAX_ATTEMPTS: int(1, 100)
      .default(5)
      .describe('Attempts of a failing handler before the event goes to `<topic>.dlt`.'),
    BUS_RETRY_BACKOFF_MS: int(0, 600_000)
      .default(500)
      .describe('Wait before the second attempt; doubles on each further attempt.'),
    BUS_RETRY_BACKOFF_MAX_MS: int(0, 3_600_000)
      .default(30_000)
      .describe('Longest wait between two attempts.'),
    BUS_FSYNC: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true')
      .describe(
        'In-process bus: fsync each publish, so acknowledged events survive a power cut and not only a crash (slower publishes).',
      ),
    BUS_RETENTION_HOURS: int(1, 87_600)
      .default(168)
      .describe(
        'In-process bus: records every consumer group has committed are dropped from memory and disk once this old. A group subscribing for the first time starts at the oldest record kept.',
      ),
    BUS_RETENTION_MAX_MB: int(1, 10_000_000)
      .default(512)
      .describe(
        'In-process bus: size of the log (all topics; it is also held in memory) above which committed records are dropped sooner, oldest first. Records a group has not committed are kept regardless, up to BUS_RETENTION_HARD_CAP_HOURS.',
      ),
    BUS_RETENTION_HARD_CAP_HOURS: int(0, 876_000)
      .default(720)
      .describe(
        'In-process bus: records this old are dropped even if a consumer group has not committed them (that group resumes at the oldest record kept, with a warning), so a group that is gone for good cannot keep the log forever. 0: never.',
      ),
    KAFKA_BROKERS: z
      .string()
      .optional()
      .transform((value) =>
        value
          ?.split(',')
          .map((broker) => broker.trim())
          .filter(Boolean),
      )
      .describe(
        'Comma-separated Kafka bootstrap brokers, e.g. kafka-0:9092,kafka-1:9092. Required when BUS_DRIVER=kafka.',
      ),
    KAFKA_CLIENT: z
      .enum(['kafkajs', 'platformatic'])
      .default('platformatic')
      .describe(
        "Kafka client library when BUS_DRIVER=kafka: `platformatic` (default; @platformatic/kafka, maintained; the consumer group protocol, so Kafka 4.0 or later, refused at start otherwise; session and heartbeat are the broker's `group.consumer.*`) or `kafkajs` (unmaintained since 2023; the classic protocol, any Kafka 2.1 or later; for an older broker). Both finish the event in hand before its partition moves; same topics, groups, headers and partitioning, so it can change between deploys. See libs/platform/src/bus/README.md.",
      ),
    KAFKA_CLIENT_ID: z.string().optional().describe('Kafka client id. Default: pulse-<service name>.'),
    BUS_GROUP_PREFIX: z
      .string()
      .regex(/^[a-zA-Z0-9._-]{0,100}$/, 'letters, digits, . _ - only')
      .default('')
      .describe(
        'Prefix of every consumer group name, so several deployments (or test runs) sharing one Kafka each get every event. Default: none (groups are the service names).',
      ),
    KAFKA_REPLICATION_FACTOR: int(1, 100)
      .optional()
      .describe("Replicas of topics the bus creates. Default: the broker's default.replication.factor."),
    KAFKA_SESSION_TIMEOUT_MS: int(6_000, 300_000)
      .default(30_000)
      .describe(
        'A consumer not heard from for this long is presumed dead and its partitions reassigned. Heartbeats continue during slow handlers, so this only needs to detect dead processes. KAFKA_CLIENT=kafkajs only: with platformatic the broker sets it (`group.consumer.session.timeout.ms`, 45 s by default).',
      ),
    KAFKA_HEARTBEAT_INTERVAL_MS: int(100, 100_000)
      .default(3_000)
      .describe(
        'Consumer heartbeat period, also while a handler runs. At most a third of KAFKA_SESSION_TIMEOUT_MS. KAFKA_CLIENT=kafkajs only: with platformatic the broker sets it (`group.consumer.heartbeat.interval.ms`, 5 s by default).',
      ),
    KAFKA_REBALANCE_TIMEOUT_MS: int(6_000, 1_800_000)
      .default(120_000)
      .describe(
        'How long a rebalance waits for busy members to finish their current event (with platformatic: how long a member may hold a partition taken from it); longer than the slowest handler (an LLM call) with its retries.',
      ),
  })
  .superRefine((config, ctx) => {
    if (config.BUS_DRIVER === 'kafka' && !config.KAFKA_BROKERS?.length) {
      ctx.addIssue({ code: 'custom', path: ['KAFKA_BROKERS'], message: 'is required when BUS_DRIVER=kafka' });
    }
    if (config.KAFKA_HEARTBEAT_INTERVAL_MS * 3 > config.KAFKA_SESSION_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['KAFKA_HEARTBEAT_INTERVAL_MS'],
        message: 'must be at most a third of KAFKA_SESSION_TIMEOUT_MS',
      });
    }
    if (
      config.BUS_RETENTION_HARD_CAP_HOURS > 0 &&
      config.BUS_RETENTION_HARD_CAP_HOURS < config.BUS_RETENTION_HOURS
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['BUS_RETENTION_HARD_CAP_HOURS'],
        message: 'must be 0 (never) or at least BUS_RETENTION_HOURS',
      });
    }
    if (config.BUS_RETRY_BACKOFF_MAX_MS < config.BUS_RETRY_BACKOFF_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['BUS_RETRY_BACKOFF_MAX_MS'],
        message: 'must be at least BUS_RETRY_BACKOFF_MS',
      });
    }
  });

export type BusConfig = z.output<typeof busConfigSchema>;
