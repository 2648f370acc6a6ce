import { ErrorState, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { adminSend } from '../admin-requests';
import { adminErrorText, adminFetch } from '../admin-session';
import { ConfirmDialog } from '../ConfirmDialog';
import {
  itemApi,
  KIND_API,
  KIND_LABELS,
  readerPath,
  STATE_LABELS,
  WITHDRAW_REASON,
  type AuthoringKind,
} from './authoring-labels';
import {
  createBody,
  EMPTY_FORM,
  formOf,
  MARKDOWN_FIELDS,
  missingToPublish,
  patchBody,
  type AuthoredItem,
  type EditorForm,
} from './editor-fields';
import { AnalysisFields, InsightFields } from './ItemFields';
import { MarkdownField } from './MarkdownField';
import { RevisionHistory } from './RevisionHistory';

type Confirming = 'publish' | 'withdraw' | null;

/**
 * One insight or tech analysis being written: its fields, Markdown sections with their preview, saving
 * as a draft, publishing (asked first), withdrawing a published one with a reason, and its history. `id` null
 * is a new item, stored as a draft at its first save.
 */
export function ItemEditor({
  kind,
  id,
  onChanged,
  onClose,
}: {
  kind: AuthoringKind;
  id: string | null;
  /** An item was stored or changed state: the list is re-read. */
  onChanged: () => void;
  onClose: () => void;
}) {
  const [item, setItem] = useState<AuthoredItem | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saved, setSaved] = useState<EditorForm>(EMPTY_FORM);
  const [form, setForm] = useState<EditorForm>(EMPTY_FORM);
  const [inexact, setInexact] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [reason, setReason] = useState('');
  const [version, setVersion] = useState(0);
  const status = useRef<HTMLParagraphElement>(null);
  const field = useId();

  const load = useCallback(async () => {
    if (id === null) return;
    setLoadError(null);
    try {
      const stored = await adminFetch<AuthoredItem>(itemApi(kind, id));
      const { form: loaded, inexact: lossy } = formOf(kind, stored);
      setItem(stored);
      setSaved(loaded);
      setForm(loaded);
      setInexact(lossy);
    } catch (failure) {
      setLoadError(adminErrorText(failure));
    }
  }, [kind, id]);
  useEffect(() => void load(), [load]);

  const say = (message: string) => {
    setNotice(message);
    status.current?.focus();
  };
  const change = <K extends keyof EditorForm>(key: K, value: EditorForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  /** Runs one call; its answer is the item as now stored. */
  const run = async (call: () => Promise<AuthoredItem>, done: (stored: AuthoredItem) => string) => {
    setBusy(true);
    try {
      const stored = await call();
      setItem(stored);
      setVersion((v) => v + 1);
      say(done(stored));
      onChanged();
      return stored;
    } catch (failure) {
      say(adminErrorText(failure));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.title.trim()) return say('제목을 입력해 주세요.');
    if (item === null) {
      const stored = await run(
        () => adminSend<AuthoredItem>('POST', KIND_API[kind], createBody(kind, form)),
        () => '초안으로 저장했습니다.',
      );
      if (stored) setSaved(form);
      return;
    }
    const patch = patchBody(kind, saved, form);
    if (Object.keys(patch).length === 0) return say('바뀐 내용이 없습니다.');
    const stored = await run(
      () => adminSend<AuthoredItem>('PATCH', itemApi(kind, item.id), patch),
      (next) =>
        next.state === 'published' ? '저장했습니다. 독자 화면에도 바로 반영됩니다.' : '초안을 저장했습니다.',
    );
    if (stored) {
      setSaved(form);
      setInexact((lossy) =>
        lossy.filter((key) => !(key in patch) && !(key === 'body' && 'content' in patch)),
      );
    }
  };

  const publish = async () => {
    setConfirming(null);
    if (!item) return;
    await run(
      () => adminSend<AuthoredItem>('POST', `${itemApi(kind, item.id)}/publish`),
      () => '게시했습니다.',
    );
  };

  const withdraw = async () => {
    setConfirming(null);
    if (!item) return;
    const given = reason.trim();
    setReason('');
    await run(
      () => adminSend<AuthoredItem>('POST', `${itemApi(kind, item.id)}/withdraw`, { reason: given }),
      () => '게시를 중단했습니다. 독자에게는 게시가 중단된 글로 안내됩니다.',
    );
  };

  if (id !== null && loadError)
    return <ErrorState title="글을 불러오지 못했습니다." message={loadError} onRetry={() => void load()} />;
  if (id !== null && item === null) return <Spinner />;

  const state = item?.state ?? 'draft';
  const dirty = item === null || JSON.stringify(form) !== JSON.stringify(saved);
  const missing = missingToPublish(kind, form);
  const reasonLength = reason.trim().length;
  const withdrawal = item && 'withdrawal' in item ? item.withdrawal : null;

  return (
    <section className="authoring__editor" aria-labelledby={`${field}-title`}>
      <h2 id={`${field}-title`}>
        {item ? `${KIND_LABELS[kind]} 편집` : `새 ${KIND_LABELS[kind]}`}{' '}
        <span className="admin__meta">({STATE_LABELS[state]})</span>
      </h2>
      {item && state === 'published' && (
        <p>
          <Link to={readerPath(kind, item)}>독자 화면에서 보기</Link>
        </p>
      )}
      {withdrawal && (
        <p className="admin__meta">
          게시 중단: {withdrawal.by}, 사유 “{withdrawal.reason}”
        </p>
      )}
      <form className="admin-form authoring__form" onSubmit={(event) => void save(event)} noValidate>
        <label htmlFor={`${field}-title-input`}>제목</label>
        <input
          id={`${field}-title-input`}
          value={form.title}
          required
          maxLength={200}
          onChange={(e) => change('title', e.target.value)}
        />
        {kind === 'insight' ? (
          <InsightFields form={form} change={change} field={field} />
        ) : (
          <AnalysisFields form={form} change={change} field={field} />
        )}
        {MARKDOWN_FIELDS[kind].map(({ key, label }) => (
          <MarkdownField
            key={key}
            label={label}
            value={form[key]}
            inexact={inexact.includes(key)}
            onChange={(value) => change(key, value)}
          />
        ))}
        <div className="admin__actions">
          <button type="submit" className="button" disabled={busy}>
            {item ? '저장' : '초안 저장'}
          </button>
          {state !== 'published' && (
            <button
              type="button"
              className="button"
              disabled={busy || dirty || missing.length > 0}
              aria-describedby={`${field}-publish-hint`}
              onClick={() => setConfirming('publish')}
            >
              {state === 'withdrawn' ? '다시 게시' : '게시'}
            </button>
          )}
          {state === 'published' && (
            <button
              type="button"
              className="button button--outline"
              disabled={busy}
              onClick={() => setConfirming('withdraw')}
            >
              게시 중단
            </button>
          )}
          <button type="button" className="button button--outline" onClick={onClose}>
            목록으로
          </button>
        </div>
        {state !== 'published' && (
          <p id={`${field}-publish-hint`} className="admin__meta">
            {dirty
              ? '저장한 뒤에 게시할 수 있습니다.'
              : missing.length > 0
                ? `게시하려면 필요합니다: ${missing.join(', ')}`
                : '게시할 수 있습니다.'}
          </p>
        )}
      </form>
      <p role="status" aria-live="polite" tabIndex={-1} ref={status}>
        {busy ? '처리하는 중…' : notice}
      </p>
      {item && <RevisionHistory kind={kind} id={item.id} version={version} />}
      {confirming === 'publish' && (
        <ConfirmDialog
          title={kind === 'insight' ? '인사이트를 게시할까요?' : '기술 분석을 게시할까요?'}
          message={`'${form.title.trim()}'이(가) 바로 독자에게 보이고 목록, 피드, 검색에 실립니다.`}
          confirmLabel="게시"
          onConfirm={() => void publish()}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'withdraw' && (
        <ConfirmDialog
          title="게시를 중단할까요?"
          message="독자 화면, 목록, 피드, 검색에서 내려가고 주소는 '게시가 중단된 글'로 안내됩니다."
          confirmLabel="게시 중단"
          confirmDisabled={reasonLength < WITHDRAW_REASON.min || reasonLength > WITHDRAW_REASON.max}
          onConfirm={() => void withdraw()}
          onCancel={() => setConfirming(null)}
        >
          <label htmlFor={`${field}-reason`}>
            사유 ({WITHDRAW_REASON.min}–{WITHDRAW_REASON.max}자)
          </label>
          <textarea
            id={`${field}-reason`}
            rows={3}
            maxLength={WITHDRAW_REASON.max}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </ConfirmDialog>
      )}
    </section>
  );
}
