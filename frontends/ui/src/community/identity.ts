// The reader's community identity in the browser (services/community/README.md, "Identity"). The
// credential itself is an HttpOnly cookie the page cannot read; the browser keeps only a display record
// under 'anonymous_user' and sends the CSRF value the server gave it on every write.
import type {
  AnonymousAuthResponse,
  CommunityMeResponse,
  CommunityUser,
  StoredAnonymousUser,
} from '@pulse/contracts';
import { useSyncExternalStore } from 'react';
import { ApiError, fetchJson } from '../api';

export const STORAGE_KEY = 'anonymous_user';
/** Seed: an anonymous session expires after 7 days without activity. */
export const IDLE_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
const CSRF_COOKIE = 'pulse_csrf';
const CHANGE_EVENT = 'pulse:identity';

type DisplayRecord = Omit<StoredAnonymousUser, 'token'>;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled: the reader can still read, just not take part
  }
}

let cached: { raw: string | null; user: DisplayRecord | null } = { raw: null, user: null };

/** The stored display record, or null when there is none or it expired (then it is removed). */
export function currentUser(now = Date.now()): DisplayRecord | null {
  const raw = storage()?.getItem(STORAGE_KEY) ?? null;
  if (raw === cached.raw) return cached.user;
  let user: DisplayRecord | null = null;
  try {
    user = raw ? (JSON.parse(raw) as DisplayRecord) : null;
  } catch {
    user = null;
  }
  if (user && now - Date.parse(user.lastActiveAt) > IDLE_EXPIRY_MS) {
    storage()?.removeItem(STORAGE_KEY);
    user = null;
  }
  cached = { raw: user ? raw : null, user };
  return user;
}

function store(user: DisplayRecord | null): void {
  if (user) storage()?.setItem(STORAGE_KEY, JSON.stringify(user));
  else storage()?.removeItem(STORAGE_KEY);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

/** The current identity's display record; re-renders when it changes in this or another tab. */
export function useCurrentUser(): DisplayRecord | null {
  return useSyncExternalStore(
    subscribe,
    () => currentUser(),
    () => null,
  );
}

/** The headers of a community write made outside communityFetch (the assistant's streamed answer). */
export function communityWriteHeaders(): Record<string, string> {
  const csrf = csrfToken();
  return csrf ? { 'x-csrf-token': csrf } : {};
}

function csrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = (document.cookie ?? '').split('; ').find((part) => part.startsWith(`${CSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(CSRF_COOKIE.length + 1)) : undefined;
}

/**
 * A community call with the cookie credential and, on writes, the CSRF header. A 401 means the server
 * no longer knows the session (expired, revoked): the display record goes too.
 */
export async function communityFetch<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const csrf = method === 'GET' ? undefined : csrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  try {
    const result = await fetchJson<T>(path, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    touch();
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && currentUser()) store(null);
    throw error;
  }
}

/** Activity refreshes lastActiveAt locally (the server keeps its own). */
function touch(): void {
  const user = currentUser();
  if (user) store({ ...user, lastActiveAt: new Date().toISOString() });
}

/** Nickname sign-up: the server sets the cookies; the token in the answer is not kept. */
export async function signUp(username: string): Promise<DisplayRecord> {
  const response = await fetchJson<AnonymousAuthResponse>('/api/community/auth/anonymous', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  const { user, sessionId } = response.data;
  const record: DisplayRecord = { ...user, sessionId };
  store(record);
  return record;
}

/** Asks the server who the cookie names, and keeps the record in step (null when signed out). */
export async function refreshIdentity(): Promise<DisplayRecord | null> {
  try {
    const response = await fetchJson<CommunityMeResponse>('/api/community/auth/me', {
      credentials: 'include',
    });
    const record: DisplayRecord = { ...response.data.user, sessionId: response.data.sessionId };
    store(record);
    return record;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) store(null);
    return currentUser();
  }
}

/**
 * The identity as the server named it in an answer (the reader-state call): its name and badges replace
 * the stored ones when they changed, so the header shows a badge earned since sign-up. Another identity's
 * answer (a sign-in raced it) changes nothing.
 */
export function keepIdentityInStep(user: CommunityUser): void {
  const stored = currentUser();
  if (!stored || stored.id !== user.id) return;
  const shown = (record: Pick<CommunityUser, 'displayName' | 'badges'>) =>
    JSON.stringify([record.displayName, record.badges]);
  if (shown(stored) !== shown(user)) store({ ...stored, displayName: user.displayName, badges: user.badges });
}

export async function logout(): Promise<void> {
  try {
    await communityFetch('POST', '/api/community/auth/logout');
  } finally {
    store(null);
  }
}
