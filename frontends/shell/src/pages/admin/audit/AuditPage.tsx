import type { StaffActionView, StaffAuditPage } from '@pulse/contracts';
import { EmptyState, ErrorState, formatDateTime, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { ADMIN_HEADS } from '../admin-heads';
import { adminErrorText, adminFetch, ROLE_LABELS } from '../admin-session';
import { AdminScreen } from '../AdminScreen';
import { actionLabel, changedFields, outcomeLabel, seoulDayStart } from './audit-labels';

const AUDIT = '/api/admin/audit';

interface Filters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { actor: '', action: '', target: '', from: '', to: '' };

/** The API's query for the filters as typed: days are Seoul days, `to` taking its whole day. */
function queryOf(filters: Filters, cursor?: string): string {
  const params = new URLSearchParams();
  for (const name of ['actor', 'action', 'target'] as const) {
    const value = filters[name].trim();
    if (value) params.set(name, value);
  }
  if (filters.from) params.set('from', seoulDayStart(filters.from));
  if (filters.to) params.set('to', seoulDayStart(filters.to, 1));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${AUDIT}?${query}` : AUDIT;
}

/**
 * /admin/audit (owners and editors): every staff action on every service, newest first: who, what, on
 * what, how it ended, when and from where, and what a change altered. Filters are a form; "더 보기" reads
 * the next, older page.
 */
export default function AuditPage() {
  return (
    <AdminScreen title="감사 기록" head={ADMIN_HEADS.audit}>
      {() => <AuditLog />}
    </AdminScreen>
  );
}

type Listing =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; items: StaffActionView[]; nextCursor: string | null };

function AuditLog() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [more, setMore] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const firstNew = useRef<HTMLTableRowElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);

  const load = useCallback(async (filters: Filters) => {
    setListing({ state: 'loading' });
    setMore({ loading: false, error: null });
    try {
      const page = await adminFetch<StaffAuditPage>(queryOf(filters));
      setListing({ state: 'ready', items: page.items, nextCursor: page.nextCursor });
    } catch (failure) {
      setListing({ state: 'error', message: adminErrorText(failure) });
    }
  }, []);
  useEffect(() => void load(applied), [load, applied]);

  // After "더 보기", focus moves to the first row it added, so a keyboard user reads on from there.
  useEffect(() => {
    if (focusFrom !== null) firstNew.current?.focus();
  }, [focusFrom]);

  const loadMore = async () => {
    if (listing.state !== 'ready' || !listing.nextCursor) return;
    setMore({ loading: true, error: null });
    try {
      const page = await adminFetch<StaffAuditPage>(queryOf(applied, listing.nextCursor));
      setFocusFrom(listing.items.length);
      setListing({ state: 'ready', items: [...listing.items, ...page.items], nextCursor: page.nextCursor });
      setMore({ loading: false, error: null });
    } catch (failure) {
      setMore({ loading: false, error: adminErrorText(failure) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFocusFrom(null);
    setApplied({ ...draft });
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    setFocusFrom(null);
    setApplied(NO_FILTERS);
  };
  const filtered = Object.values(applied).some((value) => value.trim() !== '');
  const field = (name: keyof Filters) => ({
    id: `audit-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });

  return (
    <div className="admin">
      <form
        className="admin-form audit-filters"
        role="search"
        aria-label="감사 기록 거르기"
        onSubmit={submit}
      >
        <div className="audit-filters__field">
          <label htmlFor="audit-actor">작업자</label>
          <input {...field('actor')} maxLength={200} autoComplete="off" placeholder="이름 또는 계정 ID" />
        </div>
        <div className="audit-filters__field">
          <label htmlFor="audit-action">작업</label>
          <input
            {...field('action')}
            maxLength={200}
            autoComplete="off"
            placeholder="예: source.pause"
            aria-describedby="audit-action-hint"
          />
          <p id="audit-action-hint" className="admin__meta">
            목록의 작업 이름(괄호 안)을 그대로 적습니다.
          </p>
        </div>
        <div className="audit-filters__field">
          <label htmlFor="audit-target">대상</label>
          <input {...field('target')} maxLength={200} autoComplete="off" placeholder="소스·닉네임·계정 ID" />
        </div>
        <div className="audit-filters__field">
          <label htmlFor="audit-from">시작일</label>
          <input {...field('from')} type="date" />
        </div>
        <div className="audit-filters__field">
          <label htmlFor="audit-to">종료일</label>
          <input {...field('to')} type="date" />
        </div>
        <div className="admin__actions">
          <button type="submit" className="button" disabled={listing.state === 'loading'}>
            거르기
          </button>
          <button type="button" className="button button--outline" onClick={reset}>
            조건 지우기
          </button>
        </div>
      </form>
      <p role="status" aria-live="polite">
        {listing.state === 'ready'
          ? `기록 ${listing.items.length}건${listing.nextCursor ? ' (더 있음)' : ''}`
          : ''}
      </p>
      {listing.state === 'loading' && <Spinner />}
      {listing.state === 'error' && (
        <ErrorState
          title="감사 기록을 불러오지 못했습니다."
          message={listing.message}
          onRetry={() => void load(applied)}
        />
      )}
      {listing.state === 'ready' && listing.items.length === 0 && (
        <EmptyState
          title={filtered ? '조건에 맞는 기록이 없습니다.' : '기록된 작업이 없습니다.'}
          message={
            filtered
              ? '조건을 바꾸거나 지워 보세요.'
              : '스태프가 관리 화면이나 API로 무언가를 바꾸면 여기에 남습니다.'
          }
        />
      )}
      {listing.state === 'ready' && listing.items.length > 0 && (
        <>
          {/* Focusable so the keyboard can scroll the table sideways on a narrow screen. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable */}
          <div className="staff-table-wrap" role="region" aria-label="감사 기록 표" tabIndex={0}>
            <table className="staff-table audit-table">
              <caption className="sr-only">감사 기록, 최근 것부터</caption>
              <thead>
                <tr>
                  <th scope="col">시각</th>
                  <th scope="col">작업자</th>
                  <th scope="col">작업</th>
                  <th scope="col">대상</th>
                  <th scope="col">결과</th>
                  <th scope="col">접속 위치</th>
                  <th scope="col">변경 내용</th>
                </tr>
              </thead>
              <tbody>
                {listing.items.map((entry, index) => (
                  <AuditRow
                    key={entry.id}
                    entry={entry}
                    rowRef={index === focusFrom ? firstNew : undefined}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {more.error && (
            <ErrorState
              title="다음 기록을 불러오지 못했습니다."
              message={more.error}
              onRetry={() => void loadMore()}
            />
          )}
          {listing.nextCursor && (
            <div className="admin__actions">
              <button
                type="button"
                className="button button--outline"
                disabled={more.loading}
                onClick={() => void loadMore()}
              >
                {more.loading ? '불러오는 중…' : '더 보기'}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function AuditRow({ entry, rowRef }: { entry: StaffActionView; rowRef?: Ref<HTMLTableRowElement> }) {
  const targets = Object.entries(entry.target);
  return (
    // Focusable from script only (not a tab stop): "더 보기" moves focus to the first row it added.
    <tr ref={rowRef} tabIndex={-1}>
      <td>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </td>
      <td>
        {entry.actor.name}
        <span className="admin__meta">
          {' '}
          {ROLE_LABELS[entry.actor.role]}
          {entry.actor.via === 'token' ? ' · 공용 토큰' : ''}
        </span>
      </td>
      <td>
        {actionLabel(entry.action)}
        {actionLabel(entry.action) !== entry.action && <span className="admin__meta"> ({entry.action})</span>}
        <div className="admin__meta">
          {entry.service} · {entry.path}
        </div>
      </td>
      <td>{targets.length > 0 ? targets.map(([name, value]) => `${name}: ${value}`).join(', ') : '—'}</td>
      <td>
        {outcomeLabel(entry.status)} <span className="admin__meta">({entry.status})</span>
      </td>
      <td>
        {entry.address ?? '—'}
        {entry.userAgent && <div className="admin__meta audit-table__agent">{entry.userAgent}</div>}
      </td>
      <td>{entry.change ? <ChangeDetails change={entry.change} /> : '—'}</td>
    </tr>
  );
}

function ChangeDetails({ change }: { change: NonNullable<StaffActionView['change']> }) {
  const fields = changedFields(change);
  if (fields.length === 0) return <>바뀐 값 없음</>;
  return (
    <details>
      <summary>바뀐 값 {fields.length}개</summary>
      <dl className="admin__facts">
        {fields.map(({ field, before, after }) => (
          <div key={field} className="admin__fact">
            <dt>{field}</dt>
            <dd>
              {before} → {after}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
