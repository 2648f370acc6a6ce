import { Inject, Injectable } from '@nestjs/common';
import { TOPICS, type QuestionSort } from '@pulse/contracts';
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
import { CountedTargetQueries } from '../votes/counted-target.repository';
import type { AuthorSnapshot, PostState, QuestionRecord } from './question.record';

const KNOWN_CATEGORIES = ['gen-ai', 'blockchain', 'big-tech', 'development'];

export interface QuestionListFilter {
  category: string;
  sort: QuestionSort;
  /** Restrict to these ids (a search's matches). */
  ids?: string[];
}

const SORTS: Record<QuestionSort, SortSpec> = {
  latest: { createdAt: -1 },
  popular: { popularity: -1, createdAt: -1 },
  unanswered: { createdAt: -1 },
  resolved: { createdAt: -1 },
};

@Injectable()
export class QuestionsRepository {
  private readonly questions: Collection<QuestionRecord>;
  /** Upvote counter flushes (vote-counters.ts); popularity (upvotes + views) moves with upvotes. */
  readonly upvoteCounter: CountedTargetQueries<QuestionRecord>;

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    outbox.register('community_questions');
    this.questions = store.collection<QuestionRecord>('community_questions', {
      indexes: [
        { key: { state: 1, createdAt: -1 } },
        { key: { state: 1, popularity: -1 } },
        { key: { authorId: 1 } },
        // aboutStory and attachStory (story-questions/).
        { key: { storyId: 1, createdAt: -1 } },
        { key: { articleId: 1 } },
      ],
    });
    this.upvoteCounter = new CountedTargetQueries(
      this.questions,
      (delta) => ({ upvotes: delta.upvote, popularity: delta.upvote }),
      excludeOutbox(),
    );
  }

  /** Stores the question with its question.created event (one write). */
  async insert(question: QuestionRecord): Promise<void> {
    const event = this.outbox.event(TOPICS.questionCreated, {
      questionId: question._id,
      authorId: question.authorId,
      title: question.title,
      category: question.category as never,
      tags: question.tags,
      createdAt: question.createdAt,
    });
    await this.outbox.insertOne(this.questions, question, [event]);
  }

  /** A question readers may see (visible). */
  findVisible(id: string): Promise<QuestionRecord | null> {
    return this.questions.findOne({ _id: id, state: 'visible' }, { projection: excludeOutbox() });
  }

  /** Whether readers may see the question (an answer under a held or hidden one is out of reach too). */
  async isVisible(id: string): Promise<boolean> {
    return (await this.questions.countDocuments({ _id: id, state: 'visible' })) === 1;
  }

  /** What a vote on a visible question reads of it: only the fields it needs, not the text (a vote is hot). */
  voteTarget(
    id: string,
  ): Promise<Pick<QuestionRecord, '_id' | 'authorId' | 'upvotes' | 'counterSeq'> | null> {
    return this.questions.findOne(
      { _id: id, state: 'visible' },
      { projection: { authorId: 1, upvotes: 1, counterSeq: 1 } },
    );
  }

  /**
   * Whether the question was removed on purpose: its author deleted it or a moderator hid it (a held one
   * waits for review and may come back, so it is not).
   */
  async wasRemoved(id: string): Promise<boolean> {
    return (await this.questions.countDocuments({ _id: id, state: { $in: ['deleted', 'hidden'] } })) === 1;
  }

  /** Any state but deleted (moderation sees held and hidden ones). */
  findExisting(id: string): Promise<QuestionRecord | null> {
    return this.questions.findOne({ _id: id, state: { $ne: 'deleted' } }, { projection: excludeOutbox() });
  }

  findMany(ids: readonly string[]): Promise<QuestionRecord[]> {
    return this.questions.find({ _id: { $in: [...ids] } }, { projection: excludeOutbox() });
  }

  /** Visible questions after `afterId` in id order, for rebuilding the search index in batches. */
  visibleBatch(afterId: string, limit: number): Promise<QuestionRecord[]> {
    return this.questions.find(
      { state: 'visible', _id: { $gt: afterId } },
      { sort: { _id: 1 }, limit, projection: excludeOutbox() },
    );
  }

  async page(
    filter: QuestionListFilter,
    skip: number,
    limit: number,
  ): Promise<{ items: QuestionRecord[]; total: number }> {
    const query = this.listFilter(filter);
    const [items, total] = await Promise.all([
      this.questions.find(query, { sort: SORTS[filter.sort], skip, limit, projection: excludeOutbox() }),
      this.questions.countDocuments(query),
    ]);
    return { items, total };
  }

  /** The four tiles (docs/spec-community.md §2) over every visible question. */
  async stats(): Promise<{ total: number; resolved: number; unanswered: number; answers: number }> {
    const [total, resolved, unanswered, answers] = await Promise.all([
      this.questions.countDocuments({ state: 'visible' }),
      this.questions.countDocuments({ state: 'visible', acceptedAnswerId: { $ne: null } }),
      this.questions.countDocuments({ state: 'visible', answerCount: 0 }),
      this.questions.aggregate<{ sum: number }>([
        { $match: { state: 'visible' } },
        { $group: { _id: null, sum: { $sum: '$answerCount' } } },
      ]),
    ]);
    return { total, resolved, unanswered, answers: answers[0]?.sum ?? 0 };
  }

  async countView(id: string): Promise<void> {
    await this.questions.updateOne({ _id: id, state: 'visible' }, { $inc: { viewCount: 1, popularity: 1 } });
  }

  async addAnswers(id: string, by: number): Promise<void> {
    await this.questions.updateOne({ _id: id }, { $inc: { answerCount: by } });
  }

  /**
   * Accepts `answerId` if the question is still visible and owned by `authorId`, with answer.accepted in
   * the same write. Returns the question as it was before, or null when the guard failed.
   */
  async accept(
    id: string,
    authorId: string,
    answer: { id: string; authorId: string },
    at: string,
  ): Promise<QuestionRecord | null> {
    const before = await this.findVisible(id);
    if (!before || before.authorId !== authorId) return null;
    const event = this.outbox.event(TOPICS.answerAccepted, {
      questionId: id,
      answerId: answer.id,
      answerAuthorId: answer.authorId,
      acceptedBy: authorId,
      previousAnswerId:
        before.acceptedAnswerId && before.acceptedAnswerId !== answer.id ? before.acceptedAnswerId : null,
      acceptedAt: at,
    });
    const { matched } = await this.outbox.updateOne(
      this.questions,
      { _id: id, state: 'visible', authorId, acceptedAnswerId: before.acceptedAnswerId },
      { $set: { acceptedAnswerId: answer.id, updatedAt: at } },
      [event],
    );
    return matched === 1 ? before : null;
  }

  /** Clears the accepted answer when that answer goes away. */
  async clearAccepted(id: string, answerId: string): Promise<void> {
    await this.questions.updateOne(
      { _id: id, acceptedAnswerId: answerId },
      { $set: { acceptedAnswerId: null } },
    );
  }

  /** A moderator's or the report threshold's move; the state it left, or null when none of `from` matched. */
  async setState(id: string, from: readonly PostState[], to: PostState): Promise<PostState | null> {
    const before = await this.questions.findOneAndUpdate(
      { _id: id, state: { $in: [...from] } },
      { $set: { state: to } },
      { returnDocument: 'before', projection: { state: 1 } },
    );
    return before?.state ?? null;
  }

  /** The author's delete: only when `authorId` owns it. */
  async markDeleted(id: string, authorId: string, at: string): Promise<boolean> {
    const { matched } = await this.questions.updateOne(
      { _id: id, authorId, state: { $ne: 'deleted' } },
      { $set: { state: 'deleted', updatedAt: at } },
    );
    return matched === 1;
  }

  /**
   * Its author's edit, applied only to the version it was made from while the question is visible (so a
   * held or hidden one is never edited back into view); the question after, or null when that guard failed.
   */
  edit(
    before: QuestionRecord,
    next: Pick<QuestionRecord, 'title' | 'content' | 'tags' | 'lastChanged'>,
    at: string,
  ): Promise<QuestionRecord | null> {
    return this.questions.findOneAndUpdate(
      { _id: before._id, authorId: before.authorId, state: 'visible', ...sameVersion(before.version) },
      { $set: { ...next, version: (before.version ?? 1) + 1, editedAt: at, updatedAt: at } },
      { returnDocument: 'after', projection: excludeOutbox() },
    );
  }

  async addReport(id: string): Promise<number> {
    const after = await this.questions.findOneAndUpdate(
      { _id: id },
      { $inc: { reportCount: 1 } },
      { returnDocument: 'after', projection: { reportCount: 1 } },
    );
    return after?.reportCount ?? 0;
  }

  /** Visible questions about a story (or, before its story is known, about the article), newest first. */
  aboutStory(storyId: string | null, articleId: string, limit: number): Promise<QuestionRecord[]> {
    const about: Filter = storyId ? { $or: [{ storyId }, { articleId }] } : { articleId };
    return this.questions.find(
      { state: 'visible', ...about },
      { sort: { createdAt: -1 }, limit, projection: excludeOutbox() },
    );
  }

  /** Gives questions asked from `articleId` before its story was known their story. */
  async attachStory(articleId: string, storyId: string): Promise<void> {
    await this.questions.updateMany({ articleId, storyId: null }, { $set: { storyId } });
  }

  countByAuthor(authorId: string): Promise<number> {
    return this.questions.countDocuments({ authorId });
  }

  moderationPage(state: 'held' | 'hidden' | 'reported', skip: number, limit: number) {
    const filter: Filter = state === 'reported' ? { state: 'visible', reportCount: { $gt: 0 } } : { state };
    return Promise.all([
      this.questions.find(filter, { sort: { updatedAt: -1 }, skip, limit, projection: excludeOutbox() }),
      this.questions.countDocuments(filter),
    ]);
  }

  /** Questions created per UTC day since `from` (analytics). */
  async perDay(from: string): Promise<Map<string, number>> {
    return perDay(this.questions, from);
  }

  private listFilter(filter: QuestionListFilter): Filter {
    const query: Filter = { state: 'visible' };
    if (filter.category === 'other') query.category = { $nin: KNOWN_CATEGORIES };
    else if (filter.category !== 'all') query.category = filter.category;
    if (filter.sort === 'unanswered') query.answerCount = 0;
    if (filter.sort === 'resolved') query.acceptedAnswerId = { $ne: null };
    if (filter.ids) query._id = { $in: filter.ids };
    return query;
  }

  /** The author's own questions but deleted ones, newest first, a page after `cursor` (/me). */
  pageByAuthor(
    authorId: string,
    cursor: NewestFirstCursor | undefined,
    limit: number,
  ): Promise<QuestionRecord[]> {
    return this.questions.find(
      { authorId, state: { $ne: 'deleted' }, ...olderThan(cursor) },
      { sort: NEWEST_FIRST, limit, projection: excludeOutbox() },
    );
  }

  /** Every one the author wrote, deleted ones too (their text is still held): the export. */
  allByAuthor(authorId: string): Promise<QuestionRecord[]> {
    return this.questions.find({ authorId }, { sort: NEWEST_FIRST, projection: excludeOutbox() });
  }

  /** Cuts the author's questions from the identity: another id and name on each. Returns their ids. */
  async anonymiseAuthor(
    authorId: string,
    author: { id: string; snapshot: AuthorSnapshot },
  ): Promise<string[]> {
    const ids = (await this.questions.find<{ _id: string }>({ authorId }, { projection: { _id: 1 } })).map(
      (r) => r._id,
    );
    await this.questions.updateMany(
      { authorId },
      { $set: { authorId: author.id, author: author.snapshot, anonymousSessionId: '' } },
    );
    return ids;
  }

  /** Which of these questions `authorId` wrote (the reader's state marks them as theirs). */
  async writtenBy(ids: readonly string[], authorId: string): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.questions.find({ _id: { $in: [...ids] }, authorId }, { projection: { _id: 1 } });
    return rows.map((row) => row._id);
  }
}

/** A filter on a post's version: a post never edited has none stored (version 1). */
export const sameVersion = (version: number | undefined): Filter =>
  version === undefined ? { version: { $exists: false } } : { version };

/**
 * Documents created per UTC day (the first 10 characters of createdAt) since `from`. Counted here rather
 * than in a pipeline: date-string operators differ between the store's adapters (store.port.ts).
 */
export async function perDay(collection: Collection<{ _id: string; createdAt: string }>, from: string) {
  const rows = await collection.find<{ createdAt: string }>(
    { createdAt: { $gte: from } },
    { projection: { _id: 0, createdAt: 1 } },
  );
  const days = new Map<string, number>();
  for (const { createdAt } of rows)
    days.set(createdAt.slice(0, 10), (days.get(createdAt.slice(0, 10)) ?? 0) + 1);
  return days;
}
