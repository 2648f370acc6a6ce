import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { TOPICS, type ArticleScore } from '@pulse/contracts';
import { DOCUMENT_STORE, OUTBOX, OutboxWriter, type Collection, type DocumentStore } from '@pulse/platform';

const COLLECTION = 'score_batches';
/** The contract's cap on scores per event. */
const MAX_SCORES_PER_EVENT = 5000;

interface ScoreBatchRecord {
  _id: string;
  computedAt: string;
  count: number;
}

/**
 * trending.scores-updated through the outbox: each recompute's changed scores are stored as a batch
 * document carrying its events, in one write, and the relay publishes them.
 */
@Injectable()
export class ScoreBatchesRepository {
  private readonly batches: Collection<ScoreBatchRecord>;

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    outbox.register(COLLECTION);
    this.batches = store.collection<ScoreBatchRecord>(COLLECTION, { indexes: [{ key: { computedAt: 1 } }] });
  }

  async record(computedAt: string, scores: ArticleScore[]): Promise<void> {
    if (scores.length === 0) return;
    const events = [];
    for (let start = 0; start < scores.length; start += MAX_SCORES_PER_EVENT) {
      const chunk = scores.slice(start, start + MAX_SCORES_PER_EVENT);
      events.push(this.outbox.event(TOPICS.trendingScoresUpdated, { computedAt, scores: chunk }));
    }
    await this.outbox.insertOne(
      this.batches,
      { _id: `${computedAt}-${randomUUID()}`, computedAt, count: scores.length },
      events,
    );
  }

  /** Drops published batches older than `before` (a batch with pending events stays until relayed). */
  async purgeBefore(before: string): Promise<void> {
    await this.batches.deleteMany({ computedAt: { $lt: before }, '_outbox.0': { $exists: false } });
  }
}
