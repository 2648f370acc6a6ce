import { EmptyState, ErrorState, formatDateTime, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useState } from 'react';
import { ADMIN_HEADS } from '../admin-heads';
import { adminErrorText, adminFetch } from '../admin-session';
import { EditionPreview, KIND_LABELS } from './EditionPreview';
import type {
  EditionListResponse,
  EditionProgressResponse,
  SubscriberOverviewResponse,
} from './newsletter-types';
import { SendProgress } from './SendProgress';
import { TestSendButton } from './TestSendButton';
import { AdminScreen } from '../AdminScreen';

/**
 * /admin/newsletter: who is subscribed, when the schedule mails next, the edition due now as it will be
 * mailed (at a desktop mail client's 600 px and a phone's 375 px), a test send of any edition to the
 * member's own address, sending it, and each send's counts.
 */
export default function NewsletterAdminPage() {
  return (
    <AdminScreen title="뉴스레터 관리" head={ADMIN_HEADS.newsletter}>
      {() => <Newsletter />}
    </AdminScreen>
  );
}

function Newsletter() {
  const [overview, setOverview] = useState<SubscriberOverviewResponse | null>(null);
  const [editions, setEditions] = useState<EditionListResponse['editions'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [watching, setWatching] = useState<{ id: string; first: EditionProgressResponse | null } | null>(
    null,
  );

  const load = useCallback(async () => {
    setError(null);
    try {
      const [counts, list] = await Promise.all([
        adminFetch<SubscriberOverviewResponse>('/api/newsletter/admin/subscribers'),
        adminFetch<EditionListResponse>('/api/newsletter/editions'),
      ]);
      setOverview(counts);
      setEditions(list.editions);
    } catch (failure) {
      setError(adminErrorText(failure));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const sent = (progress: EditionProgressResponse) => {
    setWatching({ id: progress.edition.id, first: progress });
    void load();
  };

  return (
    <div className="admin">
      {error && (
        <ErrorState
          title="뉴스레터 현황을 불러오지 못했습니다."
          message={error}
          onRetry={() => void load()}
        />
      )}
      {!error && !overview && <Spinner />}
      {overview && <Overview overview={overview} />}
      <EditionPreview confirmed={overview?.subscribers.confirmed ?? null} onSent={sent} />
      {watching && (
        <SendProgress
          key={watching.id}
          editionId={watching.id}
          first={watching.first}
          unsubscribed={overview?.subscribers.unsubscribed ?? null}
        />
      )}
      {editions && (
        <section aria-labelledby="editions-title">
          <h2 id="editions-title">지난 호</h2>
          {editions.length === 0 ? (
            <EmptyState title="아직 보낸 호가 없습니다." />
          ) : (
            <ul className="admin__list">
              {editions.map((edition) => (
                <li key={edition.id} className="admin__item">
                  <p>
                    <a href={`/newsletter/${encodeURIComponent(edition.id)}`}>{edition.title}</a>
                  </p>
                  <p className="admin__meta">
                    {KIND_LABELS[edition.kind]} · {edition.date} · 받는 사람 {edition.recipients}명
                  </p>
                  <button
                    type="button"
                    className="button button--outline"
                    aria-label={`${edition.title} 발송 현황`}
                    onClick={() => setWatching({ id: edition.id, first: null })}
                  >
                    발송 현황
                  </button>
                  <TestSendButton editionId={edition.id} title={edition.title} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

function Overview({ overview }: { overview: SubscriberOverviewResponse }) {
  const { subscribers, schedule } = overview;
  return (
    <section aria-labelledby="subscribers-title">
      <h2 id="subscribers-title">구독자</h2>
      <dl className="admin__facts">
        <dt>구독 중</dt>
        <dd>{subscribers.confirmed.toLocaleString('ko-KR')}명</dd>
        <dt>확인 대기</dt>
        <dd>{subscribers.pending.toLocaleString('ko-KR')}명</dd>
        <dt>구독 해지</dt>
        <dd>{subscribers.unsubscribed.toLocaleString('ko-KR')}명</dd>
        <dt>반송으로 중단</dt>
        <dd>{subscribers.bounced.toLocaleString('ko-KR')}명</dd>
      </dl>
      <h2>발송 일정</h2>
      {schedule.on ? (
        <p>
          다음 데일리 {formatDateTime(schedule.next.daily)} · 다음 위클리{' '}
          {formatDateTime(schedule.next.weekly)} (데일리는 매일, 위클리는 월요일 오전 8시, 한국 시간)
        </p>
      ) : (
        <p>
          자동 발송이 꺼져 있습니다 (NEWSLETTER_SCHEDULE=off). 켜면 다음 데일리는{' '}
          {formatDateTime(schedule.next.daily)}, 위클리는 {formatDateTime(schedule.next.weekly)}에 나갑니다.
        </p>
      )}
    </section>
  );
}
