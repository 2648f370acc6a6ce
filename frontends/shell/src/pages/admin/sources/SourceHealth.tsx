import type { IngestionSourceAdmin } from '@pulse/contracts';
import { formatDelay, PostedTime } from '@pulse/frontend-ui';
import { SOURCES } from '../../../copy';
import {
  ERROR_LABELS,
  OUTCOME_LABELS,
  runCounts,
  STATUS_LABELS,
  TRIGGER_LABELS,
  WEBSUB_LABELS,
} from './source-labels';
import type { RunWatch } from './use-run-result';

/** One source as the admin sees it: how it is doing, and what can be done with it. */
export function SourceHealth({
  source,
  busy,
  watch,
  onEdit,
  onPause,
  onResume,
  onRunNow,
  onRemove,
}: {
  source: IngestionSourceAdmin;
  busy: boolean;
  watch: RunWatch;
  onEdit: () => void;
  onPause: () => void;
  onResume: () => void;
  onRunNow: () => void;
  onRemove: () => void;
}) {
  // Every row has the same buttons: each is described by its source's name, so a screen reader says which.
  const nameId = `source-name-${source.id}`;
  const running = watch.state === 'waiting';
  return (
    <li className="admin__item">
      <h3 id={nameId}>{source.name}</h3>
      <p className="admin__meta">
        {STATUS_LABELS[source.status]} · {SOURCES.types[source.sourceType]} · {source.url}
      </p>
      <dl className="admin__facts">
        <dt>마지막 실행</dt>
        <dd>{source.lastRunAt ? <PostedTime value={source.lastRunAt} /> : '아직 없음'}</dd>
        <dt>기사</dt>
        <dd>{source.count.toLocaleString('ko-KR')}건</dd>
        <dt>확인 주기</dt>
        <dd>
          {source.intervalMinutes !== null
            ? `${source.intervalMinutes}분 (고정)`
            : source.pollIntervalSeconds !== null
              ? `약 ${formatDelay(source.pollIntervalSeconds * 1000).text} (자동)`
              : '첫 실행 뒤에 정해짐'}
        </dd>
        <dt>실시간 알림(WebSub)</dt>
        <dd>{source.websub ? WEBSUB_LABELS[source.websub.state] : '없음'}</dd>
        <dt>오류</dt>
        <dd>
          {source.lastErrorCategory
            ? `${ERROR_LABELS[source.lastErrorCategory]} (연속 ${source.consecutiveFailures}회)`
            : '없음'}
        </dd>
      </dl>
      {source.lastError && <p className="admin__excerpt admin__meta">{source.lastError}</p>}
      <RunResult watch={watch} />
      <div className="admin__actions">
        <button
          type="button"
          className="button"
          aria-describedby={nameId}
          disabled={busy || running}
          onClick={onRunNow}
        >
          {running ? '실행 중…' : '지금 실행'}
        </button>
        {source.status === 'paused' ? (
          <button
            type="button"
            className="button button--outline"
            aria-describedby={nameId}
            disabled={busy}
            onClick={onResume}
          >
            재개
          </button>
        ) : (
          <button
            type="button"
            className="button button--outline"
            aria-describedby={nameId}
            disabled={busy}
            onClick={onPause}
          >
            일시 중지
          </button>
        )}
        <button
          type="button"
          className="button button--outline"
          aria-describedby={nameId}
          disabled={busy}
          onClick={onEdit}
        >
          고치기
        </button>
        <button
          type="button"
          className="button button--outline"
          aria-describedby={nameId}
          disabled={busy}
          onClick={onRemove}
        >
          삭제
        </button>
      </div>
    </li>
  );
}

function RunResult({ watch }: { watch: RunWatch }) {
  if (watch.state === 'idle') return null;
  const text =
    watch.state === 'waiting'
      ? '실행을 요청했습니다. 결과를 기다리는 중…'
      : watch.state === 'slow'
        ? '실행이 아직 끝나지 않았습니다. 잠시 뒤 새로 고쳐 보세요.'
        : watch.state === 'error'
          ? watch.message
          : null;
  if (text) return <p aria-live="polite">{text}</p>;
  if (watch.state !== 'done') return null;
  const { run } = watch;
  return (
    <section aria-label="이번 실행 결과" aria-live="polite">
      <p>
        이번 실행: {OUTCOME_LABELS[run.outcome]} ({TRIGGER_LABELS[run.trigger]}, {run.durationMs}ms
        {run.httpStatus !== null ? `, HTTP ${run.httpStatus}` : ''}) · {runCounts(run)}
      </p>
      {run.error && <p className="admin__meta">{run.error}</p>}
    </section>
  );
}
