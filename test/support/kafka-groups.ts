import type { EventEnvelope } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import type { Admin, Consumer } from 'kafkajs';

/** A topic created moments ago may still be electing its partition leaders: ask again until it answers. */
const LEADER_ELECTION_DEADLINE_MS = 30_000;

/**
 * Starts each topic's consumer group where the topic ends now, so a service under test on the shared
 * local stack reads this run's events only, not earlier runs'.
 */
export async function startGroupsAtTopicEnds(
  admin: Admin,
  topics: readonly string[],
  groupIdOf: (topic: string) => string,
): Promise<void> {
  for (const topic of topics) {
    await eventually(
      async () => {
        const ends = await admin.fetchTopicOffsets(topic);
        await admin.setOffsets({
          groupId: groupIdOf(topic),
          topic,
          partitions: ends.map((end) => ({ partition: end.partition, offset: end.high })),
        });
      },
      { timeoutMs: LEADER_ELECTION_DEADLINE_MS, intervalMs: 200 },
    );
  }
}

/**
 * Connects the test's own consumer group `groupId` to `topic` from now on and hands each envelope to
 * `onEnvelope`; resolves once the consumer has joined its group, so nothing published afterwards is missed.
 *
 * The group's offsets are committed at the topic's end first: a group with no committed offset asks the
 * broker for "latest" whenever it (re)joins, and a loaded machine that stalls the heartbeat past the
 * session timeout makes it rejoin, skipping whatever was published in between. With committed offsets a
 * rejoin resumes where the group stood.
 */
export async function observeFromNow<P>(
  admin: Admin,
  consumer: Consumer,
  groupId: string,
  topic: string,
  onEnvelope: (envelope: EventEnvelope<P>) => void,
): Promise<void> {
  await startGroupsAtTopicEnds(admin, [topic], () => groupId);
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: false });
  const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
  await consumer.run({
    eachMessage: async ({ message }) => {
      onEnvelope(JSON.parse(message.value?.toString('utf8') ?? '{}') as EventEnvelope<P>);
    },
  });
  await joined;
}
