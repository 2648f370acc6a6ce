import type { EditHeldBody, HeldItemDetail, ReviewOutput } from '@pulse/contracts';
import { CATEGORY_NAMES, PostedTime } from '@pulse/frontend-ui';
import { useCallback, useState, type FormEvent } from 'react';
import { adminErrorText, adminFetch } from './admin-session';
import { ConfirmDialog } from './ConfirmDialog';

/** The front ends import only types from contracts; the content types as the translator writes them. */
const CONTENT_TYPE_NAMES = { news: '뉴스', insight: '인사이트', analysis: '분석' } as const;

/** The output as the form edits it: lists as text, one tag per comma and one insight per line. */
interface Draft {
  title: string;
  summary: string;
  bodyHtml: string;
  primaryCategory: string;
  secondaryCategory: string;
  tags: string;
  contentType: string;
  keyInsights: string;
}

const toDraft = (output: ReviewOutput | null): Draft => ({
  title: output?.title ?? '',
  summary: output?.summary ?? '',
  bodyHtml: output?.bodyHtml ?? '',
  primaryCategory: output?.primaryCategory ?? 'gen-ai',
  secondaryCategory: output?.secondaryCategory ?? '',
  tags: output?.tags.join(', ') ?? '',
  contentType: output?.contentType ?? 'news',
  keyInsights: output?.keyInsights.join('\n') ?? '',
});

const fromDraft = (draft: Draft): EditHeldBody => ({
  title: draft.title,
  summary: draft.summary,
  bodyHtml: draft.bodyHtml,
  primaryCategory: draft.primaryCategory as ReviewOutput['primaryCategory'],
  secondaryCategory: (draft.secondaryCategory || null) as ReviewOutput['secondaryCategory'],
  tags: draft.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean),
  contentType: draft.contentType as ReviewOutput['contentType'],
  keyInsights: draft.keyInsights
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
});

type Action = 'save' | 'release' | 'reject';
const ACTIONS: Record<Action, { title: string; message: string; confirm: string; done: string }> = {
  save: {
    title: '수정 내용 저장',
    message: '번역문을 이 내용으로 저장할까요? 링크 규칙을 어기면 저장되지 않습니다.',
    confirm: '저장',
    done: '저장했습니다.',
  },
  release: {
    title: '게시',
    message: '저장된 번역문을 기사로 게시할까요? 게시 후에는 되돌릴 수 없습니다.',
    confirm: '게시',
    done: '게시했습니다.',
  },
  reject: {
    title: '반려',
    message: '이 번역을 반려할까요? 반려된 번역은 보관되며 게시되지 않습니다.',
    confirm: '반려',
    done: '반려했습니다.',
  },
};

const STATE_NAMES = { held: '검토 대기', released: '게시됨', rejected: '반려됨' } as const;

/** One held translation: why it is held, the source beside the output, and the editor's decisions. */
export function HeldTranslationReview({
  item,
  onChanged,
}: {
  item: HeldItemDetail;
  /** Called with the server's answer after a save, release or reject. */
  onChanged: (item: HeldItemDetail, notice: string) => void;
}) {
  const [draft, setDraft] = useState(() => toDraft(item.output));
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const held = item.state === 'held';
  const field = (name: keyof Draft) => ({
    value: draft[name],
    disabled: !held,
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const cancel = useCallback(() => setAction(null), []);
  // Release publishes what is stored: unsaved changes are saved first, so what is published is what was checked.
  const dirty = JSON.stringify(fromDraft(draft)) !== JSON.stringify(fromDraft(toDraft(item.output)));

  const run = async () => {
    if (!action) return;
    setBusy(true);
    setError(null);
    const path = `/api/translation/admin/held/${encodeURIComponent(item.id)}`;
    const json = (method: string, body: unknown) => ({
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    try {
      const next = await adminFetch<HeldItemDetail>(
        action === 'save' ? path : `${path}/${action}`,
        action === 'save'
          ? json('PATCH', fromDraft(draft))
          : action === 'reject'
            ? json('POST', { reason: reason.trim() })
            : { method: 'POST' },
      );
      onChanged(next, ACTIONS[action].done);
    } catch (failure) {
      setError(adminErrorText(failure));
    } finally {
      setBusy(false);
      setAction(null);
    }
  };
  const ask = (next: Action) => (event?: FormEvent) => {
    event?.preventDefault();
    setReason('');
    setAction(next);
  };

  return (
    <article className="held-review" aria-labelledby="held-review-title">
      <h2 id="held-review-title">{item.title}</h2>
      <p className="admin__meta">
        {STATE_NAMES[item.state]} · {item.sourceName} · 수집 <PostedTime value={item.createdAt} />
        {item.model ? ` · 모델 ${item.model}` : ''}
        {item.editedAt && (
          <>
            {' '}
            · 수정 <PostedTime value={item.editedAt} />
          </>
        )}
      </p>
      {item.decision?.reason && <p>반려 사유: {item.decision.reason}</p>}
      <h3>보류 사유</h3>
      <ul>
        {item.reasons.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      {item.removedInstructions.length > 0 && (
        <>
          <h3>프롬프트에서 제외된 원문 지시문</h3>
          <ul>
            {item.removedInstructions.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="held-review__columns">
        <section aria-labelledby="held-source-title">
          <h3 id="held-source-title">원문</h3>
          <p>
            <strong>{item.source.title}</strong>
          </p>
          <p>{item.source.summary}</p>
          {/* The markup as text: the reviewer sees exactly where every link points. */}
          <pre className="held-review__html">{item.source.bodyHtml}</pre>
          <ul>
            {item.source.sources.map((source) => (
              <li key={source.canonicalUrl}>
                {source.sourceName}: {source.url}
              </li>
            ))}
          </ul>
        </section>
        <form aria-labelledby="held-output-title" onSubmit={ask('save')}>
          <h3 id="held-output-title">번역문</h3>
          {!item.output && <p>모델이 올바른 번역문을 만들지 못했습니다. 모든 항목을 직접 입력하세요.</p>}
          <label htmlFor="held-title">제목</label>
          <input id="held-title" type="text" maxLength={200} {...field('title')} />
          <label htmlFor="held-summary">요약 (160자 이하)</label>
          <textarea id="held-summary" rows={3} maxLength={160} {...field('summary')} />
          <label htmlFor="held-body">본문 HTML</label>
          <textarea id="held-body" rows={14} {...field('bodyHtml')} />
          <label htmlFor="held-primary">주 카테고리</label>
          <select id="held-primary" {...field('primaryCategory')}>
            {Object.entries(CATEGORY_NAMES).map(([slug, name]) => (
              <option key={slug} value={slug}>
                {name}
              </option>
            ))}
          </select>
          <label htmlFor="held-secondary">보조 카테고리</label>
          <select id="held-secondary" {...field('secondaryCategory')}>
            <option value="">없음</option>
            {Object.entries(CATEGORY_NAMES).map(([slug, name]) => (
              <option key={slug} value={slug}>
                {name}
              </option>
            ))}
          </select>
          <label htmlFor="held-type">유형</label>
          <select id="held-type" {...field('contentType')}>
            {Object.entries(CONTENT_TYPE_NAMES).map(([type, name]) => (
              <option key={type} value={type}>
                {name}
              </option>
            ))}
          </select>
          <label htmlFor="held-tags">태그 (쉼표로 구분)</label>
          <input id="held-tags" type="text" {...field('tags')} />
          <label htmlFor="held-insights">핵심 인사이트 (한 줄에 하나, 인사이트 유형일 때 2~3개)</label>
          <textarea id="held-insights" rows={3} {...field('keyInsights')} />
          {held && (
            <div className="admin__actions">
              <button type="submit" className="button button--outline" disabled={busy}>
                수정 저장
              </button>
              <button
                type="button"
                className="button"
                disabled={busy || !item.output || dirty}
                aria-describedby="held-release-hint"
                onClick={ask('release')}
              >
                게시
              </button>
              <button
                type="button"
                className="button button--outline"
                disabled={busy}
                onClick={ask('reject')}
              >
                반려
              </button>
            </div>
          )}
          {held && (
            <p id="held-release-hint" className="admin__meta">
              {dirty
                ? '저장하지 않은 수정 내용이 있습니다. 게시하려면 먼저 저장하세요.'
                : '게시하면 일반 번역과 같은 경로로 기사가 발행됩니다.'}
            </p>
          )}
        </form>
      </div>
      {action && (
        <ConfirmDialog
          title={ACTIONS[action].title}
          message={ACTIONS[action].message}
          confirmLabel={ACTIONS[action].confirm}
          confirmDisabled={busy || (action === 'reject' && !reason.trim())}
          onConfirm={() => void run()}
          onCancel={cancel}
        >
          {action === 'reject' && (
            <>
              <label htmlFor="held-reject-reason">반려 사유</label>
              <textarea
                id="held-reject-reason"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </>
          )}
        </ConfirmDialog>
      )}
    </article>
  );
}
