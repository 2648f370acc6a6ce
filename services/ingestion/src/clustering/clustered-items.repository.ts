import type { Collection, DocumentStore } from '@pulse/platform';
import {
  CLUSTERED_ITEMS_COLLECTION,
  CLUSTERED_ITEMS_OPTIONS,
  type ClusteredItemDocument,
} from './cluster.documents';

/** One record per canonical URL the clusterer has seen; its unique _id is what claims a URL. */
export class ClusteredItemsRepository {
  private readonly items: Collection<ClusteredItemDocument>;

  constructor(store: DocumentStore) {
    this.items = store.collection<ClusteredItemDocument>(CLUSTERED_ITEMS_COLLECTION, CLUSTERED_ITEMS_OPTIONS);
  }

  findByUrls(canonicalUrls: string[]): Promise<ClusteredItemDocument[]> {
    return this.items.find({ _id: { $in: canonicalUrls } });
  }

  findByUrl(canonicalUrl: string): Promise<ClusteredItemDocument | null> {
    return this.items.findOne({ canonicalUrl });
  }

  /** Throws DuplicateKeyError when the URL is claimed already. */
  insert(record: ClusteredItemDocument): Promise<void> {
    return this.items.insertOne(record);
  }

  /** The story and event are stored, and with them the cluster write before them. */
  async markStoryStored(canonicalUrl: string): Promise<void> {
    await this.items.updateOne({ _id: canonicalUrl }, { $set: { clusterWritten: true, storyWritten: true } });
  }
}
