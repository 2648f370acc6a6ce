import type { ModerationItem, ModerationQueueResponse } from '@pulse/contracts';
import { EmptyState, ErrorState, PostedTime, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useState } from 'react';
import { PAGE_HEADS } from '../../page-heads';
import { adminErrorText, adminFetch } from './admin-session';
import { ConfirmDialog } from './ConfirmDialog';
import { ReportersList } from './ReportersList';
import { AdminScreen } from './AdminScreen';

const STATES = [
  ['held', '보류된 글'],
  ['reported', '신고된 글'],
  ['hidden', '숨긴 글'],
] as const;
type QueueState = (typeof STATES)[number][0];

/**
 * /admin: the community's moderation queue (held, reported, hidden posts) behind the admin credential, each
 * post with its reporters (nickname, trust level, weight, when, why).
 */
export default function AdminPage() {
  return (
    <AdminScreen title="관리자" head={PAGE_HEADS.admin}>
      {() => <ModerationQueue />}
    </AdminScreen>
  );
}

function ModerationQueue() {
  const [state, setState] = useState<QueueState>('held');
  const [items, setItems] = useState<ModerationItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Hiding takes a post away from every reader, so it is asked about first; restoring is not.
  const [hiding, setHiding] = useState<ModerationItem | null>(null);
  const cancelHide = useCallback(() => setHiding(null), []);
  // Suspending stops every write of the nickname, so it is asked about too.
  const [suspending, setSuspending] = useState<ModerationItem | null>(null);
  const cancelSuspend = useCallback(() => setSuspending(null), []);

  const load = useCallback(async () => {
    setItems(null);
    setError(null);
    try {
      const { data } = await adminFetch<ModerationQueueResponse>(
        `/api/community/admin/moderation?state=${state}`,
      );
      setItems(data.items);
    } catch (failure) {
      setError(adminErrorText(failure));
    }
  }, [state]);
  useEffect(() => void load(), [load]);

  const act = async (label: string, path: string, body?: unknown) => {
    setNotice(null);
    try {
      await adminFetch(path, {
        method: 'POST',
        ...(body ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });
      setNotice(`${label} 완료`);
      await load();
    } catch (failure) {
      setNotice(adminErrorText(failure));
    }
  };
  const kindPath = (item: ModerationItem) => (item.kind === 'question' ? 'questions' : 'answers');

  return (
    <div className="admin">
      <div className="admin__bar">
        <div role="tablist" aria-label="검토 대기열">
          {STATES.map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={state === value}
              className={state === value ? 'button' : 'button button--outline'}
              onClick={() => setState(value)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {notice && <p role="status">{notice}</p>}
      {error && (
        <ErrorState title="검토 대기열을 불러오지 못했습니다." message={error} onRetry={() => void load()} />
      )}
      {!error && items === null && <Spinner />}
      {items?.length === 0 && <EmptyState title="검토할 글이 없습니다." />}
      {items && items.length > 0 && (
        <ul className="admin__list">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`} className="admin__item">
              <p className="admin__meta">
                {item.kind === 'question' ? '질문' : '답변'} · {item.author.displayName}
                {item.author.suspended ? ' (정지됨)' : ''} · <PostedTime value={item.createdAt} /> · 신고{' '}
                {item.reports.count}건
              </p>
              {item.title && <h3>{item.title}</h3>}
              <p>{item.excerpt}</p>
              <ReportersList reports={item.reports} label="신고한 사람" />
              <div className="admin__actions">
                {item.state === 'visible' || item.state === 'held' ? (
                  <button type="button" className="button" onClick={() => setHiding(item)}>
                    숨기기
                  </button>
                ) : null}
                {item.state !== 'visible' && (
                  <button
                    type="button"
                    className="button button--outline"
                    onClick={() =>
                      void act(
                        '복원',
                        `/api/community/admin/${kindPath(item)}/${encodeURIComponent(item.id)}/restore`,
                      )
                    }
                  >
                    복원
                  </button>
                )}
                {!item.author.suspended && (
                  <button
                    type="button"
                    className="button button--outline"
                    onClick={() => setSuspending(item)}
                  >
                    작성자 정지
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {hiding && (
        <ConfirmDialog
          title={`이 ${hiding.kind === 'question' ? '질문' : '답변'}을 숨길까요?`}
          message="숨긴 글은 독자에게 보이지 않습니다. '숨긴 글'에서 언제든 복원할 수 있습니다."
          confirmLabel="숨기기"
          onCancel={cancelHide}
          onConfirm={() => {
            setHiding(null);
            void act(
              '숨김',
              `/api/community/admin/${kindPath(hiding)}/${encodeURIComponent(hiding.id)}/hide`,
            );
          }}
        />
      )}
      {suspending && (
        <ConfirmDialog
          title={`${suspending.author.displayName} 님을 정지할까요?`}
          message="정지된 닉네임은 질문, 답변, 댓글과 투표를 할 수 없습니다. '닉네임' 화면에서 언제든 복구할 수 있습니다."
          confirmLabel="정지하기"
          onCancel={cancelSuspend}
          onConfirm={() => {
            setSuspending(null);
            void act(
              '정지',
              `/api/community/admin/identities/${encodeURIComponent(suspending.author.id)}/suspend`,
              { reason: '운영 정책 위반' },
            );
          }}
        />
      )}
    </div>
  );
}
