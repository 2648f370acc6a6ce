// What the signed-in reader follows (services/community/README.md 'A space of one's own'): categories,
// tags, sources and stories, kept on the server per identity. One list per page, shared by every
// component that asks (follow buttons, '내 피드', /me), so a follow made in one shows in all.
import {
  followKeyOf,
  type Follow,
  type FollowKind,
  type FollowResponse,
  type FollowsResponse,
  type RemovedResponse,
} from '@pulse/contracts/src/api/community-me';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { communityFetch, useCurrentUser } from './identity';

export type { Follow, FollowKind };

// The paths of libs/contracts ENDPOINTS (myFollows, follow, unfollow), written out: the endpoint table would
// add its every row to each page these buttons sit on.
const FOLLOWS_PATH = '/api/community/me/follows';
const followPath = (kind: FollowKind, key: string) =>
  `${FOLLOWS_PATH}/${encodeURIComponent(kind)}/${encodeURIComponent(followKeyOf(kind, key))}`;

export async function fetchFollows(): Promise<Follow[]> {
  return (await communityFetch<FollowsResponse>('GET', FOLLOWS_PATH)).data.follows;
}

/** Follows `key` of `kind` (idempotent); `label` is the reader's name for it, shown on /me. */
export async function follow(kind: FollowKind, key: string, label?: string): Promise<Follow> {
  const path = followPath(kind, key);
  const body = label === undefined ? {} : { label };
  const followed = (await communityFetch<FollowResponse>('PUT', path, body)).data.follow;
  followsStore.set((list) => [followed, ...list.filter((f) => !same(f, followed.kind, followed.key))]);
  return followed;
}

/** Unfollows; true when there was such a follow. */
export async function unfollow(kind: FollowKind, key: string): Promise<boolean> {
  const normalised = followKeyOf(kind, key);
  const path = followPath(kind, key);
  const { removed } = (await communityFetch<RemovedResponse>('DELETE', path)).data;
  followsStore.set((list) => list.filter((f) => !same(f, kind, normalised)));
  return removed;
}

const same = (f: Follow, kind: FollowKind, key: string) => f.kind === kind && f.key === key;

/** The page's copy of the signed-in reader's follows: null until loaded (or without an identity). */
const followsStore = (() => {
  // `error`: why the last load failed, so a page can say so and offer a retry instead of waiting for ever.
  let state: { owner: string | null; follows: Follow[] | null; error?: Error } = {
    owner: null,
    follows: null,
  };
  let loading: Promise<void> | null = null;
  // Follows and unfollows made while the list loads: the answer may predate them, so they are applied to it
  // (each change is idempotent, so one the answer already shows changes nothing).
  let madeWhileLoading: Array<(list: Follow[]) => Follow[]> = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(change: (list: Follow[]) => Follow[]) {
      if (state.follows === null) {
        if (loading) madeWhileLoading.push(change);
        return;
      }
      state = { ...state, follows: change(state.follows) };
      emit();
    },
    /** Loads the list once per identity; a new identity (or none) starts over. */
    load(owner: string | null, force = false) {
      if (owner === null) {
        if (state.owner !== null || state.follows !== null) {
          state = { owner: null, follows: null };
          emit();
        }
        return;
      }
      if (state.owner === owner && (state.follows !== null || loading) && !force) return;
      if (state.owner !== owner || state.error) {
        madeWhileLoading = [];
        state = { owner, follows: null };
        emit();
      }
      const pending = fetchFollows().then(
        (follows) => {
          if (state.owner !== owner) return;
          const changes = madeWhileLoading;
          madeWhileLoading = [];
          state = { owner, follows: changes.reduce((list, change) => change(list), follows) };
          emit();
        },
        (error: unknown) => {
          if (state.owner !== owner) return;
          state = { owner, follows: null, error: error instanceof Error ? error : new Error(String(error)) };
          emit();
        },
      );
      loading = pending.finally(() => {
        if (loading === pending) loading = null;
      });
    },
  };
})();

const EMPTY = { owner: null, follows: null };

export interface FollowsState {
  /** The reader's follows, newest first; null while loading or when nobody is signed in. */
  follows: Follow[] | null;
  /** Why the list could not be loaded (then `follows` is null); `reload` tries again. */
  error: Error | null;
  isFollowing: (kind: FollowKind, key: string) => boolean;
  follow: typeof follow;
  unfollow: typeof unfollow;
  /** Loads the list again from the server. */
  reload: () => void;
}

/** The signed-in reader's follows, loaded once per page and kept in step with every follow and unfollow. */
export function useFollows(): FollowsState {
  const userId = useCurrentUser()?.id ?? null;
  const state = useSyncExternalStore(followsStore.subscribe, followsStore.get, () => EMPTY);
  useEffect(() => followsStore.load(userId), [userId]);
  const follows = state.owner === userId ? state.follows : null;
  const error = (state.owner === userId ? state.error : undefined) ?? null;
  const isFollowing = useCallback(
    (kind: FollowKind, key: string) => {
      const normalised = followKeyOf(kind, key);
      return follows?.some((f) => same(f, kind, normalised)) ?? false;
    },
    [follows],
  );
  const reload = useCallback(() => followsStore.load(userId, true), [userId]);
  return { follows, error, isFollowing, follow, unfollow, reload };
}
