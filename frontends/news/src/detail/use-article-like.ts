import type { LikeBody, LikeResponse, LikeStatusResponse } from '@pulse/contracts';
import { fetchJson, sendJson, toast } from '@pulse/frontend-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIKE_PATH, UNLIKE_PATH, likeStatusPath } from '../api';
import { COPY } from '../copy';

export interface LikeState {
  liked: boolean;
  count: number;
  pending: boolean;
}

/**
 * Like and unlike an article (docs/spec-content.md §4). The button changes at once; the server's answer then settles
 * liked and the count, and a failure puts both back with a toast (docs/design.md §11.8). The count never goes
 * below 0. A click while a request is under way is ignored.
 */
export function useArticleLike(id: string, initialCount: number): LikeState & { toggle: () => void } {
  const [state, setState] = useState<LikeState>({
    liked: false,
    count: Math.max(0, initialCount),
    pending: false,
  });
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    let live = true;
    setState({ liked: false, count: Math.max(0, initialCount), pending: false });
    fetchJson<LikeStatusResponse>(likeStatusPath(id), { credentials: 'include' }).then(
      (status) => live && setState((s) => ({ ...s, liked: status.liked === true })),
      // Unknown status: shown as not liked; the like call itself is authoritative.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id, initialCount]);

  const toggle = useCallback(() => {
    const before = current.current;
    if (before.pending) return;
    const like = !before.liked;
    const optimistic = {
      liked: like,
      count: Math.max(0, before.count + (like ? 1 : -1)),
      pending: true,
    };
    current.current = optimistic;
    setState(optimistic);
    const body: LikeBody = { contentId: id, contentType: 'article' };
    sendJson<LikeResponse>(like ? 'POST' : 'DELETE', like ? LIKE_PATH : UNLIKE_PATH, body).then(
      (answer) => {
        setState({ liked: answer.liked, count: Math.max(0, answer.likesCount), pending: false });
        toast(
          like
            ? { title: COPY.detail.likedToast, description: COPY.detail.likedToastBody }
            : { title: COPY.detail.unlikedToast, description: COPY.detail.unlikedToastBody },
        );
      },
      () => {
        setState({ ...before, pending: false });
        toast({
          title: COPY.detail.likeFailed,
          description: COPY.detail.likeFailedBody,
          variant: 'destructive',
        });
      },
    );
  }, [id]);

  return { ...state, toggle };
}
