import type { ModerationState } from '@pulse/contracts';
import type { EditedMarks } from '../revisions/post-revision.record';
import type { CountedFields } from '../votes/vote.record';

/** What a post shows of its author, copied at write time (nicknames never change). */
export interface AuthorSnapshot {
  username: string;
  displayName: string;
  createdAt: string;
}

/** `deleted` is its author's delete: kept (its pending events still leave) but never shown again. */
export type PostState = ModerationState | 'deleted';

/** A question as stored in `community_questions` (with its version once edited: revisions/). */
export interface QuestionRecord extends EditedMarks, CountedFields {
  _id: string;
  title: string;
  content: string;
  category: string;
  tags: string[];
  authorId: string;
  author: AuthorSnapshot;
  /** A one-way hash of the author's session: marks the post anonymous without exposing the session. */
  anonymousSessionId: string;
  viewCount: number;
  upvotes: number;
  /** upvotes + viewCount, kept in step, for the 'popular' sort. */
  popularity: number;
  answerCount: number;
  acceptedAnswerId: string | null;
  state: PostState;
  reportCount: number;
  createdAt: string;
  updatedAt: string;
  /** The article it was asked from, and that article's story once known (story-questions/). */
  articleId?: string;
  storyId?: string | null;
}
