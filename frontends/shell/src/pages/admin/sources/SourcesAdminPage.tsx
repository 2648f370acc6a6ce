import type { IngestionSourceAdmin } from '@pulse/contracts';
import { EmptyState, ErrorState, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_HEADS } from '../admin-heads';
import { adminSend } from '../admin-requests';
import { adminErrorText, adminFetch } from '../admin-session';
import { ConfirmDialog } from '../ConfirmDialog';
import { SourceForm } from './SourceForm';
import { SourceHealth } from './SourceHealth';
import { useRunNow } from './use-run-result';
import { AdminScreen } from '../AdminScreen';

const SOURCES = '/api/ingestion/admin/sources';
const sourcePath = (id: string) => `/api/ingestion/sources/${encodeURIComponent(id)}`;

/**
 * /admin/sources: every source ingestion reads, with its health (last run, items, errors, poll interval,
 * WebSub); add one after previewing its feed, edit, pause or resume it, run it now and see that run.
 */
export default function SourcesAdminPage() {
  return (
    <AdminScreen title="뉴스 소스 관리" head={ADMIN_HEADS.sources}>
      {() => <Sources />}
    </AdminScreen>
  );
}

function Sources() {
  const [sources, setSources] = useState<IngestionSourceAdmin[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<IngestionSourceAdmin | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setSources(await adminFetch<IngestionSourceAdmin[]>(SOURCES));
    } catch (failure) {
      setSources(null);
      setError(adminErrorText(failure));
    }
  }, []);
  useEffect(() => void load(), [load]);
  const reload = useCallback(() => void load(), [load]);
  const { watches, runNow } = useRunNow(reload);

  const say = (message: string) => {
    setNotice(message);
    status.current?.focus();
  };

  const act = async (source: IngestionSourceAdmin, action: 'pause' | 'resume') => {
    setBusy(source.id);
    try {
      await adminSend('POST', `${sourcePath(source.id)}/${action}`);
      say(
        action === 'pause'
          ? `${source.name} 수집을 일시 중지했습니다.`
          : `${source.name} 수집을 재개했습니다.`,
      );
      await load();
    } catch (failure) {
      say(adminErrorText(failure));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (source: IngestionSourceAdmin) => {
    setRemoving(null);
    setBusy(source.id);
    try {
      await adminSend('DELETE', sourcePath(source.id));
      say(`${source.name} 소스를 삭제했습니다.`);
      await load();
    } catch (failure) {
      say(adminErrorText(failure));
    } finally {
      setBusy(null);
    }
  };

  const saved = async (source: IngestionSourceAdmin, added: boolean) => {
    setAdding(false);
    setEditing(null);
    say(added ? `${source.name} 소스를 추가했습니다.` : `${source.name} 소스를 고쳤습니다.`);
    await load();
  };

  return (
    <div className="admin">
      <div className="admin__bar">
        <button type="button" className="button" disabled={adding} onClick={() => setAdding(true)}>
          소스 추가
        </button>
      </div>
      {adding && (
        <SourceForm onSaved={(source) => void saved(source, true)} onCancel={() => setAdding(false)} />
      )}
      <p role="status" aria-live="polite" tabIndex={-1} ref={status}>
        {notice ?? (sources ? `소스 ${sources.length}개` : '')}
      </p>
      {error && (
        <ErrorState title="소스를 불러오지 못했습니다." message={error} onRetry={() => void load()} />
      )}
      {!error && sources === null && <Spinner />}
      {sources?.length === 0 && (
        <EmptyState title="등록된 소스가 없습니다." message="'소스 추가'로 첫 피드를 등록하세요." />
      )}
      {sources && sources.length > 0 && (
        <ul className="admin__list" aria-label="소스">
          {sources.map((source) =>
            editing === source.id ? (
              <li key={source.id}>
                <SourceForm
                  source={source}
                  onSaved={(next) => void saved(next, false)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <SourceHealth
                key={source.id}
                source={source}
                busy={busy === source.id}
                watch={watches[source.id] ?? { state: 'idle' }}
                onEdit={() => setEditing(source.id)}
                onPause={() => void act(source, 'pause')}
                onResume={() => void act(source, 'resume')}
                onRunNow={() => void runNow(source.id)}
                onRemove={() => setRemoving(source)}
              />
            ),
          )}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title="소스를 삭제할까요?"
          message={`'${removing.name}'에서 더는 기사를 수집하지 않습니다. 이미 수집한 기사는 그대로 남습니다.`}
          confirmLabel="삭제"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
