import type { CommentListData, CommentViewerVote } from '@pulse/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { askReaderState } from '../reader-state';
import type { ShownComment } from './thread-edits';

type Reactions = Readonly<Record<string, CommentViewerVote>>;

/** The ids of the comments a reader can react to on these pages (not drafts, not placeholders). */
function reactableIds(comments: readonly ShownComment[], into: string[] = []): string[] {
  for (const comment of comments) {
    if (!comment.pending && !comment.removed) into.push(comment.id);
    reactableIds(comment.replies, into);
  }
  return into;
}

export interface ReaderReactions {
  /** The reader's reaction to the comment as shown (null: none, or nobody signed in). */
  reactionOf: (comment: ShownComment) => CommentViewerVote;
  /** The comment with the reader's own reaction in it; a reaction this page made wins over any read. */
  shown: (comment: ShownComment) => ShownComment;
  /** Keeps a reaction the server just confirmed, so a later read of the thread (it carries none) shows it. */
  remember: (id: string, reaction: CommentViewerVote) => void;
}

/**
 * The signed-in reader's reactions to the comments on the loaded pages. The threads are the same for
 * every reader (a shared cache may answer them), so the reactions are the reader-state call's: asked
 * for each comment once per identity, as its page arrives, and merged in when shown. Nobody signed in:
 * nothing is asked and no comment shows a reaction.
 */
export function useReaderReactions(
  pages: readonly CommentListData[],
  userId: string | null,
): ReaderReactions {
  const [read, setRead] = useState<Reactions>({});
  const asked = useRef<{ owner: string | null; ids: Set<string> }>({ owner: null, ids: new Set() });
  const ids = pages.flatMap((page) => reactableIds(page.comments as ShownComment[]));
  const key = ids.join(',');
  useEffect(() => {
    if (asked.current.owner !== userId) {
      asked.current = { owner: userId, ids: new Set() };
      setRead({});
    }
    if (!userId) return;
    const fresh = key.split(',').filter((id) => id && !asked.current.ids.has(id));
    if (fresh.length === 0) return;
    const ask = asked.current;
    fresh.forEach((id) => ask.ids.add(id));
    askReaderState({ comments: fresh }).then(
      (state) => {
        if (asked.current !== ask) return;
        const reactions = Object.fromEntries(fresh.map((id) => [id, state.comments[id]?.reaction ?? null]));
        // A reaction made while the read was under way is newer than the read.
        setRead((current) => ({ ...reactions, ...current }));
      },
      (error: unknown) => {
        // Asked again when the next page arrives; meanwhile the comments show no reaction.
        fresh.forEach((id) => ask.ids.delete(id));
        console.warn('[펄스] 내 반응을 불러오지 못했습니다.', error);
      },
    );
  }, [userId, key]);
  const shown = useCallback(
    (comment: ShownComment): ShownComment => {
      const mark = comment.viewerVote !== undefined ? comment.viewerVote : read[comment.id];
      const replies = comment.replies.length ? comment.replies.map(shown) : comment.replies;
      if (mark === undefined && replies === comment.replies) return comment;
      return mark === undefined ? { ...comment, replies } : { ...comment, viewerVote: mark, replies };
    },
    [read],
  );
  const reactionOf = useCallback(
    (comment: ShownComment) =>
      (comment.viewerVote !== undefined ? comment.viewerVote : read[comment.id]) ?? null,
    [read],
  );
  const remember = useCallback(
    (id: string, reaction: CommentViewerVote) => setRead((current) => ({ ...current, [id]: reaction })),
    [],
  );
  return { reactionOf, shown, remember };
}
