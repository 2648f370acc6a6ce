import type { Admin } from '@platformatic/kafka';

/** As long as the kafkajs adapter waits: a loaded KRaft broker can take seconds to list a new topic. */
export const METADATA_SETTLE_MS = 30_000;
const SETTLE_POLL_MS = 100;

type MetadataAdmin = Pick<Admin, 'metadata'>;

/** This client wraps a broker's error codes (`apiId`) in MultipleErrors, possibly several levels deep. */
export function hasProtocolError(error: unknown, apiId: string): boolean {
  if (!error || typeof error !== 'object') return false;
  if ((error as { apiId?: unknown }).apiId === apiId) return true;
  const nested = (error as { errors?: unknown }).errors;
  return Array.isArray(nested) && nested.some((inner) => hasProtocolError(inner, apiId));
}

/**
 * The client turns the broker's UNKNOWN_TOPIC_OR_PARTITION on a metadata request into its own
 * `UserError('Unknown topic <name>.')`, dropping the broker's code: the message is all that is left.
 */
function isUnknownTopic(error: unknown): boolean {
  if (hasProtocolError(error, 'UNKNOWN_TOPIC_OR_PARTITION')) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'PLT_KFK_USER' && typeof message === 'string' && message.startsWith('Unknown topic ');
}

/**
 * A KRaft broker answers "unknown topic" or "no leader" for a moment after creating a topic: not yet.
 * Two replicas starting together see it most: one creates the topic, the other is told it already exists
 * and asks for its metadata before the brokers have it.
 */
export async function waitForLeaders(
  admin: MetadataAdmin,
  topic: string,
  settleMs = METADATA_SETTLE_MS,
): Promise<void> {
  const deadline = Date.now() + settleMs;
  for (;;) {
    try {
      const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
      const partitions = metadata.topics.get(topic)?.partitions ?? [];
      if (partitions.length > 0 && partitions.every((partition) => partition?.leader >= 0)) return;
    } catch (error) {
      const settling = isUnknownTopic(error) || hasProtocolError(error, 'LEADER_NOT_AVAILABLE');
      if (!settling || Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline)
      throw new Error(`topic '${topic}' has no leader for every partition after ${settleMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}
