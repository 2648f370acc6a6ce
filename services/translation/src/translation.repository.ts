import { Inject, Injectable } from '@nestjs/common';
import {
  mergeOriginalSources,
  TOPICS,
  type ReviewState,
  type ArticleTranslatedPayload,
  type OriginalSource,
} from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  excludeOutbox,
  OUTBOX,
  OUTBOX_FIELD,
  OutboxWriter,
  type Collection,
  type DocumentStore,
} from '@pulse/platform';
import type { TranslationOutput } from './output/translation-output.schema';
import type { TokenTally, TranslationRecord } from './translation.record';

const COLLECTION = 'translations';
/** A merge retries this often when the job changes between its read and its write. */
const MERGE_ATTEMPTS = 5;

/** What merging a joined story's sources into an existing job did. */
export type MergeOutcome = 'missing' | 'unchanged' | 'merged' | 'republished';

/** Storage of translation jobs; each state change that implies article.translated carries it (outbox). */
@Injectable()
export class TranslationRepository {
  private readonly translations: Collection<TranslationRecord>;

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    outbox.register(COLLECTION);
    this.translations = store.collection<TranslationRecord>(COLLECTION, {
      // The backfill's query (pending jobs, oldest first) and the review list's (held jobs, oldest first).
      indexes: [{ key: { status: 1, createdAt: 1 } }],
    });
  }

  /**
   * Stores a new job, with the article.translated it implies when there is one (a pending item); false
   * when the cluster already has a job, and then nothing is written or emitted.
   */
  async insert(record: TranslationRecord, published: ArticleTranslatedPayload | null): Promise<boolean> {
    try {
      const doc = { ...record, published: published !== null };
      await this.outbox.insertOne(this.translations, doc, this.events(published));
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  findById(id: string): Promise<TranslationRecord | null> {
    return this.translations.findOne({ _id: id }, { projection: excludeOutbox() });
  }

  /**
   * Takes a pending job for one worker, unless another holds an unexpired claim. The conditional update
   * is what keeps a slow LLM call and a redelivery (or a backfill) from translating the same job twice.
   */
  /**
   * Takes a pending job nobody holds (or whose lease ran out); `formerClaim`, a claim of the caller's own
   * whose work stopped, is taken over as if free.
   */
  claim(
    id: string,
    claimId: string,
    now: string,
    until: string,
    formerClaim?: string,
  ): Promise<TranslationRecord | null> {
    const free = [{ claimedUntil: null }, { claimedUntil: { $lt: now } }];
    return this.translations.findOneAndUpdate(
      { _id: id, status: 'pending', $or: formerClaim ? [...free, { claimedBy: formerClaim }] : free },
      { $set: { claimedBy: claimId, claimedUntil: until, updatedAt: now } },
      { returnDocument: 'after', projection: excludeOutbox() },
    );
  }

  /**
   * Ends a claimed job (translated or held) and stores its events in the same write. false when the
   * claim was lost (expired and taken): the other worker's result stands, and nothing is emitted twice;
   * false too when the job no longer has `sourceCount` sources (a joined source was merged meanwhile),
   * so the caller rebuilds its event with every source and tries again.
   */
  async finish(
    id: string,
    claimId: string,
    sourceCount: number,
    changes: Partial<TranslationRecord>,
    run: { calls: number; usage: TokenTally },
    published: ArticleTranslatedPayload | null,
  ): Promise<boolean> {
    const { matched } = await this.outbox.updateOne(
      this.translations,
      { _id: id, status: 'pending', claimedBy: claimId, 'source.sources': { $size: sourceCount } },
      {
        $set: {
          ...changes,
          claimedBy: null,
          claimedUntil: null,
          ...(published ? { published: true } : {}),
        },
        $inc: this.tally(run),
      },
      this.events(published),
    );
    return matched === 1;
  }

  /**
   * Merges a joined story's sources into the job (union by canonical URL, capped) in one update that is
   * conditional on the job as read, and stores in that same write the article.translated `republish`
   * builds for the merged job, if any. Sources already listed change nothing and emit nothing, so a
   * re-sent event is a no-op. A job that changed between read and write (claimed, finished, another
   * merge) is read again.
   */
  async mergeSources(
    id: string,
    more: OriginalSource[],
    at: string,
    republish: (job: TranslationRecord, sources: OriginalSource[]) => ArticleTranslatedPayload | null,
  ): Promise<MergeOutcome> {
    for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt += 1) {
      const job = await this.findById(id);
      if (!job) return 'missing';
      const current = job.source.sources;
      const sources = mergeOriginalSources(current, more);
      if (sources.length === current.length) return 'unchanged';
      const published = republish(job, sources);
      const { matched } = await this.outbox.updateOne(
        this.translations,
        {
          _id: id,
          status: job.status,
          claimedBy: job.claimedBy,
          'source.sources': { $size: current.length },
        },
        {
          $set: {
            'source.sources': sources,
            updatedAt: at,
            ...(published ? { published: true } : {}),
          },
        },
        this.events(published),
      );
      if (matched === 1) return published ? 'republished' : 'merged';
    }
    throw new Error(`translation ${id}: the job kept changing while sources were merged into it`);
  }

  /** Gives a job back after a failed run (the LLM unreachable), keeping the tally of what it cost. */
  async release(
    id: string,
    claimId: string,
    run: { calls: number; usage: TokenTally },
    lastError: string,
    now: string,
  ) {
    await this.translations.updateOne(
      { _id: id, claimedBy: claimId },
      { $set: { claimedBy: null, claimedUntil: null, lastError, updatedAt: now }, $inc: this.tally(run) },
    );
  }

  /** Pending jobs nobody is working on, oldest first: what the backfill translates. */
  async findClaimablePendingIds(now: string, limit: number): Promise<string[]> {
    const rows = await this.translations.find<{ _id: string }>(
      { status: 'pending', $or: [{ claimedUntil: null }, { claimedUntil: { $lt: now } }] },
      { sort: { createdAt: 1 }, limit, projection: { _id: 1 } },
    );
    return rows.map((row) => row._id);
  }

  /** One page of jobs in a review state, oldest first (the one waiting longest on top). */
  findForReview(state: ReviewState, skip: number, limit: number): Promise<TranslationRecord[]> {
    return this.translations.find(reviewFilter(state), {
      sort: { createdAt: 1, _id: 1 },
      skip,
      limit,
      projection: excludeOutbox(),
    });
  }

  countForReview(state: ReviewState): Promise<number> {
    return this.translations.countDocuments(reviewFilter(state));
  }

  /** Replaces a held job's output with an editor's; false when the job is no longer held. */
  async updateHeldOutput(id: string, output: TranslationOutput, at: string): Promise<boolean> {
    const { matched } = await this.translations.updateOne(
      { _id: id, status: 'held' },
      { $set: { output, editedAt: at, updatedAt: at } },
    );
    return matched === 1;
  }

  /**
   * Ends a held job as released, storing its article.translated in the same write (the outbox the
   * translator uses), so content publishes it exactly as a normal translation. Conditional on the job
   * still held with `sourceCount` sources: false when another release won, or a joined source was merged
   * meanwhile (the caller then rebuilds the event with every source).
   */
  async releaseHeld(
    id: string,
    sourceCount: number,
    decision: NonNullable<TranslationRecord['decision']>,
    published: ArticleTranslatedPayload,
  ): Promise<boolean> {
    const { matched } = await this.outbox.updateOne(
      this.translations,
      { _id: id, status: 'held', 'source.sources': { $size: sourceCount } },
      { $set: { status: 'translated', decision, published: true, updatedAt: decision.at } },
      this.events(published),
    );
    return matched === 1;
  }

  /** Ends a held job as rejected: kept with the reason, no event. false when it is no longer held. */
  async rejectHeld(id: string, decision: NonNullable<TranslationRecord['decision']>): Promise<boolean> {
    const { matched } = await this.translations.updateOne(
      { _id: id, status: 'held' },
      { $set: { status: 'rejected', decision, updatedAt: decision.at } },
    );
    return matched === 1;
  }

  countByStatus(status: TranslationRecord['status']): Promise<number> {
    return this.translations.countDocuments({ status });
  }

  /** Jobs whose events the relay has not published yet; the backfill waits for 0 before it exits. */
  countUnpublished(): Promise<number> {
    return this.translations.countDocuments({ [`${OUTBOX_FIELD}.0`]: { $exists: true } });
  }

  private events(published: ArticleTranslatedPayload | null) {
    return published ? [this.outbox.event(TOPICS.articleTranslated, published)] : [];
  }

  private tally(run: { calls: number; usage: TokenTally }) {
    return {
      attempts: run.calls,
      'usage.promptTokens': run.usage.promptTokens,
      'usage.completionTokens': run.usage.completionTokens,
    };
  }
}

/** The jobs a review list shows: released ones are translated jobs an editor released. */
function reviewFilter(state: ReviewState) {
  if (state === 'released') return { status: 'translated', 'decision.state': 'released' };
  return { status: state };
}
