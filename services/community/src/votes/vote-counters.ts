import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { AnswersRepository } from '../answers/answers.repository';
import { CommentsRepository } from '../comments/comments.repository';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../community.config';
import { CommentPurges } from '../comments/comment-purges';
import { QuestionPurges } from '../questions/question-purges';
import { QuestionsRepository } from '../questions/questions.repository';
import type { CounterState } from './counted-target.repository';
import type { ToggleOutcome } from './vote-toggle';
import type {
  CountedFields,
  CounterDelta,
  CounterFlush,
  CounterMark,
  VoteRecord,
  VoteValue,
} from './vote.record';
import { VotesRepository } from './votes.repository';

type Kind = VoteRecord['kind'];

/** How one kind of target keeps its counts, and what a flush that moved them purges. */
interface CounterTarget {
  state(id: string): Promise<CounterState | null>;
  open(id: string, seq: number, delta: CounterDelta, flush: CounterFlush): Promise<object | null>;
  close(id: string, flushId: string): Promise<void>;
  purge(id: string, after: object, delta: CounterDelta): Promise<void>;
}

/** What this process has counted for a target and not yet applied to it (shown in vote responses). */
interface Waiting {
  unflushed: CounterDelta;
  /** Taken by the flush under way, until its `$inc` is applied. */
  inflight: CounterDelta;
  /** The flush number the `$inc` under way writes: a read showing it already holds `inflight`. */
  applyingSeq: number | null;
  /** This process's last flushes of the target: a read showing an older number lacks their deltas. */
  recent: Array<{ seq: number; delta: CounterDelta }>;
  timer: NodeJS.Timeout | null;
  /** Flushes of one target run one after another in this process. */
  chain: Promise<void>;
}

/** Attempts of one flush against flushers elsewhere (other replicas, the sweep) moving the same target. */
const FLUSH_ATTEMPTS = 5;
/** How often records a crashed process left owed are looked for (they are also settled at start). */
const SWEEP_EVERY_MS = 30_000;
/** Flushes remembered per target for reads that raced them (a read older than these is not taken). */
const RECENT_FLUSHES = 8;

const zero = (): CounterDelta => ({ upvote: 0, downvote: 0, like: 0, dislike: 0 });
const isZero = (delta: CounterDelta) => Object.values(delta).every((n) => n === 0);

/** The delta of a set of marks: each moves its `from` count down and its `to` count up. */
export function deltaOf(marks: readonly CounterMark[]): CounterDelta {
  const delta = zero();
  for (const { from, to } of marks) {
    if (from === to) continue;
    if (from) delta[from] -= 1;
    if (to) delta[to] += 1;
  }
  return delta;
}

/**
 * The counters votes and comment reactions move, written behind the votes. A vote's record is written at
 * once and is the truth (VotesRepository: `pending` until counted); its target's counts follow in one
 * `$inc` per target per COMMUNITY_COUNTER_FLUSH_MS, with one purge per flush instead of one per vote.
 *
 * A flush reads the target's flush number, then the records owed to it, and applies their delta in one
 * update that also stores the flush (its records and from → to moves) and bumps the number; only then
 * are the records settled, and the stored flush cleared. So a crash anywhere leaves either owed records
 * (the next flush counts them) or a stored flush (the next flush finishes settling it, a compare-and-set
 * per record); nothing is counted twice or lost. Records are swept at start and every 30 s, so another
 * replica's crash heals too.
 */
@Injectable()
export class VoteCounters implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(VoteCounters.name);
  private readonly waiting = new Map<string, Waiting>();
  private readonly targets: Record<Kind, CounterTarget>;
  private sweeper: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly votes: VotesRepository,
    questions: QuestionsRepository,
    answers: AnswersRepository,
    comments: CommentsRepository,
    purges: QuestionPurges,
    commentPurges: CommentPurges,
    @Inject(COMMUNITY_CONFIG) private readonly config: Pick<CommunityConfig, 'COMMUNITY_COUNTER_FLUSH_MS'>,
  ) {
    const counter = (
      queries: Omit<CounterTarget, 'purge'>,
      purge: CounterTarget['purge'],
    ): CounterTarget => ({
      state: (id) => queries.state(id),
      open: (id, seq, delta, flush) => queries.open(id, seq, delta, flush),
      close: (id, flushId) => queries.close(id, flushId),
      purge,
    });
    this.targets = {
      // The lists show upvotes and sort by them.
      question: counter(questions.upvoteCounter, (id) => purges.changed(id, { listsToo: true })),
      answer: counter(answers.voteCounter, (_id, after) =>
        purges.changed((after as { questionId: string }).questionId),
      ),
      // The article's comment threads show the counts.
      comment: counter(comments.reactionCounts, (_id, after) =>
        commentPurges.changed((after as { articleId: string }).articleId),
      ),
    };
  }

  onApplicationBootstrap(): void {
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /**
   * Shutting down is handled as a crash is: waiting flushes are dropped, their records stay owed, and the
   * next start (or another replica's sweep) counts them. Flushes already running finish first.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const entry of this.waiting.values()) if (entry.timer) clearTimeout(entry.timer);
    await Promise.all([...this.waiting.values()].map((entry) => entry.chain));
  }

  /**
   * Reads a target with what this process owes its counts: the counts to show are the record's plus
   * `owed`. The record's flush number says which of this process's flushes it already holds, so a read
   * racing a flush neither misses nor doubles its delta, and never waits for it.
   */
  async read<T extends CountedFields>(
    kind: Kind,
    id: string,
    find: () => Promise<T | null>,
  ): Promise<{ record: T | null; owed: CounterDelta }> {
    const record = await find();
    const entry = this.waiting.get(this.key(kind, id));
    if (!entry || !record) return { record, owed: zero() };
    const seen = record.counterSeq ?? 0;
    let owed = entry.unflushed;
    if (entry.applyingSeq === null || seen < entry.applyingSeq) owed = add(owed, entry.inflight);
    for (const flush of entry.recent) if (flush.seq > seen) owed = add(owed, flush.delta);
    return { record, owed };
  }

  /** A vote record moved: its target's counts owe the change, flushed after the window (or now with 0). */
  async changed(kind: Kind, id: string, change: ToggleOutcome['change']): Promise<void> {
    if (!change || change.from === change.to) return;
    const entry = this.entry(kind, id);
    entry.unflushed = add(entry.unflushed, deltaOf([{ voteId: '', ...change }]));
    if (this.config.COMMUNITY_COUNTER_FLUSH_MS === 0) return this.flush(kind, id);
    if (!entry.timer && !this.stopped) {
      entry.timer = setTimeout(() => {
        entry.timer = null;
        void this.flush(kind, id);
      }, this.config.COMMUNITY_COUNTER_FLUSH_MS);
      entry.timer.unref();
    }
  }

  /** Settles every record the identity is owed by (before its records are removed with it). */
  async settleIdentity(identityId: string): Promise<void> {
    for (const { kind, targetId } of await this.votes.owingTargetsOf(identityId))
      await this.flush(kind, targetId);
  }

  /** Flushes every target some record is owed to (at start, then now and then). */
  async sweep(): Promise<void> {
    try {
      for (const { kind, targetId } of await this.votes.owingTargets()) {
        if (this.stopped) return;
        await this.flush(kind, targetId);
      }
    } catch (error) {
      this.logger.warn(`counter sweep failed: ${(error as Error).message}`);
    }
  }

  /** One flush of the target, after any already running here; a failure leaves the records owed. */
  flush(kind: Kind, id: string): Promise<void> {
    const entry = this.entry(kind, id);
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    const run = entry.chain.then(() => this.flushNow(kind, id, entry));
    entry.chain = run.catch((error: Error) => {
      this.logger.warn(`counter flush of ${kind} ${id} failed: ${error.message}`);
      entry.unflushed = add(entry.unflushed, entry.inflight);
      entry.inflight = zero();
    });
    return entry.chain.then(() => {
      // Kept a while after its last flush, for reads that raced it.
      const idle = () =>
        isZero(entry.unflushed) && isZero(entry.inflight) && !entry.timer && entry.applyingSeq === null;
      if (idle())
        setTimeout(() => {
          if (idle() && this.waiting.get(this.key(kind, id)) === entry)
            this.waiting.delete(this.key(kind, id));
        }, 1000).unref();
    });
  }

  private async flushNow(kind: Kind, id: string, entry: Waiting): Promise<void> {
    const target = this.targets[kind];
    entry.inflight = add(entry.inflight, entry.unflushed);
    entry.unflushed = zero();
    for (let attempt = 0; attempt < FLUSH_ATTEMPTS; attempt += 1) {
      const state = await target.state(id);
      if (!state) {
        // The target is gone: there is nothing to count into, so its records are settled as they are.
        const owed = await this.votes.owedTo(kind, id);
        await this.votes.settle(owed.map(markOf));
        entry.inflight = zero();
        return;
      }
      if (state.open) {
        // A flush applied elsewhere (or before a crash) whose records are not all settled yet.
        await this.finish(target, id, state.open);
        continue;
      }
      const owed = await this.votes.owedTo(kind, id);
      if (owed.length === 0) {
        entry.inflight = zero();
        return;
      }
      const flush: CounterFlush = {
        id: randomUUID(),
        marks: owed.map(markOf),
      };
      const delta = deltaOf(flush.marks);
      entry.applyingSeq = state.seq + 1;
      const after = await target.open(id, state.seq, delta, flush).finally(() => (entry.applyingSeq = null));
      if (!after) continue; // another flusher moved the target first: read again
      // What this process counted is in the store now (with other processes' and earlier records).
      entry.recent = [...entry.recent, { seq: state.seq + 1, delta: entry.inflight }].slice(-RECENT_FLUSHES);
      entry.inflight = zero();
      await this.finish(target, id, flush);
      if (!isZero(delta)) await target.purge(id, after, delta);
      return;
    }
  }

  private async finish(target: CounterTarget, id: string, flush: CounterFlush): Promise<void> {
    await this.votes.settle(flush.marks);
    await target.close(id, flush.id);
  }

  private entry(kind: Kind, id: string): Waiting {
    const key = this.key(kind, id);
    let entry = this.waiting.get(key);
    if (!entry) {
      entry = {
        unflushed: zero(),
        inflight: zero(),
        applyingSeq: null,
        recent: [],
        timer: null,
        chain: Promise.resolve(),
      };
      this.waiting.set(key, entry);
    }
    return entry;
  }

  private key(kind: Kind, id: string): string {
    return `${kind}:${id}`;
  }
}

/** A record's owed move: from what the counters hold to what it holds. */
const markOf = (record: VoteRecord): CounterMark => ({
  voteId: record._id,
  from: record.counted ?? null,
  to: record.value,
});

function add(a: CounterDelta, b: CounterDelta): CounterDelta {
  const sum = zero();
  for (const value of Object.keys(sum) as VoteValue[]) sum[value] = a[value] + b[value];
  return sum;
}
