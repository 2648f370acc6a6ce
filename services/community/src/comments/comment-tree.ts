import { COMMENT_PLACEHOLDER, isEdited, type ArticleComment, type Badge } from '@pulse/contracts';
import type { CommentRecord } from './comment.record';

export interface CommentLookups {
  badges: Map<string, Badge[]>;
  /** Undefined when the request has no identity: viewerVote is then left out. */
  votes: Map<string, 'like' | 'dislike'> | undefined;
}

/** docs/spec-community.md §3 Article comment, or the placeholder of a removed one that still has visible replies. */
export function toArticleComment(record: CommentRecord, lookups: CommentLookups): ArticleComment {
  const base = {
    id: record._id,
    articleId: record.articleId,
    parentId: record.parentId,
    depth: record.depth,
    createdAt: record.createdAt,
    replies: [],
  };
  if (record.state !== 'visible') {
    const removed = record.state === 'deleted' ? 'deleted' : 'hidden';
    return {
      ...base,
      content: COMMENT_PLACEHOLDER[removed],
      author: { id: '', displayName: '', avatar: null, isAnonymous: true, badges: [] },
      updatedAt: record.createdAt,
      isEdited: false,
      likes: 0,
      dislikes: 0,
      removed,
    };
  }
  return {
    ...base,
    content: record.content,
    author: {
      id: record.authorId,
      displayName: record.author.displayName,
      // Nickname identities have no picture; the client draws the initial (seed: avatar may be empty).
      avatar: null,
      isAnonymous: true,
      badges: lookups.badges.get(record.authorId) ?? [],
    },
    updatedAt: record.updatedAt,
    isEdited: isEdited(record),
    likes: record.likes,
    dislikes: record.dislikes,
    ...(lookups.votes ? { viewerVote: lookups.votes.get(record._id) ?? null } : {}),
  };
}

/**
 * Nests replies under their parents. `replies` arrive in the chosen order, so each level keeps it. A reply
 * whose parent is not among them is dropped: its parent was removed without visible replies of its own,
 * which cannot happen while visibleDescendants is right, so nothing shown depends on it.
 */
export function buildThreads(
  tops: readonly CommentRecord[],
  replies: readonly CommentRecord[],
  lookups: CommentLookups,
): ArticleComment[] {
  const children = new Map<string, CommentRecord[]>();
  for (const reply of replies) {
    const siblings = children.get(reply.parentId!) ?? [];
    siblings.push(reply);
    children.set(reply.parentId!, siblings);
  }
  const grow = (record: CommentRecord): ArticleComment => ({
    ...toArticleComment(record, lookups),
    replies: (children.get(record._id) ?? []).map(grow),
  });
  return tops.map(grow);
}
