import type { AuthorSnapshot, PostState } from '../questions/question.record';
import type { CountedFields } from '../votes/vote.record';

/** An article comment or reply as stored in `community_comments`. */
export interface CommentRecord extends CountedFields {
  _id: string;
  articleId: string;
  parentId: string | null;
  /** Ids from the top-level comment down to the parent; empty for a top-level comment. */
  ancestors: string[];
  /** The top-level comment of the thread (its own id when it is top-level): one query reads a thread. */
  rootId: string;
  /** 0 for a top-level comment; a reply is one deeper than its parent, at most COMMUNITY_LIMITS.commentMaxDepth. */
  depth: number;
  /** Emptied when the author deletes the comment: the text is gone, the place in the thread stays. */
  content: string;
  authorId: string;
  author: AuthorSnapshot;
  anonymousSessionId: string;
  likes: number;
  dislikes: number;
  /** likes − dislikes, kept in step, for the 'popular' sort. */
  score: number;
  /** controversy(likes, dislikes) (comment-order.ts), kept in step, for the 'controversial' sort. */
  controversy: number;
  /**
   * Visible comments below this one. A removed comment with visible replies is shown as a placeholder
   * ('삭제된 댓글입니다.'); one without is left out.
   */
  visibleDescendants: number;
  state: PostState;
  reportCount: number;
  createdAt: string;
  updatedAt: string;
}
