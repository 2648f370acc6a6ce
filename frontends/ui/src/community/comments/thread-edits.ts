// Pure edits of a cached page of threads, for optimistic updates and their rollbacks. Every function
// returns a new page and leaves the one it got untouched (the query cache hands out shared snapshots).
import type { ArticleComment, CommentListData } from '@pulse/contracts';
import { COMMENT_PLACEHOLDER } from '@pulse/contracts/src/api/community';

/** A comment as the page holds it: `pending` while the server has not confirmed it, `gone` once deleted. */
export type ShownComment = Omit<ArticleComment, 'replies'> & {
  pending?: boolean;
  gone?: boolean;
  replies: ShownComment[];
};

function mapTree(
  comments: ShownComment[],
  id: string,
  edit: (comment: ShownComment) => ShownComment,
): ShownComment[] {
  return comments.map((comment) =>
    comment.id === id
      ? edit(comment)
      : comment.replies.length
        ? { ...comment, replies: mapTree(comment.replies, id, edit) }
        : comment,
  );
}

export function findComment(comments: ShownComment[], id: string): ShownComment | undefined {
  for (const comment of comments) {
    if (comment.id === id) return comment;
    const inside = findComment(comment.replies, id);
    if (inside) return inside;
  }
  return undefined;
}

const withTotal = (page: CommentListData, by: number): CommentListData => ({
  ...page,
  totalCount: Math.max(0, page.totalCount + by),
});

/** Replaces one comment (anywhere in the page) by what `edit` makes of it; the page as is when absent. */
export function editComment(
  page: CommentListData,
  id: string,
  edit: (comment: ShownComment) => ShownComment,
): CommentListData {
  if (!findComment(page.comments as ShownComment[], id)) return page;
  return { ...page, comments: mapTree(page.comments as ShownComment[], id, edit) };
}

/** A new top-level comment first on the page, counted. */
export const addTopComment = (page: CommentListData, comment: ShownComment): CommentListData =>
  withTotal({ ...page, comments: [comment, ...page.comments] }, 1);

/** A new reply last under its parent, counted; the page as is when the parent is not on it. */
export function addReply(page: CommentListData, parentId: string, reply: ShownComment): CommentListData {
  if (!findComment(page.comments as ShownComment[], parentId)) return page;
  return withTotal(
    editComment(page, parentId, (parent) => ({ ...parent, replies: [...parent.replies, reply] })),
    1,
  );
}

/** Whether anything still shown sits below the comment. */
const hasShownReplies = (comment: ShownComment): boolean =>
  comment.replies.some((reply) => !reply.gone && (!reply.removed || hasShownReplies(reply)));

/**
 * The author's delete as the server does it: with replies the comment stays as '삭제된 댓글입니다.';
 * without, it goes. Uncounted.
 */
export function markDeleted(page: CommentListData, id: string): CommentListData {
  if (!findComment(page.comments as ShownComment[], id)) return page;
  return withTotal(
    editComment(page, id, (comment) =>
      hasShownReplies(comment)
        ? {
            ...comment,
            content: COMMENT_PLACEHOLDER.deleted,
            removed: 'deleted',
            author: { id: '', displayName: '', avatar: null, isAnonymous: true, badges: [] },
            likes: 0,
            dislikes: 0,
            isEdited: false,
          }
        : { ...comment, gone: true },
    ),
    -1,
  );
}

/** A reaction toggled the way the server toggles it: the same again withdraws, the other replaces. */
export function toggleReaction(comment: ShownComment, voteType: 'like' | 'dislike'): ShownComment {
  const from = comment.viewerVote ?? null;
  const to = from === voteType ? null : voteType;
  const delta = (value: 'like' | 'dislike') => (to === value ? 1 : 0) - (from === value ? 1 : 0);
  return {
    ...comment,
    likes: comment.likes + delta('like'),
    dislikes: comment.dislikes + delta('dislike'),
    viewerVote: to,
  };
}

/** Puts a comment back as it was (a failed delete or edit), counted again when `recount`. */
export function restoreComment(
  page: CommentListData,
  original: ShownComment,
  recount = false,
): CommentListData {
  if (!findComment(page.comments as ShownComment[], original.id)) return page;
  return withTotal(
    editComment(page, original.id, () => original),
    recount ? 1 : 0,
  );
}
