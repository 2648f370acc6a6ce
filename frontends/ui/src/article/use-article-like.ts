import type { LikeBody, LikeResponse, LikeStatusResponse } from '@pulse/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchJson, sendJson } from '../api';
import { toast } from '../toast';
import { ARTICLE_PAGE } from './copy';
import { LIKE_PATH, likeStatusPath, UNLIKE_PATH } from './paths';

export interface LikeState {
  liked: boolean;
  count: number;
}

/** The optimistic next state of a toggle: the count moves by one and never below 0 (docs/spec-content.md §4). */
export function toggled({ liked, count }: LikeState): LikeState {
  return liked ? { liked: false, count: Math.max(0, count - 1) } : { liked: true, count: count + 1 };
}

/**
 * Like and unlike an article (docs/spec-content.md §4, §7). The button changes at once; the server's answer then
 * settles liked and the count, and a failure puts both back with a toast (docs/design.md §11.8). A click while
 * a request is under way is ignored.
 */
export function useArticleLike(id: string, initialCount: number) {
  const [state, setState] = useState<LikeState>({ liked: false, count: Math.max(0, initialCount) });
  const [pending, setPending] = useState(false);
  const current = useRef({ ...state, pending });
  current.current = { ...state, pending };

  useEffect(() => {
    let live = true;
    setState({ liked: false, count: Math.max(0, initialCount) });
    fetchJson<LikeStatusResponse>(likeStatusPath(id), { credentials: 'include' }).then(
      (status) => live && setState((s) => ({ ...s, liked: status.liked === true })),
      // Unknown status: shown as not liked; the like call itself is authoritative.
      (error: unknown) => console.warn('[펄스] 좋아요 상태를 불러오지 못했습니다.', error),
    );
    return () => {
      live = false;
    };
  }, [id, initialCount]);

  const toggle = useCallback(async () => {
    const { pending: busy, ...before } = current.current;
    if (busy) return;
    const after = toggled(before);
    current.current = { ...after, pending: true };
    setState(after);
    setPending(true);
    const body: LikeBody = { contentId: id, contentType: 'article' };
    try {
      const answer = after.liked
        ? await sendJson<LikeResponse>('POST', LIKE_PATH, body)
        : await sendJson<LikeResponse>('DELETE', UNLIKE_PATH, body);
      setState({
        liked: answer?.liked ?? after.liked,
        count: Math.max(0, answer?.likesCount ?? after.count),
      });
      toast({ title: after.liked ? ARTICLE_PAGE.liked : ARTICLE_PAGE.likeRemoved });
    } catch (error) {
      setState(before);
      toast({
        title: ARTICLE_PAGE.likeFailed,
        description: ARTICLE_PAGE.tryAgainLater,
        variant: 'destructive',
      });
      console.warn('[펄스] 좋아요 요청이 실패했습니다.', error);
    } finally {
      setPending(false);
    }
  }, [id]);

  return { ...state, pending, toggle };
}
