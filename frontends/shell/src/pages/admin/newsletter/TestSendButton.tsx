import { useState } from 'react';
import { adminSend } from '../admin-requests';
import { adminErrorText } from '../admin-session';
import type { EditionTestSendResponse } from './newsletter-types';

/**
 * '내 주소로 시험 발송': the edition, as subscribers get it with '[시험 발송]' before its subject, to the
 * signed-in member's own address only. No confirmation: it mails no one else and changes nothing.
 */
export function TestSendButton({ editionId, title }: { editionId: string; title: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    setBusy(true);
    setResult(null);
    try {
      const sent = await adminSend<EditionTestSendResponse>(
        'POST',
        `/api/newsletter/admin/editions/${encodeURIComponent(editionId)}/test-send`,
      );
      setResult({ ok: true, text: `'${sent.subject}' 시험 메일을 ${sent.to}(으)로 보냈습니다.` });
    } catch (failure) {
      setResult({ ok: false, text: adminErrorText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--outline"
        aria-label={`${title} 내 주소로 시험 발송`}
        disabled={busy}
        onClick={() => void send()}
      >
        {busy ? '시험 메일 보내는 중…' : '내 주소로 시험 발송'}
      </button>
      {result && <p role={result.ok ? 'status' : 'alert'}>{result.text}</p>}
    </>
  );
}
