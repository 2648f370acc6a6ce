import { DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import {
  CLUSTERS_COLLECTION,
  CLUSTERS_OPTIONS,
  MAX_MEMBERS,
  type ClusterDocument,
  type ClusterMember,
  type ClusteredItemDocument,
} from './cluster.documents';
import type { ClusterCandidate } from './recent-clusters';

/** The story clusters: the candidate reads of the clusterer and its idempotent member writes. */
export class ClustersRepository {
  private readonly clusters: Collection<ClusterDocument>;

  constructor(store: DocumentStore) {
    this.clusters = store.collection<ClusterDocument>(CLUSTERS_COLLECTION, CLUSTERS_OPTIONS);
  }

  findById(clusterId: string): Promise<ClusterDocument | null> {
    return this.clusters.findOne({ _id: clusterId });
  }

  /** Clusters seen since `since`, with their band keys, for the in-memory index. */
  seenSince(since: Date): Promise<Array<ClusterCandidate & { bands?: string[] }>> {
    return this.clusters.find<ClusterCandidate & { bands?: string[] }>(
      { lastSeenAt: { $gte: since } },
      { projection: { members: 1, bands: 1, firstSeenAt: 1, lastSeenAt: 1 } },
    );
  }

  /** Clusters any replica wrote a member into since `since` (ISO), with their band keys. */
  writtenSince(since: string): Promise<Array<ClusterCandidate & { bands?: string[] }>> {
    return this.clusters.find<ClusterCandidate & { bands?: string[] }>(
      { writtenAt: { $gte: since } },
      { projection: { members: 1, bands: 1, firstSeenAt: 1, lastSeenAt: 1 } },
    );
  }

  /** Clusters sharing a band and active within `windowMs` around `atMs`, newest first. */
  candidates(
    bands: string[],
    atMs: number,
    windowMs: number,
    limit: number,
  ): Promise<Array<Pick<ClusterCandidate, '_id' | 'members'>>> {
    return this.clusters.find(
      {
        bands: { $in: bands },
        lastSeenAt: { $gte: new Date(atMs - windowMs) },
        firstSeenAt: { $lte: new Date(atMs + windowMs) },
      },
      { sort: { lastSeenAt: -1 }, limit, projection: { members: 1 } },
    );
  }

  /**
   * Upserts the item into its cluster; false when its URL is already there. Conditional on the URL not
   * being in the cluster yet, so a repeat (a duplicate finishing the write of a first caller that has
   * not confirmed it) changes nothing, not even members: then the filter matches nothing and the
   * upsert's insert meets the existing _id.
   */
  async addMember(record: ClusteredItemDocument, member: ClusterMember, writtenAt: string): Promise<boolean> {
    try {
      await this.clusters.updateOne(
        { _id: record.clusterId, canonicalUrls: { $ne: record.canonicalUrl } },
        {
          $setOnInsert: { title: record.title, lead: record.lead },
          $min: { firstSeenAt: record.publishedAt },
          $max: { lastSeenAt: record.publishedAt, writtenAt },
          $addToSet: {
            canonicalUrls: record.canonicalUrl,
            sources: {
              sourceId: record.sourceId,
              sourceName: record.sourceName,
              canonicalUrl: record.canonicalUrl,
            },
            bands: { $each: record.bands },
          },
          $push: { members: { $each: [member], $slice: -MAX_MEMBERS } },
        },
        { upsert: true },
      );
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      return false;
    }
  }
}
