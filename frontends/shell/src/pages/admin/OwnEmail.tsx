import type { StaffAccountView } from '@pulse/contracts';
import { useState, type FormEvent } from 'react';
import { adminErrorText, adminFetch } from './admin-session';

/**
 * The signed-in member's own mail address, where a newsletter test send goes ('내 주소로 시험 발송'). Every
 * role may set it; ADMIN_TOKEN has no account, so the server refuses it there (403, shown as said).
 */
export function OwnEmail({ current }: { current: string | null }) {
  const [email, setEmail] = useState(current ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const account = await adminFetch<StaffAccountView>('/api/newsroom/me', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: email.trim() === '' ? null : email.trim() }),
      });
      setEmail(account.email ?? '');
      setMessage(
        account.email ? `메일 주소를 ${account.email}(으)로 저장했습니다.` : '메일 주소를 지웠습니다.',
      );
    } catch (failure) {
      setMessage(adminErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-login" onSubmit={(event) => void save(event)} aria-labelledby="own-email-title">
      <h2 id="own-email-title">내 메일 주소</h2>
      <p className="admin__meta">뉴스레터 시험 발송은 이 주소로만 갑니다. 비우고 저장하면 지웁니다.</p>
      <label htmlFor="own-email">메일 주소</label>
      <input
        id="own-email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {message && <p role="status">{message}</p>}
      <button type="submit" className="button" disabled={busy}>
        {busy ? '저장하는 중…' : '메일 주소 저장'}
      </button>
    </form>
  );
}
