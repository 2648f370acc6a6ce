import type { ArticleComment, CommentListData } from '@pulse/contracts';
import {
  COMMENT_SORTS,
  COMMUNITY_LIMITS,
  type CommentSort,
} from '@pulse/contracts/src/api/community-constants';
import { useId, useState } from 'react';
import { EmptyState } from '../../EmptyState';
import { ErrorState } from '../../ErrorState';
import { Skeleton } from '../../Skeleton';
import { toast } from '../../toast';
import { currentUser } from '../identity';
import { useIdentityGate } from '../use-identity-gate';
import { CommentComposer } from './CommentComposer';
import { CommentItem, type CommentActions } from './CommentItem';
import * as api from './comments-api';
import { COMMENTS_COPY as COPY } from './copy';
import {
  addReply,
  addTopComment,
  editComment,
  findComment,
  markDeleted,
  restoreComment,
  toggleReaction,
  type ShownComment,
} from './thread-edits';
import { useCommentPages } from './use-comment-pages';
import { useOptimisticWrite } from './use-optimistic-write';
import { useReaderReactions } from './use-reader-reactions';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
let pendingSerial = 0;

/**
 * An article's comments (docs/spec-community.md §2 'Article comments'; docs/design.md §11.3 wires them to the server): the
 * sort choice (popular first), the composer, the threads with nested replies, 'load more'. The one
 * implementation, shown by the shell's article page and the news remote's content detail. Every write
 * shows at once and is rolled back, with a toast, when the server refuses it.
 */
export function CommentsSection({ articleId }: { articleId: string }) {
  const [sort, setSort] = useState<CommentSort>('popular');
  const threads = useCommentPages(articleId, sort);
  const { user, require, dialog } = useIdentityGate();
  const marks = useReaderReactions(threads.pages, user?.id ?? null);
  const headingId = useId();
  const fail = (title: string, error: unknown) =>
    toast({ title, description: messageOf(error), variant: 'destructive' });

  const current = (id: string) =>
    threads.pages.map((page) => findComment(page.comments as ShownComment[], id)).find(Boolean);

  const draftOf = (text: string, parent: ArticleComment | null): ShownComment => {
    const now = new Date().toISOString();
    // Read now, not from this render: a write the nickname dialog let through runs before a re-render.
    const user = currentUser();
    return {
      id: `pending-${++pendingSerial}`,
      articleId,
      parentId: parent?.id ?? null,
      depth: parent ? parent.depth + 1 : 0,
      content: text,
      author: {
        id: user?.id ?? '',
        displayName: user?.displayName ?? '',
        avatar: null,
        isAnonymous: true,
        badges: user?.badges ?? [],
      },
      createdAt: now,
      updatedAt: now,
      isEdited: false,
      likes: 0,
      dislikes: 0,
      replies: [],
      viewerVote: null,
      pending: true,
    };
  };

  type Post = { draft: ShownComment; text: string };
  const confirmPost = (page: CommentListData, _i: number, saved: ArticleComment, { draft }: Post) =>
    editComment(page, draft.id, () => ({ ...saved, replies: [] }));
  const postTop = useOptimisticWrite<Post, ArticleComment>(articleId, sort, {
    send: ({ text }) => api.postComment(articleId, text),
    optimistic: (page, index, { draft }) => (index === 0 ? addTopComment(page, draft) : page),
    confirmed: confirmPost,
    failure: COPY.failed.comment,
  });
  const postReply = useOptimisticWrite<Post, ArticleComment>(articleId, sort, {
    send: ({ draft, text }) => api.postReply(draft.parentId ?? '', text),
    optimistic: (page, _i, { draft }) => addReply(page, draft.parentId ?? '', draft),
    confirmed: confirmPost,
    failure: COPY.failed.reply,
  });
  type Reaction = { id: string; voteType: 'like' | 'dislike' };
  const react = useOptimisticWrite<Reaction, Awaited<ReturnType<typeof api.reactToComment>>>(
    articleId,
    sort,
    {
      send: ({ id, voteType }) => api.reactToComment(id, voteType),
      // Toggled from what the reader sees: the cached thread holds no reaction until this page makes one.
      optimistic: (page, _i, { id, voteType }) =>
        editComment(page, id, (c) => toggleReaction({ ...c, viewerVote: marks.reactionOf(c) }, voteType)),
      confirmed: (page, _i, server, { id }) => {
        marks.remember(id, server.viewerVote);
        return editComment(page, id, (c) => ({ ...c, ...server }));
      },
      failure: COPY.failed.reaction,
    },
  );

  /** Shows the draft at once, then the server's comment in its place, or takes it out again. */
  const post = (write: typeof postTop, draft: ShownComment, text: string) =>
    write.mutateAsync({ draft, text }).then(
      () => {
        // Nothing was loaded to show the draft in: read the list, which now holds it.
        if (!threads.pages.length) threads.retry();
        return true;
      },
      () => false,
    );

  const create = (text: string) => post(postTop, draftOf(text, null), text);

  const actions: CommentActions = {
    viewerId: user?.id ?? null,
    require,
    reply: (parent, text) => post(postReply, draftOf(text, parent), text),
    edit: async (comment, text) => {
      const before = current(comment.id) ?? comment;
      threads.update((page) =>
        editComment(page, comment.id, (c) => ({ ...c, content: text, isEdited: true })),
      );
      try {
        const saved = await api.editComment(comment.id, text);
        threads.update((page) =>
          editComment(page, comment.id, (c) => ({
            ...c,
            content: saved.content,
            updatedAt: saved.updatedAt,
          })),
        );
        threads.invalidateOthers();
        return true;
      } catch (error) {
        threads.update((page) =>
          editComment(page, comment.id, (c) => ({
            ...c,
            content: before.content,
            isEdited: before.isEdited,
            updatedAt: before.updatedAt,
          })),
        );
        fail(COPY.failed.edit, error);
        return false;
      }
    },
    remove: (comment) => {
      if (!window.confirm(COPY.confirmDelete)) return;
      const before = current(comment.id) ?? comment;
      threads.update((page) => markDeleted(page, comment.id));
      api.deleteComment(comment.id).then(
        () => threads.invalidateOthers(),
        (error: unknown) => {
          threads.update((page) => restoreComment(page, before, true));
          fail(COPY.failed.delete, error);
        },
      );
    },
    react: (comment, voteType) => react.mutate({ id: comment.id, voteType }),
    report: (comment) => {
      api.reportComment(comment.id).then(
        () => toast({ title: COPY.reported }),
        (error: unknown) => fail(COPY.failed.report, error),
      );
    },
  };

  const comments = threads.pages
    .flatMap((page) => page.comments as ShownComment[])
    .filter((c) => !c.gone)
    .map(marks.shown);
  const total = threads.pages[0]?.totalCount;

  return (
    <section className="comments" aria-labelledby={headingId}>
      <div className="comments__header">
        <h2 id={headingId}>
          {COPY.heading}
          {total !== undefined && (
            <span className="comments__count" aria-label={COPY.count(total)}>
              {' '}
              {total.toLocaleString('ko-KR')}
            </span>
          )}
        </h2>
        <div className="comments__sorts" role="group" aria-label={COPY.sortLabel}>
          {COMMENT_SORTS.map((value) => (
            <button
              key={value}
              type="button"
              className={value === sort ? 'comments__sort comments__sort--on' : 'comments__sort'}
              aria-pressed={value === sort}
              onClick={() => setSort(value)}
            >
              {COPY.sorts[value]}
            </button>
          ))}
        </div>
      </div>
      <CommentComposer
        label={COPY.composerLabel}
        placeholder={COPY.composerPlaceholder}
        min={COMMUNITY_LIMITS.comment.min}
        max={COMMUNITY_LIMITS.comment.max}
        require={require}
        onSubmit={create}
      />
      {threads.isLoading ? (
        <div className="comments__loading" aria-busy="true" aria-label="댓글을 불러오는 중">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="skeleton--line" />
          ))}
        </div>
      ) : threads.error ? (
        <ErrorState title={COPY.loadFailed} message={threads.error.message} onRetry={threads.retry} />
      ) : comments.length === 0 ? (
        <EmptyState title={COPY.empty} message={COPY.emptyHint} />
      ) : (
        <ol className="comments__list">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} actions={actions} />
          ))}
        </ol>
      )}
      {threads.moreError ? (
        <ErrorState title={COPY.loadFailed} message={threads.moreError.message} onRetry={threads.retry} />
      ) : (
        (threads.hasMore || threads.moreLoading) && (
          <button
            type="button"
            className="button button--outline comments__more"
            disabled={threads.moreLoading}
            onClick={threads.loadMore}
          >
            {threads.moreLoading ? COPY.loadingMore : COPY.loadMore}
          </button>
        )
      )}
      {dialog}
    </section>
  );
}
