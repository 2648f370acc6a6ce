import type { CollectionOptions } from '@pulse/platform';

/** A story: every source's item that clustering judged the same story. One Korean article each. */
export interface ClusterDocument {
  _id: string;
  canonicalUrls: string[];
  /**
   * Union of the LSH band keys of every member, so a new item finds the cluster when it resembles
   * any member, not only the first.
   */
  bands: string[];
  /** Title and lead of the first item (what the cluster is shown and translated as). */
  title: string;
  lead: string;
  /** Earliest and latest member publication times (ISO), for the recency window. */
  firstSeenAt: string;
  lastSeenAt: string;
  sources: ClusterSource[];
  /** The last MAX_MEMBERS members' title and lead: what `isSameStory` compares a new item with. */
  members: ClusterMember[];
  /**
   * When a member was last written (the writer's clock, ISO): other replicas' recent-cluster indexes
   * catch up on it (recent-clusters.ts). Absent on clusters last written before it existed.
   */
  writtenAt?: string;
}

export interface ClusterSource {
  sourceId: string;
  sourceName: string;
  canonicalUrl: string;
}

export interface ClusterMember {
  canonicalUrl: string;
  title: string;
  lead: string;
  publishedAt: string;
}

/**
 * One canonical URL seen, and the cluster it went to. Written before the cluster is updated: its
 * unique index is what makes concurrent `assign` calls for one URL safe (one insert wins, the others
 * get DuplicateKeyError and report 'duplicate'). It carries everything the cluster update needs, so
 * whoever finds it with `clusterWritten: false` (after a crash, or while the winner is still writing)
 * can finish that update; the update is idempotent (conditional on the URL not being in the cluster).
 * `storyWritten` does the same for the caller's next write, the story and its event: a run cut short
 * between the two (the store went away) leaves it false, and the next run writes the story instead of
 * counting the URL as a duplicate, so the item is not lost. Both flags are set together once the story
 * is stored (one update per item); until then a duplicate repeats the cluster write, which is a no-op.
 */
export interface ClusteredItemDocument {
  /** The canonical URL itself (unique by construction, like the index below). */
  _id: string;
  canonicalUrl: string;
  clusterId: string;
  outcome: 'new' | 'joined';
  sourceId: string;
  sourceName: string;
  title: string;
  lead: string;
  publishedAt: string;
  bands: string[];
  clusterWritten: boolean;
  /** False until the story and its event are stored; absent on records older than the flag (written). */
  storyWritten?: boolean;
}

/** Members kept per cluster for comparison; wire stories rarely have more distinct wordings. */
export const MAX_MEMBERS = 20;

export const CLUSTERS_COLLECTION = 'clusters';
export const CLUSTERED_ITEMS_COLLECTION = 'clustered_items';

export const CLUSTERS_OPTIONS: CollectionOptions = {
  indexes: [
    // Candidate lookup: `{ bands: { $in: <the item's band keys> }, lastSeenAt: { $gte: <window start> } }`.
    // Multikey on bands; lastSeenAt second narrows to recent clusters within each band key.
    { key: { bands: 1, lastSeenAt: -1 }, name: 'bands_1_lastSeenAt_-1' },
    // The catch-up of each replica's recent clusters: `{ writtenAt: { $gte: <last catch-up> } }`.
    { key: { writtenAt: 1 }, name: 'writtenAt_1' },
  ],
};

export const CLUSTERED_ITEMS_OPTIONS: CollectionOptions = {
  indexes: [
    // Exact dedup: `findOne({ canonicalUrl })`, and the claim that makes concurrent inserts of one URL
    // fail with DuplicateKeyError instead of both going through.
    { key: { canonicalUrl: 1 }, unique: true, name: 'canonicalUrl_1' },
    // "Which URLs are in this cluster", for the article's source list and for audits.
    { key: { clusterId: 1 }, name: 'clusterId_1' },
  ],
};
