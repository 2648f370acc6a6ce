import type { StaffAccountView, StaffRole } from '@pulse/contracts';
import { EmptyState, ErrorState, Page, Spinner, usePageHead } from '@pulse/frontend-ui';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ADMIN_HEADS } from './admin-heads';
import { AdminGate, adminErrorText, adminFetch, ROLE_LABELS } from './admin-session';
import { ConfirmDialog } from './ConfirmDialog';
import { OwnEmail } from './OwnEmail';
import { OwnSecondFactor } from './OwnSecondFactor';

const API = '/api/newsroom/accounts';
/** The roles, widest first (types only from contracts: its values would bring zod into this chunk). */
const STAFF_ROLES = Object.keys(ROLE_LABELS) as StaffRole[];
/** contracts' STAFF_PASSWORD_LIMITS.min; the server checks it and names the field when it is not met. */
const PASSWORD_MIN = 12;

/** What each role may do, as the servers enforce it (docs/admin.md has the full table). */
const ROLE_HELP: Record<StaffRole, string> = {
  owner: '모든 작업과 스태프 계정 관리',
  editor: '소스, 글 작성·발행, 뉴스레터 발송, 동의어, 보류 번역, 커뮤니티 검토',
  moderator: '커뮤니티 검토(신고, 숨김·복원, 닉네임)와 관리 화면 보기',
};

/**
 * /admin/staff (owners): every staff account with its role, mail address, second factor, lock and live
 * sessions; create one, change a role or an address, end every session of one account (effective on its
 * next request). Every member sets their own address and second factor below the list.
 */
export default function StaffPage() {
  usePageHead(ADMIN_HEADS.staff);
  return (
    <Page title="스태프 계정">
      <AdminGate>
        {(session) => (
          <>
            <StaffAccounts />
            <OwnEmail current={session?.staff.email ?? null} />
            <OwnSecondFactor />
          </>
        )}
      </AdminGate>
    </Page>
  );
}

function StaffAccounts() {
  const [accounts, setAccounts] = useState<StaffAccountView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<StaffAccountView | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setAccounts((await adminFetch<{ items: StaffAccountView[] }>(API)).items);
    } catch (failure) {
      setAccounts(null);
      setError(adminErrorText(failure));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setNotice(null);
    try {
      await work();
      setNotice(done);
      await load();
    } catch (failure) {
      setNotice(adminErrorText(failure));
    }
  };

  const setRole = (account: StaffAccountView, role: StaffRole) =>
    void act(
      () => adminFetch(`${API}/${encodeURIComponent(account.id)}`, jsonBody('PATCH', { role })),
      `${account.name}의 역할을 ${ROLE_LABELS[role]}(으)로 바꿨습니다.`,
    );

  const setEmail = (account: StaffAccountView, email: string | null) =>
    void act(
      () => adminFetch(`${API}/${encodeURIComponent(account.id)}`, jsonBody('PATCH', { email })),
      email
        ? `${account.name}의 메일 주소를 ${email}(으)로 바꿨습니다.`
        : `${account.name}의 메일 주소를 지웠습니다.`,
    );

  const revoke = (account: StaffAccountView) => {
    setRevoking(null);
    void act(
      () => adminFetch(`${API}/${encodeURIComponent(account.id)}/sessions`, { method: 'DELETE' }),
      `${account.name}의 모든 세션을 끊었습니다. 다음 요청부터 다시 로그인해야 합니다.`,
    );
  };

  return (
    <div className="admin">
      <p role="status" aria-live="polite">
        {notice ?? (accounts ? `스태프 계정 ${accounts.length}개` : '')}
      </p>
      {error && (
        <ErrorState title="스태프 계정을 불러오지 못했습니다." message={error} onRetry={() => void load()} />
      )}
      {!error && accounts === null && <Spinner />}
      {accounts?.length === 0 && (
        <EmptyState title="스태프 계정이 없습니다." message="아래에서 첫 계정을 만드세요." />
      )}
      {accounts && accounts.length > 0 && (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="sr-only">스태프 계정 목록</caption>
            <thead>
              <tr>
                <th scope="col">이름</th>
                <th scope="col">역할</th>
                <th scope="col">메일 주소</th>
                <th scope="col">2단계 인증</th>
                <th scope="col">상태</th>
                <th scope="col">활성 세션</th>
                <th scope="col">작업</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.id}>
                  <td>{account.name}</td>
                  <td>
                    <label className="sr-only" htmlFor={`role-${account.id}`}>
                      {account.name}의 역할
                    </label>
                    <select
                      id={`role-${account.id}`}
                      value={account.role}
                      onChange={(event) => setRole(account, event.target.value as StaffRole)}
                    >
                      {STAFF_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <EmailCell account={account} onSave={(email) => setEmail(account, email)} />
                  </td>
                  <td>{account.totpEnabled ? '사용' : '사용 안 함'}</td>
                  <td>
                    {account.lockedUntil
                      ? `일부 네트워크에서 잠김 (${new Date(account.lockedUntil).toLocaleTimeString('ko-KR')}까지)`
                      : '정상'}
                  </td>
                  <td>{account.activeSessions}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--outline"
                      disabled={account.activeSessions === 0}
                      onClick={() => setRevoking(account)}
                    >
                      세션 모두 끊기
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateAccountForm
        onCreated={(account) => void act(async () => undefined, `${account.name} 계정을 만들었습니다.`)}
      />
      {revoking && (
        <ConfirmDialog
          title="세션을 모두 끊을까요?"
          message={`${revoking.name}의 로그인 ${revoking.activeSessions}개가 모두 끝나고, 다음 요청부터 다시 로그인해야 합니다.`}
          confirmLabel="세션 끊기"
          onConfirm={() => revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </div>
  );
}

/** One account's address, shown and edited in place; saving it empty removes it. */
function EmailCell({
  account,
  onSave,
}: {
  account: StaffAccountView;
  onSave: (email: string | null) => void;
}) {
  const [email, setEmail] = useState(account.email ?? '');
  useEffect(() => setEmail(account.email ?? ''), [account.email]);
  const id = `email-${account.id}`;
  return (
    <form
      className="staff-table__email"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(email.trim() === '' ? null : email.trim());
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {account.name}의 메일 주소
      </label>
      <input
        id={id}
        type="email"
        placeholder="없음"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button
        type="submit"
        className="button button--outline"
        aria-label={`${account.name}의 메일 주소 저장`}
      >
        저장
      </button>
    </form>
  );
}

const jsonBody = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

function CreateAccountForm({ onCreated }: { onCreated: (account: StaffAccountView) => void }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const account = await adminFetch<StaffAccountView>(
        API,
        jsonBody('POST', {
          name: name.trim(),
          role,
          password,
          ...(email.trim() ? { email: email.trim() } : {}),
        }),
      );
      setName('');
      setPassword('');
      setEmail('');
      onCreated(account);
    } catch (failure) {
      setError(adminErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="admin-login"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="staff-create-title"
    >
      <h2 id="staff-create-title">새 스태프 계정</h2>
      <label htmlFor="new-staff-name">이름</label>
      <input id="new-staff-name" required value={name} onChange={(event) => setName(event.target.value)} />
      <label htmlFor="new-staff-role">역할</label>
      <select
        id="new-staff-role"
        aria-describedby="new-staff-role-help"
        value={role}
        onChange={(event) => setRole(event.target.value as StaffRole)}
      >
        {STAFF_ROLES.map((value) => (
          <option key={value} value={value}>
            {ROLE_LABELS[value]}
          </option>
        ))}
      </select>
      <p id="new-staff-role-help" className="admin__meta">
        {ROLE_HELP[role]}
      </p>
      <label htmlFor="new-staff-password">초기 비밀번호 ({PASSWORD_MIN}자 이상)</label>
      <input
        id="new-staff-password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <label htmlFor="new-staff-email">메일 주소 (선택, 뉴스레터 시험 발송용)</label>
      <input
        id="new-staff-email"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {error && (
        <p role="alert" className="admin-login__error">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? '만드는 중…' : '계정 만들기'}
      </button>
    </form>
  );
}
