import type {
  AdminIdentity,
  GrantBadgeResponse,
  IdentityHistoryEntry,
  IdentityHistoryResponse,
  RevokeBadgeResponse,
  SuspendResponse,
} from '@pulse/contracts';
import { formatDateTime, PostedTime, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminSend } from '../admin-requests';
import { adminErrorText, adminFetch } from '../admin-session';
import { ConfirmDialog } from '../ConfirmDialog';
import { TRUST_LABELS } from '../ReportersList';

/** The server writes an indefinite suspension as a far-future end. */
const INDEFINITE_FROM = '9000-01-01';

const untilText = (until: string) =>
  until >= INDEFINITE_FROM ? '해제할 때까지' : `${formatDateTime(until)}까지`;

const ACTION_TEXT: Readonly<Record<IdentityHistoryEntry['action'], string>> = {
  suspended: '정지',
  reinstated: '정지 해제',
  'expert-granted': '전문가 배지 부여',
  'expert-revoked': '전문가 배지 회수',
};

type Dialog = 'suspend' | 'reinstate' | 'revoke' | null;

/** One nickname: standing, badges, suspension, and the moderator actions on it, newest first. */
export function NicknameCard({ initial }: { initial: AdminIdentity }) {
  const [identity, setIdentity] = useState(initial);
  const [entries, setEntries] = useState<IdentityHistoryEntry[] | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const [busy, setBusy] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const base = `/api/community/admin/identities/${encodeURIComponent(identity.id)}`;

  const load = useCallback(async () => {
    setHistoryError(null);
    try {
      const { data } = await adminFetch<IdentityHistoryResponse>(`${base}/history`);
      setIdentity(data.identity);
      setEntries(data.entries);
    } catch (failure) {
      setHistoryError(adminErrorText(failure));
    }
  }, [base]);
  useEffect(() => void load(), [load]);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setDialog(null);
    setBusy(true);
    try {
      await run();
      setNotice(done);
      await load();
    } catch (failure) {
      setNotice(adminErrorText(failure));
    } finally {
      setBusy(false);
      status.current?.focus();
    }
  };

  const expert = identity.badges.some((badge) => badge.id === 'expert');
  const suspended = identity.suspendedUntil !== null;
  const nameId = `nickname-${identity.id}`;
  const dayCount = days.trim() ? Number(days) : undefined;
  const daysValid =
    dayCount === undefined || (Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 3650);

  return (
    <article className="admin__item" aria-labelledby={nameId}>
      <h2 id={nameId}>{identity.displayName}</h2>
      <dl className="admin__facts">
        <dt>신뢰 단계</dt>
        <dd>{TRUST_LABELS[identity.trustLevel]}</dd>
        <dt>만든 때</dt>
        <dd>{formatDateTime(identity.createdAt)}</dd>
        <dt>마지막 활동</dt>
        <dd>{formatDateTime(identity.lastActiveAt)}</dd>
        <dt>배지</dt>
        <dd>{identity.badges.length ? identity.badges.map((badge) => badge.name).join(', ') : '없음'}</dd>
        <dt>상태</dt>
        <dd>
          {suspended
            ? `정지됨 (${untilText(identity.suspendedUntil!)}${identity.suspendedReason ? `, 사유: ${identity.suspendedReason}` : ''})`
            : '글쓰기 가능'}
        </dd>
      </dl>
      <p role="status" aria-live="polite" tabIndex={-1} ref={status}>
        {notice ?? ''}
      </p>
      <div className="admin__actions">
        {expert ? (
          <button
            type="button"
            className="button button--outline"
            aria-describedby={nameId}
            disabled={busy}
            onClick={() => setDialog('revoke')}
          >
            전문가 배지 회수
          </button>
        ) : (
          <button
            type="button"
            className="button"
            aria-describedby={nameId}
            disabled={busy}
            onClick={() =>
              void act(
                () => adminSend<GrantBadgeResponse>('POST', `${base}/expert`),
                '전문가 배지를 주었습니다.',
              )
            }
          >
            전문가 배지 주기
          </button>
        )}
        {suspended ? (
          <button
            type="button"
            className="button"
            aria-describedby={nameId}
            disabled={busy}
            onClick={() => setDialog('reinstate')}
          >
            정지 해제
          </button>
        ) : (
          <button
            type="button"
            className="button button--outline"
            aria-describedby={nameId}
            disabled={busy}
            onClick={() => {
              setReason('');
              setDays('');
              setDialog('suspend');
            }}
          >
            정지
          </button>
        )}
      </div>
      <section aria-label={`${identity.displayName} 조치 이력`}>
        <h3>조치 이력</h3>
        {historyError && <p role="alert">{historyError}</p>}
        {!historyError && entries === null && <Spinner />}
        {entries?.length === 0 && <p>기록된 조치가 없습니다.</p>}
        {entries && entries.length > 0 && (
          <ol className="admin__history">
            {entries.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <PostedTime value={entry.at} /> · {ACTION_TEXT[entry.action]}
                {entry.action === 'suspended' && entry.until ? ` (${untilText(entry.until)})` : ''}
                {entry.reason ? ` · 사유: ${entry.reason}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
      {dialog === 'suspend' && (
        <ConfirmDialog
          title={`${identity.displayName} 닉네임을 정지할까요?`}
          message="정지하면 글을 쓸 수 없고, 로그인된 모든 세션이 끝납니다."
          confirmLabel="정지"
          confirmDisabled={!reason.trim() || !daysValid || busy}
          onConfirm={() =>
            void act(
              () =>
                adminSend<SuspendResponse>('POST', `${base}/suspend`, {
                  reason: reason.trim(),
                  ...(dayCount === undefined ? {} : { days: dayCount }),
                }),
              '닉네임을 정지했습니다.',
            )
          }
          onCancel={() => setDialog(null)}
        >
          <div className="admin-form">
            <label htmlFor="suspend-reason">정지 사유</label>
            <textarea
              id="suspend-reason"
              rows={3}
              maxLength={300}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <label htmlFor="suspend-days">기간 (일, 비우면 해제할 때까지)</label>
            <input
              id="suspend-days"
              type="number"
              min={1}
              max={3650}
              value={days}
              aria-invalid={daysValid ? undefined : true}
              onChange={(event) => setDays(event.target.value)}
            />
          </div>
        </ConfirmDialog>
      )}
      {dialog === 'reinstate' && (
        <ConfirmDialog
          title={`${identity.displayName} 닉네임의 정지를 해제할까요?`}
          message="해제하면 바로 다시 글을 쓸 수 있습니다."
          confirmLabel="정지 해제"
          onConfirm={() =>
            void act(() => adminSend<SuspendResponse>('POST', `${base}/reinstate`), '정지를 해제했습니다.')
          }
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'revoke' && (
        <ConfirmDialog
          title="전문가 배지를 회수할까요?"
          message={`${identity.displayName} 닉네임의 글에서 전문가 표시가 사라집니다.`}
          confirmLabel="회수"
          onConfirm={() =>
            void act(
              () => adminSend<RevokeBadgeResponse>('DELETE', `${base}/expert`),
              '전문가 배지를 회수했습니다.',
            )
          }
          onCancel={() => setDialog(null)}
        />
      )}
    </article>
  );
}
