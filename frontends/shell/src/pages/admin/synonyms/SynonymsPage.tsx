import type { SynonymGroup, SynonymsResponse } from '@pulse/contracts';
import { EmptyState, ErrorState, PostedTime, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN_HEADS } from '../admin-heads';
import { adminSend } from '../admin-requests';
import { adminErrorText, adminFetch } from '../admin-session';
import { ConfirmDialog } from '../ConfirmDialog';
import { formatSpellings, parseSpellings } from './spellings';
import { AdminScreen } from '../AdminScreen';

const SYNONYMS = '/api/content/admin/search/synonyms';
const groupPath = (id: string) => `${SYNONYMS}/${encodeURIComponent(id)}`;

/**
 * /admin/synonyms: the search synonyms editors add without a deploy (each group is spellings of one thing),
 * beside the maintained dictionary they sit on. Search uses a change before the server answers.
 */
export default function SynonymsPage() {
  return (
    <AdminScreen title="검색 동의어" head={ADMIN_HEADS.synonyms}>
      {() => <Synonyms />}
    </AdminScreen>
  );
}

function Synonyms() {
  const [list, setList] = useState<SynonymsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SynonymGroup | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setList(await adminFetch<SynonymsResponse>(SYNONYMS));
    } catch (failure) {
      setList(null);
      setError(adminErrorText(failure));
    }
  }, []);
  useEffect(() => void load(), [load]);

  /** Runs one change, says how it went where focus lands, and reloads the list. True when it went. */
  const change = async (run: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    setNotice(null);
    try {
      await run();
      setNotice(done);
      await load();
      return true;
    } catch (failure) {
      setNotice(adminErrorText(failure));
      return false;
    } finally {
      setBusy(false);
      status.current?.focus();
    }
  };

  const add = (spellings: string[]) =>
    change(() => adminSend('POST', SYNONYMS, { spellings }), '동의어 묶음을 추가했습니다.');

  // A group's id is made from its spellings, so changing them is a new group: the new one is added first,
  // then the old one removed, and a failure in between leaves both rather than neither.
  const edit = (group: SynonymGroup, spellings: string[]) =>
    change(async () => {
      await adminSend('POST', SYNONYMS, { spellings });
      await adminSend('DELETE', groupPath(group.id));
    }, '동의어 묶음을 고쳤습니다.');

  const remove = async (group: SynonymGroup) => {
    setRemoving(null);
    await change(() => adminSend('DELETE', groupPath(group.id)), '동의어 묶음을 삭제했습니다.');
  };

  return (
    <div className="admin">
      <SpellingsForm
        id="synonym-new"
        label="새 동의어 묶음"
        submitLabel="추가"
        busy={busy}
        onSubmit={async (spellings) => add(spellings)}
      />
      <p role="status" aria-live="polite" tabIndex={-1} ref={status}>
        {notice ?? (list ? `추가한 동의어 묶음 ${list.added.length}개` : '')}
      </p>
      {error && (
        <ErrorState title="검색 동의어를 불러오지 못했습니다." message={error} onRetry={() => void load()} />
      )}
      {!error && list === null && <Spinner />}
      {list?.added.length === 0 && (
        <EmptyState
          title="추가한 동의어 묶음이 없습니다."
          message="검색에서 같은 것으로 찾아야 할 표기를 쉼표로 나눠 추가하세요."
        />
      )}
      {list && list.added.length > 0 && (
        <ul className="admin__list" aria-label="추가한 동의어 묶음">
          {list.added.map((group) => (
            <li key={group.id} className="admin__item">
              {editing === group.id ? (
                <SpellingsForm
                  id={`synonym-${group.id}`}
                  label="동의어 묶음 고치기"
                  submitLabel="저장"
                  initial={formatSpellings(group.spellings)}
                  busy={busy}
                  onCancel={() => setEditing(null)}
                  onSubmit={async (spellings) => {
                    if (await edit(group, spellings)) setEditing(null);
                  }}
                />
              ) : (
                <>
                  <p id={`synonym-text-${group.id}`}>{group.spellings.join(' · ')}</p>
                  <p className="admin__meta">
                    추가 <PostedTime value={group.createdAt} />
                  </p>
                  <div className="admin__actions">
                    <button
                      type="button"
                      className="button button--outline"
                      aria-describedby={`synonym-text-${group.id}`}
                      disabled={busy}
                      onClick={() => setEditing(group.id)}
                    >
                      고치기
                    </button>
                    <button
                      type="button"
                      className="button button--outline"
                      aria-describedby={`synonym-text-${group.id}`}
                      disabled={busy}
                      onClick={() => setRemoving(group)}
                    >
                      삭제
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {list && (
        <details>
          <summary>기본 사전의 동의어 묶음 {list.dictionary.length}개 (배포로만 바뀝니다)</summary>
          <ul aria-label="기본 사전의 동의어 묶음">
            {list.dictionary.map((spellings) => (
              <li key={spellings.join('|')}>{spellings.join(' · ')}</li>
            ))}
          </ul>
        </details>
      )}
      {removing && (
        <ConfirmDialog
          title="동의어 묶음을 삭제할까요?"
          message={`'${removing.spellings.join(' · ')}' 묶음을 지우면 검색이 바로 이 표기들을 서로 다른 말로 찾습니다.`}
          confirmLabel="삭제"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}

/** Spellings typed as one line, separated by commas; at least two, as the server requires. */
function SpellingsForm({
  id,
  label,
  submitLabel,
  initial = '',
  busy,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  onSubmit: (spellings: string[]) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const spellings = parseSpellings(text);
    if (new Set(spellings).size < 2) {
      setProblem('서로 다른 표기를 두 개 이상 쉼표로 나눠 입력하세요.');
      return;
    }
    setProblem(null);
    await onSubmit(spellings);
    if (!initial) setText('');
  };
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={text}
        placeholder="예: 하닉, SK하이닉스"
        aria-describedby={`${id}-hint`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-hint`} className="admin__meta">
        {problem ?? '같은 것을 가리키는 표기를 쉼표로 나눠 적습니다.'}
      </p>
      <div className="admin__actions">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--outline" onClick={onCancel}>
            취소
          </button>
        )}
      </div>
    </form>
  );
}
