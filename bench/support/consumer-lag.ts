import { Kafka, logLevel } from 'kafkajs';

/**
 * Waits until every consumer group whose name starts with `groupPrefix` has read its topics to their end.
 * A site started on the shared local Kafka with fresh groups (BUS_GROUP_PREFIX) first reads each topic's
 * whole history, every earlier test's and benchmark's events: a reading benchmark that started then would
 * measure that catch-up, not the site's reading. Resolves with the seconds it took; rejects after
 * `timeoutMs` with the lag left.
 */
export async function consumersCaughtUp(
  brokers: string[],
  groupPrefix: string,
  timeoutMs = 600_000,
): Promise<number> {
  const kafka = new Kafka({ clientId: 'bench-consumer-lag', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const started = Date.now();
  try {
    for (;;) {
      const lag = await lagOf(admin, groupPrefix);
      if (lag.groups > 0 && lag.total === 0) return (Date.now() - started) / 1000;
      if (Date.now() - started > timeoutMs)
        throw new Error(
          `consumers of ${groupPrefix}* still ${lag.total} events behind after ${timeoutMs} ms`,
        );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  } finally {
    await admin.disconnect();
  }
}

async function lagOf(
  admin: ReturnType<Kafka['admin']>,
  groupPrefix: string,
): Promise<{ groups: number; total: number }> {
  const groups = (await admin.listGroups()).groups
    .map((group) => group.groupId)
    .filter((id) => id.startsWith(groupPrefix));
  let total = 0;
  for (const groupId of groups) {
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId })) {
      const ends = new Map(
        (await admin.fetchTopicOffsets(topic)).map((end) => [end.partition, Number(end.high)]),
      );
      for (const { partition, offset } of partitions) {
        const committed = Number(offset);
        // -1: nothing committed yet, so the whole partition is still to be read.
        total += Math.max(0, (ends.get(partition) ?? 0) - (committed < 0 ? 0 : committed));
      }
    }
  }
  return { groups: groups.length, total };
}
