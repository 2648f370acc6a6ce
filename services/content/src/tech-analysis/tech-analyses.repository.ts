import { Inject, Injectable } from '@nestjs/common';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  type Collection,
  type DocumentStore,
  type Filter,
  type SortSpec,
  type UpdateSpec,
} from '@pulse/platform';
import type { TechAnalysisRecord } from './tech-analysis.record';

export const TECH_ANALYSES_COLLECTION = 'tech_analyses';

/** Only what readers may see. Every public read goes through this. */
export const PUBLISHED_ANALYSIS: Filter = { state: 'published' };

/** One reader's like or view of one analysis: the marker that makes it count once. */
interface EngagementMarker {
  /** `${analysisId}:${readerKey}`, so the unique _id is the once-only rule. */
  _id: string;
  analysisId: string;
  at: string;
}

/** Storage of tech analyses and their per-reader like and view markers; the rules are in the services. */
@Injectable()
export class TechAnalysesRepository {
  private readonly analyses: Collection<TechAnalysisRecord>;
  private readonly likes: Collection<EngagementMarker>;
  private readonly views: Collection<EngagementMarker>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.analyses = store.collection<TechAnalysisRecord>(TECH_ANALYSES_COLLECTION, {
      indexes: [
        // GET /api/tech-analysis/{slug}; two analyses never share a URL.
        { key: { slug: 1 }, unique: true },
        // The list, newest first, all categories or one.
        { key: { state: 1, language: 1, publishedAt: -1 } },
        { key: { state: 1, language: 1, technologyCategory: 1, publishedAt: -1 } },
        // Related analyses by shared SEO keywords.
        { key: { keywordKeys: 1 } },
        // The admin list, last edited first.
        { key: { state: 1, updatedAt: -1 } },
      ],
    });
    this.likes = store.collection<EngagementMarker>('tech_analysis_likes');
    this.views = store.collection<EngagementMarker>('tech_analysis_views');
  }

  findById(id: string): Promise<TechAnalysisRecord | null> {
    return this.analyses.findOne({ _id: id });
  }

  findOne(filter: Filter): Promise<TechAnalysisRecord | null> {
    return this.analyses.findOne(filter);
  }

  find(
    filter: Filter,
    options: { sort: SortSpec; skip?: number; limit?: number },
  ): Promise<TechAnalysisRecord[]> {
    return this.analyses.find(filter, options);
  }

  count(filter: Filter): Promise<number> {
    return this.analyses.countDocuments(filter);
  }

  /** Throws DuplicateKeyError when the id or the slug is taken. */
  insert(record: TechAnalysisRecord): Promise<void> {
    return this.analyses.insertOne(record);
  }

  /** The analysis after the change, or null when `filter` matched nothing. Throws DuplicateKeyError on a taken slug. */
  update(filter: Filter & { _id: string }, update: UpdateSpec): Promise<TechAnalysisRecord | null> {
    return this.analyses.findOneAndUpdate(filter, update, { returnDocument: 'after' });
  }

  /** Records a reader's like; false when that reader already liked the analysis. */
  /** Whether the reader already liked the analysis (a repeat answers without spending a cap). */
  async hasLikeMarker(analysisId: string, readerKey: string): Promise<boolean> {
    return (await this.likes.findOne({ _id: `${analysisId}:${readerKey}` })) !== null;
  }

  /** Whether the reader's view was counted at or after `windowStart` (a repeat spends no cap). */
  async hasViewMarkerSince(analysisId: string, readerKey: string, windowStart: string): Promise<boolean> {
    const marker = await this.views.findOne({ _id: `${analysisId}:${readerKey}` });
    return marker !== null && marker.at >= windowStart;
  }

  addLikeMarker(analysisId: string, readerKey: string, at: string): Promise<boolean> {
    return insertMarker(this.likes, analysisId, readerKey, at);
  }

  /**
   * Records a reader's view; true when it counts: the first view, or the first after `windowStart` (the
   * marker's time moves forward then). Both steps are single atomic writes, so concurrent requests from
   * one reader count once.
   */
  async addViewMarker(
    analysisId: string,
    readerKey: string,
    at: string,
    windowStart: string,
  ): Promise<boolean> {
    if (await insertMarker(this.views, analysisId, readerKey, at)) return true;
    const { matched } = await this.views.updateOne(
      { _id: `${analysisId}:${readerKey}`, at: { $lt: windowStart } },
      { $set: { at } },
    );
    return matched === 1;
  }
}

async function insertMarker(
  markers: Collection<EngagementMarker>,
  analysisId: string,
  readerKey: string,
  at: string,
): Promise<boolean> {
  try {
    await markers.insertOne({ _id: `${analysisId}:${readerKey}`, analysisId, at });
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}
