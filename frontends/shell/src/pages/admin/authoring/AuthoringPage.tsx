import type { AdminListResponse, DraftingCapability } from '@pulse/contracts';
import { EmptyState, ErrorState, formatDateTime, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useState } from 'react';
import { ADMIN_HEADS } from '../admin-heads';
import { adminErrorText, adminFetch } from '../admin-session';
import { AdminScreen } from '../AdminScreen';
import { AiDraftForm } from './AiDraftForm';
import { KIND_API, KIND_LABELS, STATE_LABELS, type AuthoringKind } from './authoring-labels';
import type { AuthoredItem } from './editor-fields';
import { ItemEditor } from './ItemEditor';

/** The newest this many of each kind; older ones are reached by their own address. */
const LISTED = 50;
const KINDS: readonly AuthoringKind[] = ['insight', 'analysis'];

type Lists = Record<AuthoringKind, { items: AuthoredItem[]; total: number }>;

const EMPTY_TITLES: Readonly<Record<AuthoringKind, string>> = {
  insight: '아직 쓴 인사이트가 없습니다.',
  analysis: '아직 쓴 기술 분석이 없습니다.',
};

/**
 * /admin/authoring: the insights and tech analyses editors write (drafts, published, withdrawn), a new
 * one of either, an LLM draft where one is configured, and the editor with its preview and history.
 */
export default function AuthoringPage() {
  return (
    <AdminScreen title="글쓰기" head={ADMIN_HEADS.authoring}>
      {() => <Authoring />}
    </AdminScreen>
  );
}

function Authoring() {
  const [lists, setLists] = useState<Lists | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [llm, setLlm] = useState(false);
  const [drafting, setDrafting] = useState(false);
  const [editing, setEditing] = useState<{ kind: AuthoringKind; id: string | null } | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      const [insight, analysis] = await Promise.all(
        KINDS.map((kind) => adminFetch<AdminListResponse<AuthoredItem>>(`${KIND_API[kind]}?limit=${LISTED}`)),
      );
      setLists({
        insight: { items: insight!.items, total: insight!.pagination.total },
        analysis: { items: analysis!.items, total: analysis!.pagination.total },
      });
    } catch (failure) {
      setLists(null);
      setError(adminErrorText(failure));
    }
  }, []);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    // No answer means no button: a draft is never offered where it cannot be made.
    adminFetch<DraftingCapability>('/api/content/admin/drafts/capability').then(
      (answer) => setLlm(answer.llm),
      () => setLlm(false),
    );
  }, []);

  if (editing)
    return (
      <ItemEditor
        key={`${editing.kind}:${editing.id ?? 'new'}`}
        kind={editing.kind}
        id={editing.id}
        onChanged={() => void load()}
        onClose={() => setEditing(null)}
      />
    );

  return (
    <div className="admin">
      <div className="admin__bar">
        <button type="button" className="button" onClick={() => setEditing({ kind: 'insight', id: null })}>
          새 인사이트
        </button>
        <button type="button" className="button" onClick={() => setEditing({ kind: 'analysis', id: null })}>
          새 기술 분석
        </button>
        {llm && (
          <button
            type="button"
            className="button button--outline"
            disabled={drafting}
            onClick={() => setDrafting(true)}
          >
            AI 초안
          </button>
        )}
      </div>
      {drafting && (
        <AiDraftForm
          onDrafted={(kind, id) => {
            setDrafting(false);
            void load();
            setEditing({ kind, id });
          }}
          onCancel={() => setDrafting(false)}
        />
      )}
      {error && (
        <ErrorState title="글 목록을 불러오지 못했습니다." message={error} onRetry={() => void load()} />
      )}
      {!error && lists === null && <Spinner />}
      {lists &&
        KINDS.map((kind) => (
          <section key={kind} aria-labelledby={`authoring-${kind}`}>
            <h2 id={`authoring-${kind}`}>
              {KIND_LABELS[kind]} <span className="admin__meta">{lists[kind].total}개</span>
            </h2>
            {lists[kind].items.length === 0 ? (
              <EmptyState
                title={EMPTY_TITLES[kind]}
                message={`'새 ${KIND_LABELS[kind]}'로 첫 글을 써 보세요.`}
              />
            ) : (
              <ul className="admin__list" aria-label={KIND_LABELS[kind]}>
                {lists[kind].items.map((item) => (
                  <li key={item.id} className="admin__item">
                    <strong>{item.title}</strong>
                    <p className="admin__meta">
                      {STATE_LABELS[item.state]} · 고친 때{' '}
                      <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt)}</time>
                    </p>
                    <button
                      type="button"
                      className="button button--outline"
                      aria-label={`편집: ${item.title}`}
                      onClick={() => setEditing({ kind, id: item.id })}
                    >
                      편집
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
    </div>
  );
}
