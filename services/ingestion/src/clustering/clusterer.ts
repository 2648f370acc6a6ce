import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, systemClock, type Clock, type DocumentStore } from '@pulse/platform';
import type { CanonicalItem, ClusterDecision } from '../pipeline/pipeline.types';
import type { ClusterDocument, ClusteredItemDocument } from './cluster.documents';
import { ClusteredItemsRepository } from './clustered-items.repository';
import { ClustersRepository } from './clusters.repository';
import { RecentClusters, type ClusterCandidate } from './recent-clusters';
import { leadOf, signatureOf, type StorySignature } from './story-signature';
import { isSameStory, similarity, STORY_RULE } from './story-similarity';

export interface ClustererOptions {
  /** Stands in for an item's missing publication time and bounds the recent clusters; tests set it. */
  clock?: Pick<Clock, 'now'>;
  /** Most candidate clusters compared per item (newest first); LSH keeps the real number far lower. */
  maxCandidates?: number;
}

const HOUR_MS = 3_600_000;

/** lookupSeen's answer: each URL asked about with its record, or null when none was recorded then. */
export type SeenRecords = ReadonlyMap<string, ClusteredItemDocument | null>;

/**
 * Exact dedup and story clustering over the document store (no transactions needed):
 *
 * 1. A canonical URL already recorded → 'duplicate' of its cluster.
 * 2. Otherwise clusters sharing an LSH band with the item and active within the time window are
 *    taken from the recent clusters in memory (RecentClusters; from the store for an item older than
 *    those); the best one with a member `isSameStory` says is the same story → 'joined'.
 * 3. Otherwise a new cluster → 'new'.
 *
 * The item record is inserted (claiming its URL under the unique index) before the cluster is touched,
 * so of concurrent calls for one URL exactly one proceeds; no read-then-write decides uniqueness.
 * Two different URLs of one story arriving at the same instant may still open two clusters: the
 * candidate read cannot see a cluster not yet written. Ingestion runs sources one after another within
 * a run, so this is rare, and it costs a second article rather than a lost one.
 */
export class Clusterer {
  private readonly clusters: ClustersRepository;
  private readonly items: ClusteredItemsRepository;
  private readonly clock: Pick<Clock, 'now'>;
  private readonly maxCandidates: number;
  private readonly recent: RecentClusters;

  constructor(store: DocumentStore, options: ClustererOptions = {}) {
    this.clusters = new ClustersRepository(store);
    this.items = new ClusteredItemsRepository(store);
    this.clock = options.clock ?? systemClock;
    this.maxCandidates = options.maxCandidates ?? 50;
    this.recent = new RecentClusters(this.clusters, STORY_RULE.maxHoursApart * HOUR_MS, () =>
      this.clock.now(),
    );
  }

  /** The records of these URLs in one read (a feed's items), for assign. */
  async lookupSeen(canonicalUrls: string[]): Promise<SeenRecords> {
    const found = await this.items.findByUrls(canonicalUrls);
    const byUrl = new Map<string, ClusteredItemDocument | null>(canonicalUrls.map((url) => [url, null]));
    for (const record of found) byUrl.set(record.canonicalUrl, record);
    return byUrl;
  }

  /**
   * `seen`: a lookupSeen that asked about this URL, which saves the item its own read. It may be stale:
   * a URL recorded since then fails the insert below and is answered as the duplicate it is, and a
   * story confirmed since then is written again, idempotently.
   */
  async assign(item: CanonicalItem, seen?: SeenRecords): Promise<ClusterDecision> {
    const prior = seen?.has(item.canonicalUrl)
      ? seen.get(item.canonicalUrl)
      : await this.items.findByUrl(item.canonicalUrl);
    if (prior) return this.duplicateOf(prior);

    const signature = signatureOf(item);
    const publishedAt = this.publishedAtOf(item);
    const match = await this.findSameStory(signature, publishedAt);
    const record: ClusteredItemDocument = {
      _id: item.canonicalUrl,
      canonicalUrl: item.canonicalUrl,
      clusterId: match ?? randomUUID(),
      outcome: match ? 'joined' : 'new',
      sourceId: item.sourceId,
      sourceName: item.sourceName,
      title: item.title,
      lead: leadOf(item),
      publishedAt,
      bands: signature.bands,
      clusterWritten: false,
      storyWritten: false,
    };
    try {
      await this.items.insert(record);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      // Another call claimed this URL between our read and our insert.
      const winner = await this.items.findByUrl(item.canonicalUrl);
      if (!winner) throw error;
      return this.duplicateOf(winner);
    }
    await this.writeCluster(record);
    return { outcome: record.outcome, clusterId: record.clusterId };
  }

  /** The cluster document, e.g. for the article's list of original sources. */
  cluster(clusterId: string): Promise<ClusterDocument | null> {
    return this.clusters.findById(clusterId);
  }

  /**
   * Confirms that the story and event for this URL are stored (see ClusteredItemDocument.storyWritten),
   * and with them the cluster write before them (clusterWritten), in one update.
   */
  async storyStored(canonicalUrl: string): Promise<void> {
    await this.items.markStoryStored(canonicalUrl);
  }

  private async duplicateOf(seen: ClusteredItemDocument): Promise<ClusterDecision> {
    // Finish a cluster update that a crashed (or still running) first caller has not confirmed.
    if (!seen.clusterWritten) await this.writeCluster(seen);
    // The first caller has not confirmed its story (a run cut short, or one still writing): say so, and
    // the caller writes it again; the story writes are idempotent (a story kept, a source added once).
    if (seen.storyWritten === false)
      return { outcome: 'duplicate', clusterId: seen.clusterId, unconfirmed: seen.outcome };
    return { outcome: 'duplicate', clusterId: seen.clusterId };
  }

  private async findSameStory(signature: StorySignature, publishedAt: string): Promise<string | null> {
    if (signature.bands.length === 0) return null;
    const at = Date.parse(publishedAt);
    const windowMs = STORY_RULE.maxHoursApart * HOUR_MS;
    await this.recent.ready();
    const candidates: Array<Pick<ClusterCandidate, '_id' | 'members'>> = this.recent.covers(at)
      ? this.recent.candidates(signature.bands, at, this.maxCandidates)
      : await this.clusters.candidates(signature.bands, at, windowMs, this.maxCandidates);
    let best: { clusterId: string; score: number } | null = null;
    for (const cluster of candidates) {
      // Single link over the kept members: a story's wordings drift, and the newest may be closest.
      for (const member of cluster.members) {
        const other = signatureOf({
          title: member.title,
          summary: member.lead,
          publishedAt: member.publishedAt,
        });
        if (!isSameStory(signature, other)) continue;
        const score = similarity(signature, other).score;
        if (!best || score > best.score) best = { clusterId: cluster._id, score };
      }
    }
    return best?.clusterId ?? null;
  }

  /**
   * Idempotent upsert of the item into its cluster. The record is marked done (clusterWritten) with its
   * story, by storyStored: one update for both.
   */
  private async writeCluster(record: ClusteredItemDocument): Promise<void> {
    const member = {
      canonicalUrl: record.canonicalUrl,
      title: record.title,
      lead: record.lead,
      publishedAt: record.publishedAt,
    };
    const writtenAt = new Date(this.clock.now()).toISOString();
    if (!(await this.clusters.addMember(record, member, writtenAt))) return; // already in the cluster
    this.recent.noteWrite(record.clusterId, member, record.bands);
  }

  private publishedAtOf(item: CanonicalItem): string {
    const time = item.publishedAt ? Date.parse(item.publishedAt) : NaN;
    return new Date(Number.isFinite(time) ? time : this.clock.now()).toISOString();
  }
}
