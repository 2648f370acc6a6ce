import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  excludeOutbox,
  OUTBOX,
  OutboxWriter,
  type Collection,
  type DocumentStore,
  type Filter,
} from '@pulse/platform';
import type { TechAnalysisRecord } from './tech-analysis.record';

export const TECH_ANALYSES_COLLECTION = 'tech_analyses';

/** Only what readers may see. Every public read goes through this. */
const PUBLISHED_ANALYSIS: Filter = { state: 'published' };
const NEWEST_FIRST = { publishedAt: -1 } as const;

const LIKES_COLLECTION = 'tech_analysis_likes';
const VIEWS_COLLECTION = 'tech_analysis_views';
/** Markers and analyses carry their events until the relay sends them; reads leave them out. */
const MARKER_READ = { projection: excludeOutbox() };
const ANALYSIS_READ = { projection: excludeOutbox() };

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

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    // An analysis carries article.withdrawn when it is taken down, in the same write.
    outbox.register(TECH_ANALYSES_COLLECTION);
    outbox.register(LIKES_COLLECTION);
    outbox.register(VIEWS_COLLECTION);
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
    this.likes = store.collection<EngagementMarker>(LIKES_COLLECTION);
    this.views = store.collection<EngagementMarker>(VIEWS_COLLECTION);
  }

  findById(id: string): Promise<TechAnalysisRecord | null> {
    return this.analyses.findOne({ _id: id }, ANALYSIS_READ);
  }

  findPublished(id: string): Promise<TechAnalysisRecord | null> {
    return this.analyses.findOne({ _id: id, ...PUBLISHED_ANALYSIS }, ANALYSIS_READ);
  }

  findPublishedBySlug(slug: string): Promise<TechAnalysisRecord | null> {
    return this.analyses.findOne({ slug, ...PUBLISHED_ANALYSIS }, ANALYSIS_READ);
  }

  /** Whether the analysis at `slug` was withdrawn (its address answers 410, not 404). */
  async isWithdrawnSlug(slug: string): Promise<boolean> {
    return (await this.analyses.countDocuments({ slug, state: 'withdrawn' })) > 0;
  }

  /** One page of the public list, newest first, with the list's size. */
  async publishedPage(
    scope: Pick<TechAnalysisRecord, 'language'> & {
      technologyCategory?: TechAnalysisRecord['technologyCategory'];
    },
    skip: number,
    limit: number,
  ): Promise<{ total: number; records: TechAnalysisRecord[] }> {
    const filter = { ...PUBLISHED_ANALYSIS, ...scope };
    const [total, records] = await Promise.all([
      this.analyses.countDocuments(filter),
      this.analyses.find(filter, { ...ANALYSIS_READ, sort: NEWEST_FIRST, skip, limit }),
    ]);
    return { total, records };
  }

  /** One page of the admin list in `state` ('all' for every state), last edited first, with its size. */
  async adminPage(
    state: TechAnalysisRecord['state'] | 'all',
    skip: number,
    limit: number,
  ): Promise<{ total: number; records: TechAnalysisRecord[] }> {
    const filter = state === 'all' ? {} : { state };
    const [total, records] = await Promise.all([
      this.analyses.countDocuments(filter),
      this.analyses.find(filter, { ...ANALYSIS_READ, sort: { updatedAt: -1 }, skip, limit }),
    ]);
    return { total, records };
  }

  /** Every published analysis, newest first (the sitemap). */
  allPublished(): Promise<TechAnalysisRecord[]> {
    return this.analyses.find(PUBLISHED_ANALYSIS, { ...ANALYSIS_READ, sort: NEWEST_FIRST });
  }

  /** The next `limit` published analyses after `afterId` in id order (the search index's rebuild). */
  publishedAfter(afterId: string, limit: number): Promise<TechAnalysisRecord[]> {
    return this.analyses.find(
      { ...PUBLISHED_ANALYSIS, _id: { $gt: afterId } },
      { ...ANALYSIS_READ, sort: { _id: 1 }, limit },
    );
  }

  /** The ids of the next `limit` analyses readers cannot see, after `afterId` in id order. */
  async unpublishedIdsAfter(afterId: string, limit: number): Promise<string[]> {
    const records = await this.analyses.find(
      { state: { $ne: 'published' }, _id: { $gt: afterId } },
      { sort: { _id: 1 }, limit, projection: { _id: 1 } },
    );
    return records.map((record) => record._id);
  }

  /** The published analyses among `ids`, newest first. */
  findPublishedByIds(ids: string[]): Promise<TechAnalysisRecord[]> {
    return this.analyses.find(
      { _id: { $in: ids }, ...PUBLISHED_ANALYSIS },
      { ...ANALYSIS_READ, sort: NEWEST_FIRST },
    );
  }

  /** The analyses among `ids`, whatever their state, in id order. */
  findByIds(ids: string[]): Promise<TechAnalysisRecord[]> {
    return this.analyses.find({ _id: { $in: ids } }, { ...ANALYSIS_READ, sort: { _id: 1 } });
  }

  /**
   * Candidates for the related list of `record`, in two bounded reads (newest first, `limit` each), so
   * a busy category cannot crowd out keyword matches: published analyses of its language in its
   * category, then those of other categories sharing a keyword.
   */
  async relatedCandidates(record: TechAnalysisRecord, limit: number): Promise<TechAnalysisRecord[]> {
    const scope = { ...PUBLISHED_ANALYSIS, language: record.language, _id: { $ne: record._id } };
    const options = { ...ANALYSIS_READ, sort: NEWEST_FIRST, limit };
    const [sameCategory, sharingKeywords] = await Promise.all([
      this.analyses.find({ ...scope, technologyCategory: record.technologyCategory }, options),
      record.keywordKeys.length
        ? this.analyses.find(
            {
              ...scope,
              technologyCategory: { $ne: record.technologyCategory },
              keywordKeys: { $in: record.keywordKeys },
            },
            options,
          )
        : Promise.resolve([]),
    ]);
    return [...sameCategory, ...sharingKeywords];
  }

  /** Throws DuplicateKeyError when the id or the slug is taken. */
  insert(record: TechAnalysisRecord): Promise<void> {
    return this.analyses.insertOne(record);
  }

  /**
   * Sets `changes` while the analysis still has the `expected` field values the caller read (its
   * version), so a lost race writes nothing, `events` included. The analysis after the change, or null
   * when it changed meanwhile or is gone. Throws DuplicateKeyError on a taken slug.
   */
  updateIfUnchanged(
    id: string,
    expected: Partial<TechAnalysisRecord>,
    changes: Partial<Omit<TechAnalysisRecord, '_id'>>,
    events: readonly EventEnvelope[] = [],
  ): Promise<TechAnalysisRecord | null> {
    return this.outbox.findOneAndUpdate<TechAnalysisRecord>(
      this.analyses,
      { ...expected, _id: id },
      { $set: changes },
      events,
      { returnDocument: 'after' },
    );
  }

  /** Adds one like to the count; the analysis after it, or null when it is gone. */
  countLike(id: string): Promise<TechAnalysisRecord | null> {
    return this.analyses.findOneAndUpdate(
      { _id: id },
      { $inc: { likesCount: 1 } },
      { ...ANALYSIS_READ, returnDocument: 'after' },
    );
  }

  /** Adds one view to the count; the analysis after it, or null when it is gone. */
  countView(id: string): Promise<TechAnalysisRecord | null> {
    return this.analyses.findOneAndUpdate(
      { _id: id },
      { $inc: { views: 1 } },
      { ...ANALYSIS_READ, returnDocument: 'after' },
    );
  }

  /** Records a reader's like; false when that reader already liked the analysis. */
  /** Whether the reader already liked the analysis (a repeat answers without spending a cap). */
  async hasLikeMarker(analysisId: string, readerKey: string): Promise<boolean> {
    return (await this.likes.findOne({ _id: `${analysisId}:${readerKey}` }, MARKER_READ)) !== null;
  }

  /** Whether the reader's view was counted at or after `windowStart` (a repeat spends no cap). */
  async hasViewMarkerSince(analysisId: string, readerKey: string, windowStart: string): Promise<boolean> {
    const marker = await this.views.findOne({ _id: `${analysisId}:${readerKey}` }, MARKER_READ);
    return marker !== null && marker.at >= windowStart;
  }

  /** Records a reader's like with its events (trending's); false, and no event, when already liked. */
  addLikeMarker(
    analysisId: string,
    readerKey: string,
    at: string,
    events: readonly EventEnvelope[] = [],
  ): Promise<boolean> {
    return this.insertMarker(this.likes, analysisId, readerKey, at, events);
  }

  /**
   * Records a reader's view; true when it counts: the first view, or the first after `windowStart` (the
   * marker's time moves forward then). Both steps are single atomic writes, so concurrent requests from
   * one reader count once; `events` are stored by the write that counts, and by no other.
   */
  async addViewMarker(
    analysisId: string,
    readerKey: string,
    at: string,
    windowStart: string,
    events: readonly EventEnvelope[] = [],
  ): Promise<boolean> {
    if (await this.insertMarker(this.views, analysisId, readerKey, at, events)) return true;
    const { matched } = await this.outbox.updateOne(
      this.views,
      { _id: `${analysisId}:${readerKey}`, at: { $lt: windowStart } },
      { $set: { at } },
      events,
    );
    return matched === 1;
  }

  private async insertMarker(
    markers: Collection<EngagementMarker>,
    analysisId: string,
    readerKey: string,
    at: string,
    events: readonly EventEnvelope[],
  ): Promise<boolean> {
    try {
      await this.outbox.insertOne(markers, { _id: `${analysisId}:${readerKey}`, analysisId, at }, events);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }
}
