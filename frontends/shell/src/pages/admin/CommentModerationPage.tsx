import type {
  CommentModerationActionResponse,
  CommentModerationItem,
  CommentModerationQueueResponse,
  ModerationState,
} from '@pulse/contracts';
import { EmptyState, ErrorState, PostedTime, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_HEADS } from '../../page-heads';
import { adminErrorText, adminFetch } from './admin-session';
import { AdminPager } from './AdminPager';
import { ConfirmDialog } from './ConfirmDialog';
import { REASON_LABELS, ReportersList } from './ReportersList';
import { AdminScreen } from './AdminScreen';

/** The queues the API serves, held first as on /admin: a held comment is hidden until someone decides. */
const QUEUES = [
  { state: 'held', label: '보류된 댓글', empty: '보류된 댓글이 없습니다.' },
  { state: 'reported', label: '신고된 댓글', empty: '신고된 댓글이 없습니다.' },
  { state: 'hidden', label: '숨긴 댓글', empty: '숨긴 댓글이 없습니다.' },
] as const;
type Queue = (typeof QUEUES)[number]['state'];
type Action = 'hide' | 'restore';

/** The server's page size (services/community comment-moderation.service.ts). */
const PAGE_SIZE = 20;

const STATE_LABELS: Readonly<Record<ModerationState, string>> = {
  visible: '공개 중',
  held: '보류됨 (독자에게 숨김)',
  hidden: '숨김',
};

/**
 * /admin/comments: article comments readers reported, comments held at the report threshold, and those a
 * moderator hid, each with its reasons, counts and article, to hide or restore. Behind the admin credential.
 */
export default function CommentModerationPage() {
  return (
    <AdminScreen title="댓글 검토" head={PAGE_HEADS.commentModeration}>
      {() => <CommentQueue />}
    </AdminScreen>
  );
}

function CommentQueue() {
  const [queue, setQueue] = useState<Queue>('held');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<CommentModerationQueueResponse['data'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [acting, setActing] = useState<{ id: string; action: Action } | null>(null);
  // Hiding takes a comment away from every reader, so it is asked about first; restoring is not.
  const [hiding, setHiding] = useState<CommentModerationItem | null>(null);
  const cancelHide = useCallback(() => setHiding(null), []);
  const status = useRef<HTMLParagraphElement>(null);

  const load = useCallback(async () => {
    setList(null);
    setError(null);
    try {
      const { data } = await adminFetch<CommentModerationQueueResponse>(
        `/api/community/admin/moderation/comments?state=${queue}&page=${page}`,
      );
      setList(data);
    } catch (failure) {
      setError(adminErrorText(failure));
    }
  }, [queue, page]);
  useEffect(() => void load(), [load]);

  const choose = (next: Queue) => {
    setQueue(next);
    setPage(1);
    setNotice(null);
  };

  const act = async (item: CommentModerationItem, action: Action) => {
    setActing({ id: item.id, action });
    setNotice(null);
    try {
      await adminFetch<CommentModerationActionResponse>(
        `/api/community/admin/comments/${encodeURIComponent(item.id)}/${action}`,
        { method: 'POST' },
      );
      setNotice(action === 'hide' ? '댓글을 숨겼습니다.' : '댓글을 복원했습니다.');
      await load();
    } catch (failure) {
      setNotice(adminErrorText(failure));
    } finally {
      setActing(null);
      // The button pressed may have left with its comment: keyboard focus goes to what happened.
      status.current?.focus();
    }
  };

  const current = QUEUES.find((entry) => entry.state === queue)!;
  const totalPages = list ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : 0;
  return (
    <div className="admin">
      <div className="admin__bar">
        <div role="group" aria-label="댓글 검토 대기열">
          {QUEUES.map((entry) => (
            <button
              key={entry.state}
              type="button"
              aria-pressed={queue === entry.state}
              className={queue === entry.state ? 'button' : 'button button--outline'}
              onClick={() => choose(entry.state)}
            >
              {entry.label}
            </button>
          ))}
        </div>
      </div>
      <p role="status" aria-live="polite" tabIndex={-1} ref={status}>
        {notice ?? (list ? `${current.label} ${list.total}건` : '')}
      </p>
      {error && (
        <ErrorState
          title="댓글 검토 대기열을 불러오지 못했습니다."
          message={error}
          onRetry={() => void load()}
        />
      )}
      {!error && list === null && <Spinner />}
      {list?.items.length === 0 && (
        <EmptyState title={current.empty} message="독자가 댓글을 신고하면 여기에 표시됩니다." />
      )}
      {list && list.items.length > 0 && (
        <ul className="admin__list" aria-label={current.label}>
          {list.items.map((item) => (
            <CommentEntry
              key={item.id}
              item={item}
              busy={acting !== null}
              acting={acting?.id === item.id ? acting.action : null}
              onAct={(action) => (action === 'hide' ? setHiding(item) : void act(item, action))}
            />
          ))}
        </ul>
      )}
      <AdminPager page={page} totalPages={totalPages} onPage={setPage} />
      {hiding && (
        <ConfirmDialog
          title="이 댓글을 숨길까요?"
          message="숨긴 댓글은 독자에게 보이지 않습니다. '숨긴 댓글'에서 언제든 복원할 수 있습니다."
          confirmLabel="숨기기"
          onCancel={cancelHide}
          onConfirm={() => {
            setHiding(null);
            void act(hiding, 'hide');
          }}
        />
      )}
    </div>
  );
}

function CommentEntry({
  item,
  busy,
  acting,
  onAct,
}: {
  item: CommentModerationItem;
  busy: boolean;
  /** The action under way on this comment, if any. */
  acting: Action | null;
  onAct: (action: Action) => void;
}) {
  const reasons = Object.entries(item.reports.reasons).sort(([, a], [, b]) => b - a);
  // Every row has a '숨기기': each button is described by its comment, so a screen reader says which.
  const excerptId = `moderated-comment-${item.id}`;
  return (
    <li className="admin__item">
      <p className="admin__meta">
        {item.parentId ? '답글' : '댓글'} · {item.author.displayName}
        {item.author.suspended ? ' (정지됨)' : ''} · <PostedTime value={item.createdAt} /> ·{' '}
        {STATE_LABELS[item.state]}
      </p>
      <p id={excerptId} className="admin__excerpt">
        {item.excerpt}
      </p>
      <p>
        신고 {item.reports.count}건
        {item.reports.lastAt && (
          <>
            {' '}
            · 마지막 신고 <PostedTime value={item.reports.lastAt} />
          </>
        )}
      </p>
      {reasons.length > 0 && (
        <ul className="admin__reasons" aria-label="신고 사유">
          {reasons.map(([reason, count]) => (
            <li key={reason}>
              {REASON_LABELS[reason] ?? reason} {count}건
            </li>
          ))}
        </ul>
      )}
      <ReportersList reports={item.reports} label="신고한 사람" />
      <div className="admin__actions">
        <a href={`/article/${encodeURIComponent(item.articleId)}`}>기사 보기 ({item.articleId})</a>
        {item.state !== 'hidden' && (
          <button
            type="button"
            className="button"
            aria-describedby={excerptId}
            disabled={busy}
            onClick={() => onAct('hide')}
          >
            {acting === 'hide' ? '숨기는 중…' : '숨기기'}
          </button>
        )}
        {item.state !== 'visible' && (
          <button
            type="button"
            className="button button--outline"
            aria-describedby={excerptId}
            disabled={busy}
            onClick={() => onAct('restore')}
          >
            {acting === 'restore' ? '복원 중…' : '복원'}
          </button>
        )}
      </div>
    </li>
  );
}
