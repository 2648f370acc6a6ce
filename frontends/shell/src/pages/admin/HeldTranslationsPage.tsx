import type { HeldItemDetail, HeldItemSummary, HeldListResponse } from '@pulse/contracts';
import { EmptyState, ErrorState, PostedTime, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useState } from 'react';
import { PAGE_HEADS } from '../../page-heads';
import { adminErrorText, adminFetch } from './admin-session';
import { HeldTranslationReview } from './HeldTranslationReview';
import { AdminPager } from './AdminPager';
import { AdminScreen } from './AdminScreen';

const PAGE_SIZE = 20;
const API = '/api/translation/admin/held';

/**
 * /admin/translations: translations held for review (a link the source never had, markup in a title, an
 * output the model could not get right), oldest first, so none waits unseen. Behind the admin credential.
 */
export default function HeldTranslationsPage() {
  return (
    <AdminScreen title="보류된 번역 검토" head={PAGE_HEADS.heldTranslations}>
      {() => <HeldQueue />}
    </AdminScreen>
  );
}

function HeldQueue() {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<HeldListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<HeldItemDetail | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    setList(null);
    setError(null);
    try {
      setList(await adminFetch<HeldListResponse>(`${API}?page=${page}&limit=${PAGE_SIZE}`));
    } catch (failure) {
      setError(adminErrorText(failure));
    }
  }, [page]);
  useEffect(() => void load(), [load]);

  const open = async (item: HeldItemSummary) => {
    setOpening(item.id);
    setDetailError(null);
    setNotice(null);
    try {
      setSelected(await adminFetch<HeldItemDetail>(`${API}/${encodeURIComponent(item.id)}`));
    } catch (failure) {
      setDetailError(adminErrorText(failure));
    } finally {
      setOpening(null);
    }
  };

  const changed = (item: HeldItemDetail, message: string) => {
    setSelected(item);
    setNotice(message);
    // A released or rejected item leaves the queue; an edited one stays with its new title.
    void load();
  };

  const totalPages = list?.pagination.totalPages ?? 0;
  return (
    <div className="admin">
      <p role="status" aria-live="polite">
        {notice ?? (list ? `검토를 기다리는 번역 ${list.pagination.total}건 (오래된 순)` : '')}
      </p>
      {error && (
        <ErrorState title="보류된 번역을 불러오지 못했습니다." message={error} onRetry={() => void load()} />
      )}
      {!error && list === null && <Spinner />}
      {list?.items.length === 0 && (
        <EmptyState title="검토할 번역이 없습니다." message="보류된 번역이 생기면 여기에 표시됩니다." />
      )}
      {list && list.items.length > 0 && (
        <ul className="admin__list">
          {list.items.map((item) => (
            <li key={item.id} className="admin__item">
              <p className="admin__meta">
                {item.sourceName} · 수집 <PostedTime value={item.createdAt} />
                {item.hasOutput ? '' : ' · 번역문 없음'}
              </p>
              <h3>{item.title}</h3>
              <ul>
                {item.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
              <button
                type="button"
                className="button button--outline"
                aria-pressed={selected?.id === item.id}
                disabled={opening !== null}
                onClick={() => void open(item)}
              >
                {opening === item.id ? '여는 중…' : '검토하기'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <AdminPager page={page} totalPages={totalPages} onPage={setPage} />
      {detailError && <ErrorState title="번역을 열지 못했습니다." message={detailError} />}
      {selected && (
        <HeldTranslationReview
          key={`${selected.id}:${selected.updatedAt}`}
          item={selected}
          onChanged={changed}
        />
      )}
    </div>
  );
}
