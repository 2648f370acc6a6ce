import type { Admin } from 'kafkajs';
import type { GaugeReading } from '../../observability/metrics';

/**
 * How far `group` is behind on `topic`: per partition, the log end offset minus the group's committed
 * offset (a partition the group has never committed counts from its earliest offset). Read through the
 * admin client when metrics are collected, so it is right even while the group is idle or stuck — the
 * value Kubernetes scales consumers on (docs/observability.md).
 */
export async function kafkaConsumerLag(admin: Admin, group: string, topic: string): Promise<GaugeReading[]> {
  const [ends, [committed]] = await Promise.all([
    admin.fetchTopicOffsets(topic),
    admin.fetchOffsets({ groupId: group, topics: [topic] }),
  ]);
  const committedBy = new Map(committed?.partitions.map((entry) => [entry.partition, Number(entry.offset)]));
  return ends.map((end) => {
    const own = committedBy.get(end.partition) ?? -1;
    const from = own >= 0 ? own : Number(end.low);
    return {
      value: Math.max(0, Number(end.high) - from),
      attributes: {
        'messaging.consumer.group.name': group,
        'messaging.destination.name': topic,
        'messaging.destination.partition.id': String(end.partition),
      },
    };
  });
}
