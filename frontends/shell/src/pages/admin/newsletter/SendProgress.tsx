import { isSending, useSendProgress } from './use-send-progress';
import type { EditionProgressResponse } from './newsletter-types';

const COUNTS: ReadonlyArray<[keyof EditionProgressResponse['sends'], string]> = [
  ['sent', '보냄'],
  ['bounced', '반송'],
  ['failed', '실패'],
  ['skipped', '건너뜀 (그 사이 해지 등)'],
  ['queued', '대기'],
  ['claimed', '보내는 중'],
];

/** One edition's send: its counts by state, read again until every mail has an outcome. */
export function SendProgress({
  editionId,
  first,
  unsubscribed,
}: {
  editionId: string;
  first: EditionProgressResponse | null;
  /** Every unsubscribed address so far (the service counts them per list, not per edition). */
  unsubscribed: number | null;
}) {
  const { progress, error } = useSendProgress(editionId, first);
  return (
    <section aria-labelledby="send-progress-title" aria-live="polite" className="admin__item">
      <h2 id="send-progress-title">발송 현황: {progress?.edition.title ?? editionId}</h2>
      {error && <p role="alert">{error}</p>}
      {progress && (
        <>
          <p>
            {isSending(progress) ? '보내는 중입니다…' : '발송을 마쳤습니다.'} 받는 사람{' '}
            {progress.edition.recipients}명
          </p>
          <dl className="admin__facts" aria-label="발송 수">
            {COUNTS.map(([key, label]) => (
              <div key={key} className="admin__fact">
                <dt>{label}</dt>
                <dd>{progress.sends[key]}</dd>
              </div>
            ))}
            {unsubscribed !== null && (
              <div className="admin__fact">
                <dt>구독 해지 (전체 누적)</dt>
                <dd>{unsubscribed}</dd>
              </div>
            )}
          </dl>
        </>
      )}
    </section>
  );
}
