import type { FeedFollow } from './rank-feed';
import {
  communityWriteHeaders,
  fetchJson,
  LIST_QUERY,
  retryOptions,
  useApiQueryClient,
} from '@pulse/frontend-ui';
import { useMutation, useQuery } from '@tanstack/react-query';

/** A follow as GET /api/community/me/follows lists it. */
export interface ReaderFollow extends FeedFollow {
  label: string | null;
  createdAt: string;
}

interface FollowsAnswer {
  success: true;
  data: { follows: ReaderFollow[] };
}

const FOLLOWS_PATH = '/api/community/me/follows';
export const FOLLOWS_KEY = ['community', 'me', 'follows'] as const;
const followPath = (kind: FeedFollow['kind'], key: string) =>
  `${FOLLOWS_PATH}/${encodeURIComponent(kind)}/${encodeURIComponent(key)}`;

/** The reader's follows: per reader, so read with the cookie and never shared (the API answers no-store). */
export function useFollows(enabled: boolean) {
  return useQuery<ReaderFollow[], Error>(
    {
      queryKey: FOLLOWS_KEY,
      queryFn: () =>
        fetchJson<FollowsAnswer>(FOLLOWS_PATH, { credentials: 'include' }).then((body) => body.data.follows),
      enabled,
      staleTime: 0,
      ...retryOptions(LIST_QUERY.retries),
    },
    useApiQueryClient(),
  );
}

/** Follows or unfollows one item, then reads the follows again so every list of them agrees. */
export function useFollowToggle() {
  const client = useApiQueryClient();
  return useMutation(
    {
      mutationFn: ({ follow, on, label }: { follow: FeedFollow; on: boolean; label?: string }) =>
        fetchJson<unknown>(followPath(follow.kind, follow.key), {
          method: on ? 'PUT' : 'DELETE',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', ...communityWriteHeaders() },
          body: on ? JSON.stringify(label ? { label } : {}) : undefined,
        }),
      onSettled: () => client.invalidateQueries({ queryKey: FOLLOWS_KEY }),
    },
    client,
  );
}
