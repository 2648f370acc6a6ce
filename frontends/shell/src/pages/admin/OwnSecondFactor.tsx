import type { StaffAccountView, StaffTotpEnrolment } from '@pulse/contracts';
import { useState, type FormEvent } from 'react';
import { adminErrorText, adminFetch } from './admin-session';
import { TotpQrCode } from './TotpQrCode';

const API = '/api/newsroom/me/totp';

/**
 * The signed-in member's own second factor: a new secret for an authenticator app, as a QR code to scan
 * and as the key to type in, on only once a code from the app confirms it. The code is drawn here from
 * the URI the server just answered, so the secret is never in a page the server renders.
 */
export function OwnSecondFactor() {
  const [enrolment, setEnrolment] = useState<StaffTotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (failure) {
      setMessage(adminErrorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    run(async () => {
      setEnrolment(await adminFetch<StaffTotpEnrolment>(API, { method: 'POST' }));
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await adminFetch<StaffAccountView>(`${API}/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ totp: code.trim() }),
      });
      setEnrolment(null);
      setCode('');
      setMessage('2단계 인증을 켰습니다. 다음 로그인부터 인증 코드가 필요합니다.');
    });
  };

  return (
    <section className="admin-login" aria-labelledby="own-totp-title">
      <h2 id="own-totp-title">내 2단계 인증</h2>
      {!enrolment && (
        <button type="button" className="button button--outline" disabled={busy} onClick={() => void start()}>
          2단계 인증 설정
        </button>
      )}
      {enrolment && (
        <form onSubmit={confirm} className="admin-login">
          <p>인증 앱으로 QR 코드를 스캔하거나 아래 키를 입력하세요.</p>
          <TotpQrCode uri={enrolment.otpauthUri} />
          <p>
            키: <code className="totp-secret">{enrolment.secret}</code>
          </p>
          <label htmlFor="own-totp-code">앱에 표시된 6자리 코드</label>
          <input
            id="own-totp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button" disabled={busy}>
            확인하고 켜기
          </button>
        </form>
      )}
      {message && (
        <p role="status" aria-live="polite">
          {message}
        </p>
      )}
    </section>
  );
}
