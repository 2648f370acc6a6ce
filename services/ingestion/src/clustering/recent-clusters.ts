import { MAX_MEMBERS, type ClusterDocument, type ClusterMember } from './cluster.documents';
import type { ClustersRepository } from './clusters.repository';

/** What the candidate lookup needs of a cluster. */
export type ClusterCandidate = Pick<ClusterDocument, '_id' | 'members' | 'firstSeenAt' | 'lastSeenAt'>;

interface Entry {
  cluster: ClusterCandidate;
  bands: Set<string>;
  lastSeenMs: number;
}

/** How often the index asks the store for clusters other replicas wrote. */
const CATCH_UP_EVERY_MS = 5_000;
/**
 * How far before the last catch-up the next one reads again: replicas' clocks differ a little, and a
 * write stamped before a catch-up may land after it.
 */
const CATCH_UP_OVERLAP_MS = 60_000;

/**
 * The clusters active lately, indexed by LSH band key in this process's memory, so an item's candidate
 * clusters are found without a query. The store answers `{ bands: { $in } }` by reading every cluster
 * on the MongoDB-compatible test server (it uses no index for it), which made that query most of an
 * item's cost as clusters accumulated.
 *
 * Loaded once from the store (clusters seen since `horizon`), then kept current by this process's own
 * cluster writes at once (the clusterer's concurrent source runs share this index) and by other
 * replicas' writes within CATCH_UP_EVERY_MS: an indexed read of the clusters written since the last
 * catch-up (`writtenAt`). An item of a story another replica clustered in those few seconds opens a
 * second cluster, a second article rather than a lost one, the same cost the clusterer already accepts
 * for two URLs of a story at one instant. Items older than the loaded horizon allows fall back to the
 * store query (`covers`).
 */
export class RecentClusters {
  private readonly entries = new Map<string, Entry>();
  private readonly byBand = new Map<string, Set<string>>();
  private horizonMs = Infinity;
  private loading?: Promise<void>;
  private catchingUp?: Promise<void>;
  private caughtUpMs = -Infinity;
  private writesSinceEviction = 0;

  constructor(
    private readonly clusters: ClustersRepository,
    /** How far back a candidate may be from its item (the story rule's window). */
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /**
   * Loads the clusters of the last two windows once (later calls wait for that load), then catches up
   * on other replicas' writes at most every CATCH_UP_EVERY_MS.
   */
  async ready(): Promise<void> {
    this.loading ??= (async () => {
      const startedMs = this.now();
      const horizonMs = startedMs - 2 * this.windowMs;
      const loaded = await this.clusters.seenSince(new Date(horizonMs));
      for (const cluster of loaded) this.put(cluster, cluster.bands ?? []);
      this.horizonMs = horizonMs;
      this.caughtUpMs = startedMs;
    })().catch((error: unknown) => {
      this.loading = undefined; // the next item tries again
      throw error;
    });
    await this.loading;
    await this.catchUp();
  }

  private catchUp(): Promise<void> {
    const startedMs = this.now();
    if (this.catchingUp || startedMs - this.caughtUpMs < CATCH_UP_EVERY_MS)
      return this.catchingUp ?? Promise.resolve();
    const since = new Date(this.caughtUpMs - CATCH_UP_OVERLAP_MS).toISOString();
    this.catchingUp = this.clusters
      .writtenSince(since)
      .then((written) => {
        for (const cluster of written) this.merge(cluster, cluster.bands ?? []);
        this.caughtUpMs = startedMs;
      })
      .finally(() => (this.catchingUp = undefined));
    return this.catchingUp;
  }

  /** A cluster as read from the store, joined with what this process may have written since the read. */
  private merge(cluster: ClusterCandidate, bands: string[]): void {
    const current = this.entries.get(cluster._id)?.cluster;
    if (!current) return this.put(cluster, bands);
    const known = new Set(cluster.members.map((member) => member.canonicalUrl));
    const members = [...cluster.members, ...current.members.filter((m) => !known.has(m.canonicalUrl))]
      .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt))
      .slice(-MAX_MEMBERS);
    const times = [cluster.firstSeenAt, cluster.lastSeenAt, current.firstSeenAt, current.lastSeenAt].sort();
    this.put({ _id: cluster._id, members, firstSeenAt: times[0], lastSeenAt: times.at(-1)! }, bands);
  }

  /** Whether every cluster an item of this time could join is in memory. */
  covers(atMs: number): boolean {
    return atMs - this.windowMs >= this.horizonMs;
  }

  /** Clusters sharing a band with the item and active within the window around atMs, newest first. */
  candidates(bands: string[], atMs: number, limit: number): ClusterCandidate[] {
    const ids = new Set<string>();
    for (const band of bands) for (const id of this.byBand.get(band) ?? []) ids.add(id);
    return [...ids]
      .map((id) => this.entries.get(id)!)
      .filter(
        (entry) =>
          entry.lastSeenMs >= atMs - this.windowMs &&
          Date.parse(entry.cluster.firstSeenAt) <= atMs + this.windowMs,
      )
      .sort((a, b) => b.lastSeenMs - a.lastSeenMs || a.cluster._id.localeCompare(b.cluster._id))
      .slice(0, limit)
      .map((entry) => entry.cluster);
  }

  /** The same change the clusterer just wrote to the store: the member joined, the times widened. */
  noteWrite(clusterId: string, member: ClusterMember, bands: string[]): void {
    const current = this.entries.get(clusterId);
    const members = [...(current?.cluster.members ?? []), member].slice(-MAX_MEMBERS);
    const firstSeenAt = [current?.cluster.firstSeenAt, member.publishedAt].filter(Boolean).sort()[0]!;
    const lastSeenAt = [current?.cluster.lastSeenAt, member.publishedAt].filter(Boolean).sort().at(-1)!;
    this.put({ _id: clusterId, members, firstSeenAt, lastSeenAt }, bands);
    if (++this.writesSinceEviction >= 1_000) this.evict();
  }

  private put(cluster: ClusterCandidate, bands: string[]): void {
    const entry = this.entries.get(cluster._id) ?? { cluster, bands: new Set<string>(), lastSeenMs: 0 };
    entry.cluster = cluster;
    entry.lastSeenMs = Date.parse(cluster.lastSeenAt);
    for (const band of bands) {
      entry.bands.add(band);
      let ids = this.byBand.get(band);
      if (!ids) this.byBand.set(band, (ids = new Set()));
      ids.add(cluster._id);
    }
    this.entries.set(cluster._id, entry);
  }

  /** Forgets clusters older than two windows; items that old go to the store again. */
  private evict(): void {
    this.writesSinceEviction = 0;
    const horizonMs = this.now() - 2 * this.windowMs;
    for (const [id, entry] of this.entries) {
      if (entry.lastSeenMs >= horizonMs) continue;
      for (const band of entry.bands) {
        const ids = this.byBand.get(band);
        ids?.delete(id);
        if (ids?.size === 0) this.byBand.delete(band);
      }
      this.entries.delete(id);
    }
    this.horizonMs = Math.max(this.horizonMs, horizonMs);
  }
}
