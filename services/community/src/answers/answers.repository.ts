import { Inject, Injectable } from '@nestjs/common';
import { TOPICS, type AnswerSort } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  excludeOutbox,
  OUTBOX,
  type Collection,
  type DocumentStore,
  type Filter,
  type OutboxWriter,
  type SortSpec,
  NEWEST_FIRST,
  olderThan,
  type NewestFirstCursor,
} from '@pulse/platform';
import { perDay, sameVersion } from '../questions/questions.repository';
import type { AuthorSnapshot, PostState } from '../questions/question.record';
import { CountedTargetQueries } from '../votes/counted-target.repository';
import type { AnswerRecord } from './answer.record';

/** docs/spec-community.md §4: accepted answers always first, then the chosen order. */
const SORTS: Record<AnswerSort, SortSpec> = {
  popular: { isAccepted: -1, upvotes: -1, createdAt: 1 },
  latest: { isAccepted: -1, createdAt: -1 },
  oldest: { isAccepted: -1, createdAt: 1 },
};

@Injectable()
export class AnswersRepository {
  private readonly answers: Collection<AnswerRecord>;
  /** Up- and downvote counter flushes (vote-counters.ts). */
  readonly voteCounter: CountedTargetQueries<AnswerRecord>;

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    outbox.register('community_answers');
    this.answers = store.collection<AnswerRecord>('community_answers', {
      indexes: [{ key: { questionId: 1, state: 1 } }, { key: { authorId: 1 } }],
    });
    this.voteCounter = new CountedTargetQueries(
      this.answers,
      (delta) => ({ upvotes: delta.upvote, downvotes: delta.downvote }),
      excludeOutbox(),
    );
  }

  async insert(answer: AnswerRecord): Promise<void> {
    const event = this.outbox.event(TOPICS.answerCreated, {
      answerId: answer._id,
      questionId: answer.questionId,
      authorId: answer.authorId,
      createdAt: answer.createdAt,
    });
    await this.outbox.insertOne(this.answers, answer, [event]);
  }

  findVisible(id: string): Promise<AnswerRecord | null> {
    return this.answers.findOne({ _id: id, state: 'visible' }, { projection: excludeOutbox() });
  }

  /** What a vote on a visible answer reads of it: only the fields it needs, not the text. */
  voteTarget(
    id: string,
  ): Promise<Pick<
    AnswerRecord,
    '_id' | 'questionId' | 'authorId' | 'upvotes' | 'downvotes' | 'counterSeq'
  > | null> {
    return this.answers.findOne(
      { _id: id, state: 'visible' },
      { projection: { questionId: 1, authorId: 1, upvotes: 1, downvotes: 1, counterSeq: 1 } },
    );
  }

  findExisting(id: string): Promise<AnswerRecord | null> {
    return this.answers.findOne({ _id: id, state: { $ne: 'deleted' } }, { projection: excludeOutbox() });
  }

  listVisible(questionId: string, sort: AnswerSort): Promise<AnswerRecord[]> {
    return this.answers.find(
      { questionId, state: 'visible' },
      { sort: SORTS[sort], limit: 500, projection: excludeOutbox() },
    );
  }

  /** Moves the accepted flag: only `answerId` of the question is accepted afterwards. */
  async moveAccepted(questionId: string, answerId: string, at: string): Promise<void> {
    await this.answers.updateMany(
      { questionId, isAccepted: true, _id: { $ne: answerId } },
      { $set: { isAccepted: false } },
    );
    await this.answers.updateOne(
      { _id: answerId, questionId },
      { $set: { isAccepted: true, acceptedAt: at } },
    );
  }

  async markDeleted(id: string, authorId: string, at: string): Promise<boolean> {
    const { matched } = await this.answers.updateOne(
      { _id: id, authorId, state: { $ne: 'deleted' } },
      { $set: { state: 'deleted', updatedAt: at } },
    );
    return matched === 1;
  }

  /** A deleted question takes its answers with it (docs/spec-community.md §6). */
  async deleteAllOf(questionId: string, at: string): Promise<void> {
    await this.answers.updateMany(
      { questionId, state: { $ne: 'deleted' } },
      { $set: { state: 'deleted', updatedAt: at } },
    );
  }

  /** The answer as it was before the move; null when it was in none of the `from` states. */
  async setState(id: string, from: readonly PostState[], to: PostState): Promise<AnswerRecord | null> {
    return this.answers.findOneAndUpdate(
      { _id: id, state: { $in: [...from] } },
      { $set: { state: to } },
      { returnDocument: 'before', projection: excludeOutbox() },
    );
  }

  /** Its author's edit, as QuestionsRepository.edit: only from the version it was made from, while visible. */
  edit(
    before: AnswerRecord,
    next: Pick<AnswerRecord, 'content' | 'lastChanged'>,
    at: string,
  ): Promise<AnswerRecord | null> {
    return this.answers.findOneAndUpdate(
      { _id: before._id, authorId: before.authorId, state: 'visible', ...sameVersion(before.version) },
      { $set: { ...next, version: (before.version ?? 1) + 1, editedAt: at, updatedAt: at } },
      { returnDocument: 'after', projection: excludeOutbox() },
    );
  }

  async addReport(id: string): Promise<number> {
    const after = await this.answers.findOneAndUpdate(
      { _id: id },
      { $inc: { reportCount: 1 } },
      { returnDocument: 'after', projection: { reportCount: 1 } },
    );
    return after?.reportCount ?? 0;
  }

  countByAuthor(authorId: string): Promise<number> {
    return this.answers.countDocuments({ authorId });
  }

  countAcceptedOf(authorId: string): Promise<number> {
    return this.answers.countDocuments({ authorId, isAccepted: true });
  }

  moderationPage(state: 'held' | 'hidden' | 'reported', skip: number, limit: number) {
    const filter: Filter = state === 'reported' ? { state: 'visible', reportCount: { $gt: 0 } } : { state };
    return Promise.all([
      this.answers.find(filter, { sort: { updatedAt: -1 }, skip, limit, projection: excludeOutbox() }),
      this.answers.countDocuments(filter),
    ]);
  }

  perDay(from: string): Promise<Map<string, number>> {
    return perDay(this.answers, from);
  }

  /** The author's own answers but deleted ones, newest first, a page after `cursor` (/me). */
  pageByAuthor(
    authorId: string,
    cursor: NewestFirstCursor | undefined,
    limit: number,
  ): Promise<AnswerRecord[]> {
    return this.answers.find(
      { authorId, state: { $ne: 'deleted' }, ...olderThan(cursor) },
      { sort: NEWEST_FIRST, limit, projection: excludeOutbox() },
    );
  }

  /** Every one the author wrote, deleted ones too (their text is still held): the export. */
  allByAuthor(authorId: string): Promise<AnswerRecord[]> {
    return this.answers.find({ authorId }, { sort: NEWEST_FIRST, projection: excludeOutbox() });
  }

  /** Cuts the author's answers from the identity: another id and name on each. Returns their ids. */
  async anonymiseAuthor(
    authorId: string,
    author: { id: string; snapshot: AuthorSnapshot },
  ): Promise<string[]> {
    const ids = (await this.answers.find<{ _id: string }>({ authorId }, { projection: { _id: 1 } })).map(
      (r) => r._id,
    );
    await this.answers.updateMany(
      { authorId },
      { $set: { authorId: author.id, author: author.snapshot, anonymousSessionId: '' } },
    );
    return ids;
  }

  /** The questions the author answered (their pages name the author). */
  async questionsAnsweredBy(authorId: string): Promise<string[]> {
    const records = await this.answers.find<Pick<AnswerRecord, 'questionId'>>(
      { authorId },
      { projection: { questionId: 1 } },
    );
    return [...new Set(records.map((record) => record.questionId))];
  }

  /** Which of these answers `authorId` wrote (the reader's state marks them as theirs). */
  async writtenBy(ids: readonly string[], authorId: string): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.answers.find({ _id: { $in: [...ids] }, authorId }, { projection: { _id: 1 } });
    return rows.map((row) => row._id);
  }
}
