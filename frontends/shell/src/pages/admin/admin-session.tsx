import type { StaffRole, StaffSessionView } from '@pulse/contracts';
import { ApiError, fetchJson, Spinner } from '@pulse/frontend-ui';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';

/**
 * Who the admin screens act as. Staff sign in with their own account: the newsroom service sets an
 * HttpOnly cookie (no script here can read it) and hands back a CSRF token, which every unsafe request
 * echoes in X-CSRF-Token; the gateway checks both and tells the service who asked. For automation the
 * shared ADMIN_TOKEN still works, typed once per tab and kept in sessionStorage (gone with the tab). The
 * server decides; these screens only say what it answered.
 */
const TOKEN_KEY = 'pulse_admin_token';
const SESSION_API = '/api/newsroom/session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// A server render (which draws these pages for their head only) has no sessionStorage: no token there.
export const readAdminToken = (): string | null =>
  typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(TOKEN_KEY);

/** The signed-in session's CSRF token; kept in memory only, fetched again with the session on load. */
let csrfToken: string | null = null;
/** Set by the gate while a session is shown: an admin call answered 401 means that session has ended. */
let sessionEnded: (() => void) | null = null;

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: '소유자',
  editor: '편집자',
  moderator: '운영자',
};

export function adminFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = readAdminToken();
  const method = (init.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (csrfToken && !SAFE_METHODS.has(method)) headers['X-CSRF-Token'] = csrfToken;
  return fetchJson<T>(path, {
    credentials: 'same-origin',
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
  }).catch((error: unknown) => {
    if (!token && error instanceof ApiError && error.status === 401) sessionEnded?.();
    throw error;
  });
}

/**
 * Why a signed-in member was sent back to the sign-in form. The server refuses an idle, an expired and an
 * ended (signed out elsewhere, or by an owner) session alike, so only the expiry can be told apart here.
 */
export function sessionEndedNotice(expiresAt: string | null, now = Date.now()): string {
  if (expiresAt && now >= Date.parse(expiresAt))
    return '로그인 유지 시간이 지나 로그아웃되었습니다. 다시 로그인해 주세요.';
  return '오랫동안 사용하지 않았거나 세션이 종료되어 로그아웃되었습니다. 다시 로그인해 주세요.';
}

/** Korean words for the server's refusals. */
export function adminErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const token = readAdminToken() !== null;
    if (error.status === 401)
      return token
        ? '관리자 토큰이 없거나 올바르지 않습니다.'
        : '로그인이 필요합니다. 세션이 끝났거나 취소되었다면 다시 로그인해 주세요.';
    if (error.status === 403)
      return token ? '이 토큰으로는 접근할 수 없습니다.' : `이 작업을 할 권한이 없습니다. ${error.message}`;
    // A service without ADMIN_TOKEN or a staff secret answers in English ('admin API disabled'); a 503
    // in Korean (the sign-in check could not reach newsroom, a service busy) says what to do itself.
    if (error.status === 503)
      return /[가-힣]/.test(error.message)
        ? error.message
        : '서버에 관리자 토큰이 설정되어 있지 않아 관리 기능이 꺼져 있습니다.';
    return `요청에 실패했습니다: ${error.message}`;
  }
  return '요청에 실패했습니다.';
}

type GateState =
  | { kind: 'checking' }
  | { kind: 'token' }
  | { kind: 'session'; view: StaffSessionView }
  | { kind: 'signed-out'; notice?: string };

/**
 * Renders the screen for a signed-in staff member (or the ADMIN_TOKEN) under a bar saying who acts, with
 * '로그아웃' for a member and '토큰 지우기' for a pasted token; otherwise the sign-in form. When a screen's
 * call answers 401 the session has ended on the server, and the form comes back saying so.
 */
export function AdminGate({
  children,
}: {
  /** The screen; given the signed-in member's session, or nothing for a pasted ADMIN_TOKEN. */
  children: (session?: StaffSessionView) => ReactNode;
}) {
  const [state, setState] = useState<GateState>(() =>
    readAdminToken() ? { kind: 'token' } : { kind: 'checking' },
  );

  useEffect(() => {
    if (state.kind !== 'checking') return;
    let live = true;
    fetchJson<StaffSessionView>(SESSION_API, { credentials: 'same-origin' })
      .then((view) => {
        csrfToken = view.csrfToken;
        if (live) setState({ kind: 'session', view });
      })
      .catch(() => live && setState({ kind: 'signed-out' }));
    return () => {
      live = false;
    };
  }, [state.kind]);

  const expiresAt = state.kind === 'session' ? state.view.expiresAt : undefined;
  useEffect(() => {
    if (expiresAt === undefined) return;
    sessionEnded = () => {
      csrfToken = null;
      setState({ kind: 'signed-out', notice: sessionEndedNotice(expiresAt) });
    };
    return () => {
      sessionEnded = null;
    };
  }, [expiresAt]);

  if (state.kind === 'checking') return <Spinner />;
  if (state.kind === 'token') {
    const clearToken = () => {
      sessionStorage.removeItem(TOKEN_KEY);
      setState({ kind: 'checking' });
    };
    return (
      <>
        <p className="admin-whoami">
          <span>관리자 토큰(ADMIN_TOKEN)으로 사용 중입니다.</span>
          <button type="button" className="button button--outline" onClick={clearToken}>
            토큰 지우기
          </button>
        </p>
        {children()}
      </>
    );
  }
  if (state.kind === 'session') {
    const signOut = () => {
      void adminFetch<void>(SESSION_API, { method: 'DELETE' })
        .catch(() => undefined)
        .finally(() => {
          csrfToken = null;
          setState({ kind: 'signed-out', notice: '로그아웃했습니다.' });
        });
    };
    const { staff } = state.view;
    return (
      <>
        <p className="admin-whoami">
          <span>
            {staff.name} ({ROLE_LABELS[staff.role]}) 님으로 로그인했습니다.
          </span>
          <button type="button" className="button button--outline" onClick={signOut}>
            로그아웃
          </button>
        </p>
        {children(state.view)}
      </>
    );
  }
  return (
    <>
      {state.notice && (
        <p role="status" aria-live="polite">
          {state.notice}
        </p>
      )}
      <SignInForm
        onSignedIn={(view) => {
          csrfToken = view.csrfToken;
          setState({ kind: 'session', view });
        }}
      />
      <TokenForm
        onToken={(token) => {
          sessionStorage.setItem(TOKEN_KEY, token);
          setState({ kind: 'token' });
        }}
      />
    </>
  );
}

function SignInForm({ onSignedIn }: { onSignedIn: (view: StaffSessionView) => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const view = await fetchJson<StaffSessionView>(SESSION_API, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: name.trim(), password, ...(totp.trim() ? { totp: totp.trim() } : {}) }),
      });
      setPassword('');
      setTotp('');
      onSignedIn(view);
    } catch (failure) {
      // The server's own words: wrong name or password, a code needed, a lock (423), too many tries (429).
      setError(
        failure instanceof ApiError && failure.status !== 0 ? failure.message : '로그인하지 못했습니다.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="admin-login"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="staff-login-title"
    >
      <h2 id="staff-login-title">스태프 로그인</h2>
      <p>관리자 화면입니다. 스태프 계정의 이름과 비밀번호로 로그인하세요.</p>
      <label htmlFor="staff-name">이름</label>
      <input
        id="staff-name"
        autoComplete="username"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <label htmlFor="staff-password">비밀번호</label>
      <input
        id="staff-password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <label htmlFor="staff-totp">2단계 인증 코드 (설정한 경우)</label>
      <input
        id="staff-totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        value={totp}
        onChange={(event) => setTotp(event.target.value)}
      />
      {error && (
        <p role="alert" className="admin-login__error">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? '로그인 중…' : '로그인'}
      </button>
    </form>
  );
}

/** The automation credential, for scripts and the first run before any account exists. */
function TokenForm({ onToken }: { onToken: (token: string) => void }) {
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) onToken(draft.trim());
  };
  return (
    <form className="admin-login admin-login--token" onSubmit={submit}>
      <p>자동화용: 관리자 토큰(ADMIN_TOKEN)을 입력하세요. 토큰은 이 탭에만 보관됩니다.</p>
      <label htmlFor="admin-token">관리자 토큰</label>
      <input
        id="admin-token"
        type="password"
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="submit" className="button button--outline">
        확인
      </button>
    </form>
  );
}
