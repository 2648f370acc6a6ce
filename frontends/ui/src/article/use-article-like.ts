import type { LikeBody, LikeResponse, LikeStatusResponse } from '@pulse/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiQueryKey, fetchJson, sendJson, useApiQueryClient } from '../api';
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
 * The like button's state in the query client. Keyed by the article's count too: a fresh count (the
 * article read again) starts over from it, and the reader's status is read again.
 */
const likeKey = (id: string, initialCount: number) => ['article-like', id, initialCount] as const;

/**
 * Like and unlike an article (docs/spec-content.md §4, §7). The button changes at once (onMutate); the server's
 * answer then settles liked and the count, and a failure puts both back with a toast (onError; docs/design.md
 * §11.8). Either way the cached article, whose count is now old, goes stale (onSettled). A click while a
 * request is under way is ignored.
 */
export function useArticleLike(id: string, initialCount: number) {
  const client = useApiQueryClient();
  const key = likeKey(id, initialCount);
  const start: LikeState = { liked: false, count: Math.max(0, initialCount) };
  const { data: state = start } = useQuery<LikeState>(
    {
      queryKey: key,
      queryFn: async () => {
        try {
          const status = await fetchJson<LikeStatusResponse>(likeStatusPath(id), { credentials: 'include' });
          const now = client.getQueryData<LikeState>(key) ?? start;
          return { ...now, liked: status.liked === true };
        } catch (error) {
          // Unknown status: shown as not liked; the like call itself is authoritative.
          console.warn('[펄스] 좋아요 상태를 불러오지 못했습니다.', error);
          return client.getQueryData<LikeState>(key) ?? start;
        }
      },
      initialData: start,
      // Shown at once as not liked, then the reader's own status; read once per visit.
      initialDataUpdatedAt: 0,
      staleTime: Infinity,
      refetchOnMount: 'always',
    },
    client,
  );

  const mutation = useMutation<LikeResponse | undefined, Error, LikeState, { before: LikeState }>(
    {
      mutationFn: (after) => {
        const body: LikeBody = { contentId: id, contentType: 'article' };
        return after.liked
          ? sendJson<LikeResponse>('POST', LIKE_PATH, body)
          : sendJson<LikeResponse>('DELETE', UNLIKE_PATH, body);
      },
      onMutate: async (after) => {
        // The status read still under way would answer for the state before this click.
        if (client.isFetching({ queryKey: key }) > 0) await client.cancelQueries({ queryKey: key });
        const before = client.getQueryData<LikeState>(key) ?? start;
        client.setQueryData<LikeState>(key, after);
        return { before };
      },
      onSuccess: (answer, after) => {
        client.setQueryData<LikeState>(key, {
          liked: answer?.liked ?? after.liked,
          count: Math.max(0, answer?.likesCount ?? after.count),
        });
        toast({ title: after.liked ? ARTICLE_PAGE.liked : ARTICLE_PAGE.likeRemoved });
      },
      onError: (error, _after, context) => {
        if (context) client.setQueryData<LikeState>(key, context.before);
        toast({
          title: ARTICLE_PAGE.likeFailed,
          description: ARTICLE_PAGE.tryAgainLater,
          variant: 'destructive',
        });
        console.warn('[펄스] 좋아요 요청이 실패했습니다.', error);
      },
      onSettled: () =>
        void client.invalidateQueries({ queryKey: apiQueryKey(`article:${id}`), refetchType: 'none' }),
    },
    client,
  );

  // Two clicks before a re-render both see isPending false: the first one's flag stops the second.
  const busy = useRef(false);
  const toggle = async () => {
    if (busy.current || mutation.isPending) return;
    busy.current = true;
    await mutation.mutateAsync(toggled(state)).catch(() => undefined);
    busy.current = false;
  };

  return { ...state, pending: mutation.isPending, toggle };
}
