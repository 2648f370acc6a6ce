import { promisify } from 'node:util';
import type { Consumer } from '@platformatic/kafka';
import type { PlatformaticKafkaLibrary } from './platformatic-kafka.library';

/** The owned partitions a ConsumerGroupHeartbeat carries: by topic id, as the broker knows topics. */
interface OwnedTopicPartitions {
  topicId: string;
  partitions: number[];
}

type AnyConsumer = Consumer<Buffer, Buffer, Buffer, Buffer>;
type ApiCallback = (error: Error | null, api?: unknown) => void;
type GetApi = (name: string, callback: ApiCallback) => void;
type ApiCall = ((...args: unknown[]) => void) & { key?: number; version?: number };

/**
 * Holds back the revocation of a partition whose record is still in hand, under the consumer group
 * protocol (KIP-848).
 *
 * There the broker moves a partition to its new owner only once the old owner's heartbeat no longer lists
 * it among the partitions it owns (or the old owner outlives its rebalance timeout and is fenced).
 * @platformatic/kafka acknowledges a revocation at once: it drops the partition from its assignment and
 * sends its next heartbeat without it, with no callback in between. This sits on the client's heartbeat
 * request (the one request that carries the owned partitions) and adds back the partitions the client
 * gave up while `busy(partition)` says a record of it is still being handled or its offset committed,
 * so the new owner starts after the old one has finished and committed, as kafkajs does by rejoining
 * only after its records in hand.
 *
 * It reaches into the client through its exported `kGetApi` symbol; `install` refuses to start if that
 * is gone, so a library update that changes it fails at the first subscribe, not silently.
 */
export class RevocationHold {
  private readonly held = new Set<number>();
  private reported = new Set<number>();
  private topicId?: string;

  constructor(private readonly busy: (partition: number) => boolean) {}

  install(consumer: AnyConsumer, library: PlatformaticKafkaLibrary): void {
    const symbol = library.kGetApi;
    const target = consumer as unknown as Record<symbol, GetApi | undefined>;
    const original = typeof symbol === 'symbol' ? target[symbol] : undefined;
    if (!original)
      throw new Error(
        '@platformatic/kafka no longer exposes kGetApi: the revocation hold cannot be installed; use KAFKA_CLIENT=kafkajs',
      );
    const getApi = original.bind(consumer);
    target[symbol] = (name, callback) =>
      getApi(name, (error, api) => {
        if (error || name !== 'ConsumerGroupHeartbeat' || typeof api !== 'function')
          return callback(error, api);
        const call = api as ApiCall;
        const wrapped: ApiCall = (...args) => {
          // (connection, groupId, memberId, memberEpoch, …, topicPartitions, callback)
          const owned = args.length - 2;
          args[owned] = this.owned(args[3] as number, args[owned] as OwnedTopicPartitions[] | null);
          call(...args);
        };
        // The client reads the request version (and key) off the API it was handed.
        callback(
          null,
          Object.assign(wrapped, { key: call.key, version: call.version, async: promisify(wrapped) }),
        );
      });
  }

  /**
   * Whether the broker last heard this member own the partition (the client's own or held): its commits for
   * it are still this member's to make, also in the moment between the client letting a partition go and
   * its next heartbeat.
   */
  reportedOwned(partition: number): boolean {
    return this.reported.has(partition);
  }

  /** The partitions one heartbeat reports as owned: the client's, plus the revoked ones still busy. */
  owned(memberEpoch: number, clientOwned: OwnedTopicPartitions[] | null): OwnedTopicPartitions[] | null {
    // Joining (0) or leaving (-1): nothing is held; a fenced member has lost its partitions already.
    if (memberEpoch <= 0 || clientOwned === null) {
      this.held.clear();
      this.reported.clear();
      return clientOwned;
    }
    const now = new Set<number>();
    for (const entry of clientOwned) {
      this.topicId ??= entry.topicId;
      // One topic per consumer group (see README.md); any other topic id is left as the client has it.
      if (entry.topicId === this.topicId) for (const partition of entry.partitions) now.add(partition);
    }
    for (const partition of this.reported)
      if (!now.has(partition) && this.busy(partition)) this.held.add(partition);
    for (const partition of this.held)
      if (now.has(partition) || !this.busy(partition)) this.held.delete(partition);
    this.reported = now;
    if (this.held.size === 0 || this.topicId === undefined) return clientOwned;
    const topicId = this.topicId;
    const partitions = [...now, ...this.held].sort((a, b) => a - b);
    this.reported = new Set(partitions);
    return [...clientOwned.filter((entry) => entry.topicId !== topicId), { topicId, partitions }];
  }
}
