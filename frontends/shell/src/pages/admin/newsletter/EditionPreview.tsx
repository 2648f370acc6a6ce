import type { NewsletterKind } from '@pulse/contracts';
import { ErrorState, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useState } from 'react';
import { adminSend } from '../admin-requests';
import { adminErrorText, adminFetch } from '../admin-session';
import { ConfirmDialog } from '../ConfirmDialog';
import type { EditionPreviewResponse, EditionProgressResponse } from './newsletter-types';
import { TestSendButton } from './TestSendButton';

// Written out rather than imported: a value from the contracts' modules brings their zod schemas along.
const NEWSLETTER_KINDS: readonly NewsletterKind[] = ['daily', 'weekly'];

/** A desktop mail client's usual content width, and a phone's. */
export const PREVIEW_WIDTHS = [600, 375] as const;
type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

export const KIND_LABELS: Readonly<Record<NewsletterKind, string>> = { daily: '데일리', weekly: '위클리' };

/**
 * The edition of a kind due now, as it would be mailed (the server renders it and stores nothing), in a
 * sandboxed frame at the chosen width; a test send of it to the member's own address; and sending it,
 * after a confirmation that says to how many.
 */
export function EditionPreview({
  confirmed,
  onSent,
}: {
  /** Confirmed subscribers (all kinds), for the confirmation's wording; null while unknown. */
  confirmed: number | null;
  onSent: (progress: EditionProgressResponse) => void;
}) {
  const [kind, setKind] = useState<NewsletterKind>('daily');
  const [width, setWidth] = useState<PreviewWidth>(600);
  const [preview, setPreview] = useState<EditionPreviewResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setPreview(null);
    setError(null);
    try {
      setPreview(
        await adminFetch<EditionPreviewResponse>(
          `/api/newsletter/admin/preview?kind=${encodeURIComponent(kind)}`,
        ),
      );
    } catch (failure) {
      setError(adminErrorText(failure));
    }
  }, [kind]);
  useEffect(() => void load(), [load]);

  const send = async () => {
    setAsking(false);
    setSending(true);
    setSendError(null);
    try {
      onSent(await adminSend<EditionProgressResponse>('POST', '/api/newsletter/admin/editions', { kind }));
    } catch (failure) {
      setSendError(adminErrorText(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="edition-preview-title">
      <h2 id="edition-preview-title">이번 호 미리 보기</h2>
      <div className="admin__bar">
        <div role="group" aria-label="뉴스레터 종류">
          {NEWSLETTER_KINDS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={kind === value}
              className={kind === value ? 'button' : 'button button--outline'}
              onClick={() => setKind(value)}
            >
              {KIND_LABELS[value]}
            </button>
          ))}
        </div>
        <div role="group" aria-label="미리 보기 너비">
          {PREVIEW_WIDTHS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={width === value}
              className={width === value ? 'button' : 'button button--outline'}
              onClick={() => setWidth(value)}
            >
              {value}px
            </button>
          ))}
        </div>
      </div>
      {error && (
        <ErrorState title="미리 보기를 만들지 못했습니다." message={error} onRetry={() => void load()} />
      )}
      {!error && !preview && <Spinner />}
      {preview && (
        <>
          <p>
            제목: <strong>{preview.subject}</strong> ({preview.id})
          </p>
          <div className="newsletter-preview">
            {/* No script and no same-origin rights: the mail's markup is looked at, never run. */}
            <iframe
              title={`${preview.title} 미리 보기 (${width}px)`}
              sandbox=""
              srcDoc={preview.html}
              width={width}
              height={900}
              style={{ width: `${width}px` }}
            />
          </div>
          <div className="admin__actions">
            <button type="button" className="button" disabled={sending} onClick={() => setAsking(true)}>
              {sending ? '보내는 중…' : '이 호 보내기'}
            </button>
            <TestSendButton editionId={preview.id} title={preview.title} />
          </div>
          {sendError && <p role="alert">{sendError}</p>}
        </>
      )}
      {asking && preview && (
        <ConfirmDialog
          title="이번 호를 보낼까요?"
          message={`'${preview.title}'을(를) ${KIND_LABELS[kind]} 구독자에게 보냅니다${
            confirmed === null ? '' : ` (전체 구독자 ${confirmed}명 중 이 종류를 고른 분)`
          }. 한 번 보낸 메일은 되돌릴 수 없습니다.`}
          confirmLabel="보내기"
          onConfirm={() => void send()}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
