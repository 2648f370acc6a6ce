import { Kafka, logLevel } from 'kafkajs';

/** Best effort: a benchmark run's topics (and their .dlt) off the shared local broker. */
export async function deleteTopics(brokers: string[], prefix: string): Promise<void> {
  const admin = new Kafka({ clientId: 'pulse-bench-cleanup', brokers, logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } catch {
    // Left behind: harmless, named by run.
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}
