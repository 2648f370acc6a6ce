import type { Connection, Consumer } from '@platformatic/kafka';
import type { PlatformaticKafkaLibrary } from './platformatic-kafka.library';

type AnyConsumer = Consumer<Buffer, Buffer, Buffer, Buffer>;

const POLL_MS = 200;

/**
 * Waits until the broker has handed this member every partition it means it to have (the member's
 * assignment equals its target assignment, as ConsumerGroupDescribe tells), or until `timeoutMs`.
 *
 * Under the consumer group protocol a member is in the group after its first heartbeat, but receives a
 * partition only once its previous owner has given it up, a heartbeat or two later (and later still when
 * that owner holds it for a record in hand). kafkajs's subscribe resolves when the join round is over,
 * with the partitions in hand; waiting here keeps that meaning, so a caller that subscribes two members and
 * then publishes sees both consume. True when reconciled, false when the time ran out.
 */
export async function waitUntilReconciled(
  consumer: AnyConsumer,
  library: PlatformaticKafkaLibrary,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!signal.aborted && Date.now() < deadline) {
    if (await reconciled(consumer, library).catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}

async function reconciled(consumer: AnyConsumer, library: PlatformaticKafkaLibrary): Promise<boolean> {
  const memberId = consumer.memberId;
  const coordinatorId = consumer.coordinatorId;
  if (!memberId || coordinatorId === null || !consumer.isActive()) return false;
  const metadata = await consumer.metadata({ topics: [] });
  const broker = metadata.brokers.get(coordinatorId);
  if (!broker) return false;
  const connection = await new Promise<Connection>((resolve, reject) =>
    consumer[library.kGetConnection](broker, (error, value) =>
      value ? resolve(value) : reject(error ?? new Error('no connection to the group coordinator')),
    ),
  );
  const { groups } = await library.consumerGroupDescribeV0.api.async(connection, [consumer.groupId], false);
  const group = groups[0];
  const member = group?.members.find((candidate) => candidate.memberId === memberId);
  // 'Assigning': the broker's assignor has not yet computed the targets for the group's latest members.
  if (!member || group.groupState === 'Assigning') return false;
  return samePartitions(member.assignment.topicPartitions, member.targetAssignment.topicPartitions);
}

function samePartitions(
  a: ReadonlyArray<{ topicId: string; partitions: number[] }>,
  b: ReadonlyArray<{ topicId: string; partitions: number[] }>,
): boolean {
  const flat = (list: typeof a) =>
    list
      .flatMap((entry) => entry.partitions.map((partition) => `${entry.topicId}:${partition}`))
      .sort()
      .join(',');
  return flat(a) === flat(b);
}
