import type { Collection, Projection } from '@pulse/platform';
import type { CountedFields, CounterDelta, CounterFlush } from './vote.record';

/** A target's counter bookkeeping as read before a flush. */
export interface CounterState {
  seq: number;
  open: CounterFlush | null;
}

/**
 * The counter-flush queries of one collection of voted targets (questions, answers, comments), used by
 * their repositories: the `$inc` of a flush and the record of it travel in one update, guarded by the
 * flush number read before, so a flush applies at most once whatever crashes or races around it.
 */
export class CountedTargetQueries<T extends { _id: string } & CountedFields> {
  constructor(
    private readonly collection: Collection<T>,
    /** The fields a delta moves (a sort key kept in step moves with its count). */
    private readonly incrementsOf: (delta: CounterDelta) => Record<string, number>,
    private readonly projection?: Projection,
  ) {}

  async state(id: string): Promise<CounterState | null> {
    const doc = await this.collection.findOne<CountedFields>(
      { _id: id },
      { projection: { counterSeq: 1, counterFlush: 1 } },
    );
    return doc ? { seq: doc.counterSeq ?? 0, open: doc.counterFlush ?? null } : null;
  }

  /** Applies the flush's delta if the target is still at flush number `seq` with none open; null if not. */
  open(id: string, seq: number, delta: CounterDelta, flush: CounterFlush): Promise<T | null> {
    return this.collection.findOneAndUpdate(
      // A target never flushed has no number yet (null matches the missing field).
      { _id: id, counterSeq: seq === 0 ? null : seq, counterFlush: null },
      { $inc: this.incrementsOf(delta), $set: { counterSeq: seq + 1, counterFlush: flush } },
      { returnDocument: 'after', ...(this.projection ? { projection: this.projection } : {}) },
    );
  }

  /** Every record of the flush is settled. */
  async close(id: string, flushId: string): Promise<void> {
    await this.collection.updateOne(
      { _id: id, 'counterFlush.id': flushId },
      { $set: { counterFlush: null } },
    );
  }
}
