import { ApiError, fetchJson } from '@pulse/frontend-ui';
import { useState, type FormEvent, type ReactNode } from 'react';

/**
 * The admin credential for /admin and /analytics: typed once per tab and kept in sessionStorage (gone with
 * the tab), sent as a Bearer token. The server decides; these screens only say what it answered.
 */
const KEY = 'pulse_admin_token';

// A server render (which draws these pages for their head only) has no sessionStorage: no token there.
export const readAdminToken = (): string | null =>
  typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);

export function adminFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  return fetchJson<T>(path, {
    ...init,
    headers: { Authorization: `Bearer ${readAdminToken() ?? ''}`, ...init.headers },
  });
}

/** Korean words for the server's refusals. */
export function adminErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return '관리자 토큰이 없거나 올바르지 않습니다.';
    if (error.status === 403) return '이 토큰으로는 접근할 수 없습니다.';
    if (error.status === 503) return '서버에 관리자 토큰이 설정되어 있지 않아 관리 기능이 꺼져 있습니다.';
    return `요청에 실패했습니다: ${error.message}`;
  }
  return '요청에 실패했습니다.';
}

/** Asks for the token until there is one; then renders the screen. */
export function AdminGate({ children }: { children: (signOut: () => void) => ReactNode }) {
  const [token, setToken] = useState(readAdminToken());
  const [draft, setDraft] = useState('');
  if (token)
    return (
      <>
        {children(() => {
          sessionStorage.removeItem(KEY);
          setToken(null);
        })}
      </>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    sessionStorage.setItem(KEY, draft.trim());
    setToken(draft.trim());
  };
  return (
    <form className="admin-login" onSubmit={submit}>
      <p>관리자 화면입니다. 관리자 토큰(ADMIN_TOKEN)을 입력하세요. 토큰은 이 탭에만 보관됩니다.</p>
      <label htmlFor="admin-token">관리자 토큰</label>
      <input
        id="admin-token"
        type="password"
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="submit" className="button">
        확인
      </button>
    </form>
  );
}
