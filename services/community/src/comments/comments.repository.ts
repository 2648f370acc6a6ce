import { Inject, Injectable } from '@nestjs/common';
import type { CommentSort } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  NEWEST_FIRST,
  olderThan,
  type Collection,
  type DocumentStore,
  type Filter,
  type IndexSpec,
  type NewestFirstCursor,
} from '@pulse/platform';
import type { AuthorSnapshot, PostState } from '../questions/question.record';
import { COMMENT_ORDER, controversy } from './comment-order';
import { CountedTargetQueries, type CounterState } from '../votes/counted-target.repository';
import type { CounterDelta, CounterFlush } from '../votes/vote.record';
import type { CommentRecord } from './comment.record';

export const COMMENTS = 'community_comments';

/** What a reader sees of a thread: visible comments, and removed ones that still have visible replies. */
export const SHOWN: Filter = { $or: [{ state: 'visible' }, { visibleDescendants: { $gt: 0 } }] };
export const COMMENT_INDEXES: IndexSpec[] = [
  // A page of an article's top-level threads, in each sort.
  { key: { articleId: 1, depth: 1, score: -1, createdAt: -1 } },
  { key: { articleId: 1, depth: 1, createdAt: -1 } },
  { key: { articleId: 1, depth: 1, controversy: -1 } },
  // The replies of a page's threads.
  { key: { rootId: 1, depth: 1 } },
  // totalCount of an article.
  { key: { articleId: 1, state: 1 } },
  // The moderation queue.
  { key: { state: 1, updatedAt: -1 } },
  { key: { authorId: 1 } },
];
/** A ceiling on the replies one page of threads returns (a page of 20 threads rarely holds 100). */
const MAX_REPLIES_PER_PAGE = 5000;

@Injectable()
export class CommentsRepository {
  private readonly comments: Collection<CommentRecord>;
  private readonly reactionCounter: CountedTargetQueries<CommentRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.comments = store.collection<CommentRecord>(COMMENTS, {
      indexes: COMMENT_INDEXES,
    });
    this.reactionCounter = new CountedTargetQueries(this.comments, (delta) => ({
      likes: delta.like,
      dislikes: delta.dislike,
      score: delta.like - delta.dislike,
    }));
  }

  insert(comment: CommentRecord): Promise<void> {
    return this.comments.insertOne(comment);
  }

  findVisible(id: string): Promise<CommentRecord | null> {
    return this.comments.findOne({ _id: id, state: 'visible' });
  }

  /** What a reaction to a visible comment reads of it: only the fields it needs, not the text. */
  reactionTarget(
    id: string,
  ): Promise<Pick<CommentRecord, '_id' | 'authorId' | 'likes' | 'dislikes' | 'counterSeq'> | null> {
    return this.comments.findOne(
      { _id: id, state: 'visible' },
      { projection: { authorId: 1, likes: 1, dislikes: 1, counterSeq: 1 } },
    );
  }

  /** Any state but deleted (its author may still delete a held one; moderators see it). */
  findExisting(id: string): Promise<CommentRecord | null> {
    return this.comments.findOne({ _id: id, state: { $ne: 'deleted' } });
  }

  /** One page of an article's top-level threads that readers see, and how many there are. */
  async threadPage(articleId: string, sort: CommentSort, skip: number, limit: number) {
    const filter: Filter = { articleId, depth: 0, ...SHOWN };
    const [items, total] = await Promise.all([
      this.comments.find(filter, { sort: COMMENT_ORDER[sort], skip, limit }),
      this.comments.countDocuments(filter),
    ]);
    return { items, total };
  }

  /** The shown replies of these threads, in the chosen order (the tree is built by the caller). */
  repliesOf(rootIds: readonly string[], sort: CommentSort): Promise<CommentRecord[]> {
    if (!rootIds.length) return Promise.resolve([]);
    return this.comments.find(
      { rootId: { $in: [...rootIds] }, depth: { $gt: 0 }, ...SHOWN },
      { sort: COMMENT_ORDER[sort], limit: MAX_REPLIES_PER_PAGE },
    );
  }

  countVisible(articleId: string): Promise<number> {
    return this.comments.countDocuments({ articleId, state: 'visible' });
  }

  /** The author's edit: only a visible comment of `authorId`. Returns the comment after, or null. */
  editContent(id: string, authorId: string, content: string, at: string): Promise<CommentRecord | null> {
    return this.comments.findOneAndUpdate(
      { _id: id, authorId, state: 'visible' },
      { $set: { content, updatedAt: at } },
      { returnDocument: 'after' },
    );
  }

  /** The author's delete: the text goes, the record stays for the thread. The comment before, or null. */
  markDeleted(id: string, authorId: string, at: string): Promise<CommentRecord | null> {
    return this.comments.findOneAndUpdate(
      { _id: id, authorId, state: { $ne: 'deleted' } },
      { $set: { state: 'deleted', content: '', updatedAt: at } },
      { returnDocument: 'before' },
    );
  }

  /** A moderator's or the report threshold's move; the comment as it was before, or null. */
  setState(id: string, from: readonly PostState[], to: PostState): Promise<CommentRecord | null> {
    return this.comments.findOneAndUpdate(
      { _id: id, state: { $in: [...from] } },
      { $set: { state: to } },
      { returnDocument: 'before' },
    );
  }

  /** Keeps visibleDescendants of the ancestors in step when a comment becomes shown (+1) or not (−1). */
  async addVisibleDescendants(ancestors: readonly string[], by: number): Promise<void> {
    if (ancestors.length)
      await this.comments.updateMany({ _id: { $in: [...ancestors] } }, { $inc: { visibleDescendants: by } });
  }

  /**
   * Moves the reaction counts, then writes score and controversy from the counts it produced. The second
   * write is a compare-and-set on those counts: when another reaction moved them in between, that
   * request's own write sets the values, so they always end up matching the final counts.
   */
  /** Like and dislike counter flushes (vote-counters.ts); score and controversy follow the counts. */
  readonly reactionCounts = {
    state: (id: string): Promise<CounterState | null> => this.reactionCounter.state(id),
    open: async (id: string, seq: number, delta: CounterDelta, flush: CounterFlush) => {
      const after = await this.reactionCounter.open(id, seq, delta, flush);
      if (after) await this.keepControversy(after);
      return after;
    },
    close: (id: string, flushId: string): Promise<void> => this.reactionCounter.close(id, flushId),
  };

  /**
   * Controversy as a compare-and-set on the counts it was computed from, so whichever write sees the
   * final counts last leaves it matching them.
   */
  private async keepControversy(after: CommentRecord): Promise<void> {
    after.controversy = controversy(after.likes, after.dislikes);
    await this.comments.updateOne(
      { _id: after._id, likes: after.likes, dislikes: after.dislikes },
      { $set: { controversy: after.controversy } },
    );
  }

  async addReport(id: string): Promise<number> {
    const after = await this.comments.findOneAndUpdate(
      { _id: id },
      { $inc: { reportCount: 1 } },
      { returnDocument: 'after', projection: { reportCount: 1 } },
    );
    return after?.reportCount ?? 0;
  }

  moderationPage(state: 'held' | 'hidden' | 'reported', skip: number, limit: number) {
    const filter: Filter = state === 'reported' ? { state: 'visible', reportCount: { $gt: 0 } } : { state };
    return Promise.all([
      this.comments.find(filter, { sort: { updatedAt: -1 }, skip, limit }),
      this.comments.countDocuments(filter),
    ]);
  }

  /** The author's own comments but deleted ones, newest first, a page after `cursor` (/me). */
  pageByAuthor(
    authorId: string,
    cursor: NewestFirstCursor | undefined,
    limit: number,
  ): Promise<CommentRecord[]> {
    return this.comments.find(
      { authorId, state: { $ne: 'deleted' }, ...olderThan(cursor) },
      { sort: NEWEST_FIRST, limit },
    );
  }

  /** Every one the author wrote, deleted ones too (their text is still held): the export. */
  allByAuthor(authorId: string): Promise<CommentRecord[]> {
    return this.comments.find({ authorId }, { sort: NEWEST_FIRST });
  }

  /** The articles the author commented on (their threads name the author). */
  async articlesOf(authorId: string): Promise<string[]> {
    const rows = await this.comments.find<{ articleId: string }>(
      { authorId },
      { projection: { articleId: 1 } },
    );
    return [...new Set(rows.map((row) => row.articleId))];
  }

  /** Cuts the author's comments from the identity: another id and name on each. Returns their ids. */
  async anonymiseAuthor(
    authorId: string,
    author: { id: string; snapshot: AuthorSnapshot },
  ): Promise<string[]> {
    const ids = (await this.comments.find<{ _id: string }>({ authorId }, { projection: { _id: 1 } })).map(
      (r) => r._id,
    );
    await this.comments.updateMany(
      { authorId },
      { $set: { authorId: author.id, author: author.snapshot, anonymousSessionId: '' } },
    );
    return ids;
  }
}
