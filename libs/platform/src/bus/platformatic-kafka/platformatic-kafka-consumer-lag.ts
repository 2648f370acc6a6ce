import type { Admin } from '@platformatic/kafka';
import type { GaugeReading } from '../../observability/metrics';

/** Kafka's ListOffsets timestamps for a partition's log end and its earliest kept offset. */
const LATEST = -1n;
const EARLIEST = -2n;

/**
 * kafka-consumer-lag.ts for the @platformatic/kafka client: per partition, the log end offset minus the
 * group's committed offset (from the earliest kept offset when the group never committed), read through
 * the admin client when metrics are collected (docs/observability.md).
 */
export async function platformaticConsumerLag(
  admin: Admin,
  group: string,
  topic: string,
): Promise<GaugeReading[]> {
  const metadata = await admin.metadata({ topics: [topic] });
  const partitions = [...(metadata.topics.get(topic)?.partitions.keys() ?? [])];
  if (partitions.length === 0) return [];
  const at = (timestamp: bigint) =>
    admin.listOffsets({
      topics: [
        { name: topic, partitions: partitions.map((partitionIndex) => ({ partitionIndex, timestamp })) },
      ],
    });
  const [ends, earliest, [committed]] = await Promise.all([
    at(LATEST),
    at(EARLIEST),
    admin.listConsumerGroupOffsets({
      groups: [{ groupId: group, topics: [{ name: topic, partitionIndexes: partitions }] }],
    }),
  ]);
  const offsetsOf = (listed: typeof ends) =>
    new Map(
      listed.find((entry) => entry.name === topic)?.partitions.map((p) => [p.partitionIndex, p.offset]),
    );
  const endOf = offsetsOf(ends);
  const earliestOf = offsetsOf(earliest);
  const committedOf = new Map(
    committed?.topics
      .find((entry) => entry.name === topic)
      ?.partitions.map((p) => [p.partitionIndex, p.committedOffset]),
  );
  return partitions.map((partition) => {
    const own = committedOf.get(partition) ?? -1n;
    const from = own >= 0n ? own : (earliestOf.get(partition) ?? 0n);
    const end = endOf.get(partition) ?? from;
    return {
      value: Math.max(0, Number(end - from)),
      attributes: {
        'messaging.consumer.group.name': group,
        'messaging.destination.name': topic,
        'messaging.destination.partition.id': String(partition),
      },
    };
  });
}
