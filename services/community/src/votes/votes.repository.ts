import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import {
  voteId,
  type CounterMark,
  type HeldVote,
  type VoteRecord,
  type VoteValue,
  type VoteValues,
} from './vote.record';

/** How many owing targets one sweep takes (a restart after a crash settles the rest on the next sweeps). */
const SWEEP_BATCH = 500;

/**
 * Vote records. Every change is a compare-and-set on the record (from the value read to the new one), so
 * of two concurrent requests only one moves a given transition. The change marks the record as owed to
 * its target's counters (`pending`, with `counted` the value they hold), and a counter flush settles it
 * (vote-counters.ts), so each move is counted exactly once, after a crash too.
 */
@Injectable()
export class VotesRepository {
  private readonly votes: Collection<VoteRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.votes = store.collection<VoteRecord>('community_votes', {
      indexes: [
        { key: { identityId: 1, kind: 1, targetId: 1 } },
        // What a target's flush owes, and the sweep after a restart.
        { key: { pending: 1, kind: 1, targetId: 1 } },
      ],
    });
  }

  async held(kind: VoteRecord['kind'], targetId: string, identityId: string): Promise<HeldVote> {
    const record = await this.votes.findOne({ _id: voteId(kind, targetId, identityId) });
    return {
      value: record?.value ?? null,
      exists: record !== null,
      legacy: record !== null && record.counted === undefined,
    };
  }

  /** Values of the identity's votes on these targets (viewerVote on lists). */
  async valuesOf<K extends VoteRecord['kind']>(
    kind: K,
    targetIds: readonly string[],
    identityId: string,
  ): Promise<Map<string, VoteValues[K]>> {
    if (!targetIds.length) return new Map();
    const rows = await this.votes.find({
      _id: { $in: targetIds.map((id) => voteId(kind, id, identityId)) },
      value: { $ne: null },
    });
    // The id names the kind, and each kind is only ever written with its own values.
    return new Map(rows.map((row) => [row.targetId, row.value as VoteValues[K]]));
  }

  /**
   * Moves the vote from what `held` read to `to` (null = no vote); false when someone else changed it
   * first. The move is owed to the counters until a flush settles it.
   */
  async transition(
    record: Omit<VoteRecord, 'value' | 'counted' | 'pending'>,
    held: HeldVote,
    to: VoteValue | null,
  ): Promise<boolean> {
    const from = held.value;
    if (from === to) return true;
    if (from === null && !held.exists) {
      try {
        await this.votes.insertOne({ ...record, value: to, counted: null, pending: true });
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    }
    // A legacy record's counters hold its value: say so in the same write that first moves it.
    const filter = held.legacy
      ? { _id: record._id, value: from, counted: { $exists: false } }
      : { _id: record._id, value: from };
    const set = { value: to, at: record.at, pending: true, ...(held.legacy ? { counted: from } : {}) };
    return (await this.votes.updateOne(filter, { $set: set })).matched === 1;
  }

  /** The records a target's counters owe a change. */
  owedTo(kind: VoteRecord['kind'], targetId: string): Promise<VoteRecord[]> {
    return this.votes.find({ pending: true, kind, targetId });
  }

  /** Targets some record is owed to (the sweep after a restart or another replica's crash). */
  async owingTargets(): Promise<Array<{ kind: VoteRecord['kind']; targetId: string }>> {
    const rows = await this.votes.find<Pick<VoteRecord, 'kind' | 'targetId'>>(
      { pending: true },
      { limit: SWEEP_BATCH, projection: { kind: 1, targetId: 1 } },
    );
    return distinctTargets(rows);
  }

  /** Targets the identity's records are owed to (settled before its records go). */
  async owingTargetsOf(identityId: string): Promise<Array<{ kind: VoteRecord['kind']; targetId: string }>> {
    const rows = await this.votes.find<Pick<VoteRecord, 'kind' | 'targetId'>>(
      { identityId, pending: true },
      { projection: { kind: 1, targetId: 1 } },
    );
    return distinctTargets(rows);
  }

  /**
   * The counters now hold each mark's `to` for its record: one compare-and-set on `counted` per kind of
   * move (a flush holds a handful), so settling the marks again (a flush finished twice after a crash)
   * changes nothing. A record whose value moved on meanwhile stays owed; one that holds no vote and has
   * none counted goes.
   */
  async settle(marks: readonly CounterMark[]): Promise<void> {
    const moves = new Map<string, { from: VoteValue | null; to: VoteValue | null; ids: string[] }>();
    for (const mark of marks) {
      const key = `${mark.from}>${mark.to}`;
      const move = moves.get(key) ?? { from: mark.from, to: mark.to, ids: [] };
      move.ids.push(mark.voteId);
      moves.set(key, move);
    }
    await Promise.all(
      [...moves.values()].map(async ({ from, to, ids }) => {
        await this.votes.updateMany(
          { _id: { $in: ids }, counted: from, value: to },
          { $set: { counted: to, pending: false } },
        );
        if (from !== to)
          await this.votes.updateMany({ _id: { $in: ids }, counted: from }, { $set: { counted: to } });
        if (to === null) await this.votes.deleteMany({ _id: { $in: ids }, value: null, counted: null });
      }),
    );
  }

  /** The identity's vote records (its deletion): the counts they moved stay, no longer tied to anyone. */
  async removeAllOf(identityId: string): Promise<void> {
    await this.votes.deleteMany({ identityId });
  }
}

function distinctTargets(rows: Array<Pick<VoteRecord, 'kind' | 'targetId'>>) {
  const seen = new Map(rows.map((row) => [`${row.kind}:${row.targetId}`, row]));
  return [...seen.values()].map(({ kind, targetId }) => ({ kind, targetId }));
}
