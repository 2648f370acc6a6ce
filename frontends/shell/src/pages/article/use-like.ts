import type { LikeBody, LikeResponse, LikeStatusResponse } from '@pulse/contracts';
import { fetchJson, sendJson, toast } from '@pulse/frontend-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ARTICLE } from '../../copy';

export interface LikeState {
  liked: boolean;
  count: number;
}

/** The optimistic next state of a toggle: the count moves by one and never below 0 (docs/spec-content.md §4). */
export function toggled({ liked, count }: LikeState): LikeState {
  return liked ? { liked: false, count: Math.max(0, count - 1) } : { liked: true, count: count + 1 };
}

/**
 * Like and unlike an article (docs/spec-content.md §4, §7), optimistic: the button changes at once, then settles on
 * the server's numbers, or rolls back with a toast when the call fails (docs/design.md §11.8).
 */
export function useArticleLike(articleId: string, initialCount: number) {
  const [state, setState] = useState<LikeState>({ liked: false, count: initialCount });
  const [pending, setPending] = useState(false);
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    let live = true;
    setState({ liked: false, count: initialCount });
    fetchJson<LikeStatusResponse>(`/api/interactions/status/${encodeURIComponent(articleId)}`, {
      credentials: 'include',
    })
      .then((status) => live && setState((s) => ({ ...s, liked: status.liked })))
      .catch((error: unknown) => console.warn('[펄스] 좋아요 상태를 불러오지 못했습니다.', error));
    return () => {
      live = false;
    };
  }, [articleId, initialCount]);

  const toggle = useCallback(async () => {
    if (pending) return;
    const before = current.current;
    const after = toggled(before);
    setState(after);
    setPending(true);
    const body: LikeBody = { contentId: articleId, contentType: 'article' };
    try {
      const result = after.liked
        ? await sendJson<LikeResponse>('POST', '/api/interactions/like', body)
        : await sendJson<LikeResponse>('DELETE', '/api/interactions/unlike', body);
      setState({
        liked: result?.liked ?? after.liked,
        count: Math.max(0, result?.likesCount ?? after.count),
      });
      toast({ title: after.liked ? ARTICLE.liked : ARTICLE.likeRemoved });
    } catch (error) {
      setState(before);
      toast({ title: ARTICLE.likeFailed, description: ARTICLE.tryAgainLater, variant: 'destructive' });
      console.warn('[펄스] 좋아요 요청이 실패했습니다.', error);
    } finally {
      setPending(false);
    }
  }, [articleId, pending]);

  return { ...state, pending, toggle };
}
