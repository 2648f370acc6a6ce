import { Inject, Injectable } from '@nestjs/common';
import type { ArticleEngagedPayload } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  insertNew,
  type Collection,
  type DocumentStore,
} from '@pulse/platform';
import type { EngagementRecord, LikeDiscountRecord } from './engagement.record';

const COLLECTION = 'engagements';
const APPLIES = 'engagement_applies';
const LIKE_DISCOUNTS = 'like_discounts';
const DAY_MS = 86_400_000;

/** A batch apply that finished: its markers' counters and windows were all written. */
interface FinishedApply {
  _id: string;
  /** When it finished, for the purge. */
  at: string;
}

/** The natural key of an engagement: the same reader doing the same thing at the same instant. */
export const engagementKey = (event: ArticleEngagedPayload): string =>
  [
    event.articleId,
    event.kind,
    event.sessionKey,
    event.occurredAt,
    event.kind === 'share' ? event.platform : '',
  ]
    .join('|')
    .replace(/\|+$/, '');

/** One reader session's like of one article: what an unlike by the same session takes back. */
export const likeKey = (event: Pick<ArticleEngagedPayload, 'articleId' | 'sessionKey'>): string =>
  `${event.articleId}|${event.sessionKey}`;

/** Apply-once markers for engagement events, kept in the store so they outlive a restart. */
@Injectable()
export class EngagementRepository {
  private readonly records: Collection<EngagementRecord>;
  private readonly applies: Collection<FinishedApply>;
  private readonly likeDiscounts: Collection<LikeDiscountRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.records = store.collection<EngagementRecord>(COLLECTION, {
      // Window rebuild after a restart (views since an hour ago) and the retention purge.
      indexes: [{ key: { kind: 1, at: 1 } }, { key: { at: 1 } }],
    });
    this.applies = store.collection<FinishedApply>(APPLIES, { indexes: [{ key: { at: 1 } }] });
    this.likeDiscounts = store.collection<LikeDiscountRecord>(LIKE_DISCOUNTS, {
      indexes: [{ key: { at: 1 } }],
    });
  }

  /**
   * Claims the engagements of a batch apply: inserts their markers, each naming the apply, and returns
   * the keys that went in and the markers that were there already (with the apply that claimed them).
   * Usually none were: then it is one bulk insert. The first duplicate stops the ordered insert; the
   * markers behind it are then looked up in one read and only the missing ones inserted, so a replay of
   * old events costs a few round trips, not one per event.
   */
  async claim(
    events: ArticleEngagedPayload[],
    batch: string,
  ): Promise<{ claimed: Set<string>; existing: Array<Pick<EngagementRecord, '_id' | 'batch'>> }> {
    const docs = events.map((event): EngagementRecord => ({
      _id: engagementKey(event),
      articleId: event.articleId,
      kind: event.kind,
      at: event.occurredAt,
      batch,
      ...(event.kind === 'view' && event.networkHash ? { networkHash: event.networkHash } : {}),
      ...(event.kind === 'view' && event.sessionIssuedAt ? { sessionIssuedAt: event.sessionIssuedAt } : {}),
    }));
    if (docs.length === 0) return { claimed: new Set(), existing: [] };
    try {
      await this.records.insertMany(docs);
      return { claimed: new Set(docs.map((doc) => doc._id)), existing: [] };
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const claimed = new Set(docs.slice(0, error.inserted).map((doc) => doc._id));
      const rest = docs.slice(error.inserted);
      const existing = await this.records.find<Pick<EngagementRecord, '_id' | 'batch'>>(
        { _id: { $in: rest.map((doc) => doc._id) } },
        { projection: { _id: 1, batch: 1 } },
      );
      const taken = new Set(existing.map((marker) => marker._id));
      // insertNew: a marker inserted meanwhile by another apply is its claim, not ours.
      for (const key of await insertNew(
        this.records,
        rest.filter((doc) => !taken.has(doc._id)),
      ))
        claimed.add(key);
      return { claimed, existing };
    }
  }

  /** Moves markers a dead apply left pending over to this one; returns the keys now this apply's. */
  async reclaim(keys: string[], from: string, to: string): Promise<string[]> {
    await this.records.updateMany({ _id: { $in: keys }, batch: from }, { $set: { batch: to } });
    const claimed = await this.records.find({ _id: { $in: keys }, batch: to }, { projection: { _id: 1 } });
    return claimed.map((record) => record._id);
  }

  /** Markers of a dead apply whose counters went in: plain markers again, with nothing to apply. */
  async release(keys: string[], from: string): Promise<void> {
    await this.records.updateMany({ _id: { $in: keys }, batch: from }, { $unset: { batch: '' } });
  }

  /**
   * The batch apply is done: one small insert instead of rewriting its markers, which keep its id and
   * are read as finished through this record.
   */
  async finish(batch: string, at: string): Promise<void> {
    await this.applies.insertOne({ _id: batch, at });
  }

  /** Which of these applies finished. */
  async finished(batches: string[]): Promise<Set<string>> {
    if (batches.length === 0) return new Set();
    const found = await this.applies.find({ _id: { $in: batches } }, { projection: { _id: 1 } });
    return new Set(found.map((apply) => apply._id));
  }

  viewsSince(since: string): Promise<EngagementRecord[]> {
    return this.records.find({ kind: 'view', at: { $gte: since } }, { sort: { at: 1 } });
  }

  /** The discounts remembered for these likes (likeKey); likes the filter did not discount have none. */
  async likeDiscountsOf(keys: string[]): Promise<Map<string, LikeDiscountRecord>> {
    if (keys.length === 0) return new Map();
    const found = await this.likeDiscounts.find({ _id: { $in: keys } });
    return new Map(found.map((record) => [record._id, record]));
  }

  /** Forgets the discounts of these likes, then remembers these: a like's discount replaces an older one. */
  async replaceLikeDiscounts(forget: string[], remember: LikeDiscountRecord[]): Promise<void> {
    const stale = [...forget, ...remember.map((record) => record._id)];
    if (stale.length > 0) await this.likeDiscounts.deleteMany({ _id: { $in: stale } });
    if (remember.length > 0) await this.likeDiscounts.insertMany(remember);
  }

  async purgeBefore(before: string): Promise<number> {
    const { deleted } = await this.records.deleteMany({ at: { $lt: before } });
    // A like that old is of an article past the scored age and every period list: its unlike may as well
    // take nothing back.
    await this.likeDiscounts.deleteMany({ at: { $lt: before } });
    // A day later than the markers (dated by their event, which may run ahead of the clock a little),
    // so a kept marker never points at a purged apply.
    const appliesBefore = new Date(Date.parse(before) - DAY_MS).toISOString();
    await this.applies.deleteMany({ at: { $lt: appliesBefore } });
    return deleted;
  }
}
