import type { ContactMessagePage, ContactMessageView, ContactStatus, ContactTopic } from '@pulse/contracts';
import { EmptyState, ErrorState, formatDateTime, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useState } from 'react';
import { CONTACT as CONTACT_COPY } from '../../contact/contact-copy';
import { ADMIN_HEADS } from '../admin-heads';
import { adminSend } from '../admin-requests';
import { adminErrorText, adminFetch } from '../admin-session';
import { AdminPager } from '../AdminPager';
import { AdminScreen } from '../AdminScreen';

const CONTACT = '/api/admin/contact';

/** The topics as the readers' form names them. */
const TOPIC_LABELS: Readonly<Record<ContactTopic, string>> = CONTACT_COPY.topics;
const STATUS_LABELS: Record<ContactStatus, string> = { new: '새 문의', handled: '처리한 문의' };

/**
 * /admin/contact (owners and editors): what readers sent through /contact, newest first, new or handled;
 * a reply goes by mail to the address they gave; '처리 완료' moves a message to the handled list.
 */
export default function ContactMessagesPage() {
  return (
    <AdminScreen title="독자 문의" head={ADMIN_HEADS.contact}>
      {() => <ContactMessages />}
    </AdminScreen>
  );
}

type Listing =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; page: ContactMessagePage };

function ContactMessages() {
  const [status, setStatus] = useState<ContactStatus>('new');
  const [page, setPage] = useState(1);
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async (which: ContactStatus, number: number) => {
    setListing({ state: 'loading' });
    try {
      const answer = await adminFetch<ContactMessagePage>(`${CONTACT}?status=${which}&page=${number}`);
      setListing({ state: 'ready', page: answer });
    } catch (failure) {
      setListing({ state: 'error', message: adminErrorText(failure) });
    }
  }, []);
  useEffect(() => void load(status, page), [load, status, page]);

  const show = (which: ContactStatus) => {
    setNotice('');
    setStatus(which);
    setPage(1);
  };

  const markHandled = async (message: ContactMessageView) => {
    setBusy(message.id);
    try {
      await adminSend<ContactMessageView>('POST', `${CONTACT}/${encodeURIComponent(message.id)}/handled`);
      setNotice(`${TOPIC_LABELS[message.topic]} 문의를 처리 완료로 옮겼습니다.`);
      await load(status, page);
    } catch (failure) {
      setNotice(`처리하지 못했습니다: ${adminErrorText(failure)}`);
    } finally {
      setBusy(null);
    }
  };

  const totalPages = listing.state === 'ready' ? Math.ceil(listing.page.total / listing.page.pageSize) : 0;

  return (
    <div className="admin">
      <div className="admin__actions" role="group" aria-label="문의 상태">
        {(['new', 'handled'] as const).map((which) => (
          <button
            key={which}
            type="button"
            className={which === status ? 'button' : 'button button--outline'}
            aria-pressed={which === status}
            onClick={() => show(which)}
          >
            {STATUS_LABELS[which]}
          </button>
        ))}
      </div>
      <p role="status" aria-live="polite">
        {notice || (listing.state === 'ready' ? `${STATUS_LABELS[status]} ${listing.page.total}건` : '')}
      </p>
      {listing.state === 'loading' && <Spinner />}
      {listing.state === 'error' && (
        <ErrorState
          title="독자 문의를 불러오지 못했습니다."
          message={listing.message}
          onRetry={() => void load(status, page)}
        />
      )}
      {listing.state === 'ready' && listing.page.items.length === 0 && (
        <EmptyState
          title={status === 'new' ? '새 문의가 없습니다.' : '처리한 문의가 없습니다.'}
          message={
            status === 'new'
              ? '독자가 문의하기(/contact)로 보낸 글이 여기에 옵니다.'
              : "'처리 완료'로 옮긴 문의가 여기에 남습니다."
          }
        />
      )}
      {listing.state === 'ready' && listing.page.items.length > 0 && (
        <ul className="admin__list contact-messages">
          {listing.page.items.map((message) => (
            <li key={message.id} className="admin__item">
              <h2 className="contact-messages__topic">{TOPIC_LABELS[message.topic]}</h2>
              <p className="admin__meta">
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                {message.name && ` · ${message.name}`}
                {message.handledAt &&
                  ` · ${message.handledBy ?? ''} 님이 ${formatDateTime(message.handledAt)}에 처리`}
              </p>
              <p className="contact-messages__text">{message.message}</p>
              <p>
                {message.replyTo ? (
                  <>
                    답장:{' '}
                    <a
                      href={`mailto:${message.replyTo}?subject=${encodeURIComponent('[펄스] 문의에 답합니다')}`}
                    >
                      {message.replyTo}
                    </a>
                  </>
                ) : (
                  <span className="admin__meta">답장 주소 없음</span>
                )}
              </p>
              {message.status === 'new' && (
                <button
                  type="button"
                  className="button button--outline"
                  disabled={busy !== null}
                  onClick={() => void markHandled(message)}
                  aria-label={`처리 완료: ${TOPIC_LABELS[message.topic]}, ${formatDateTime(message.createdAt)}`}
                >
                  {busy === message.id ? '처리 중…' : '처리 완료'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <AdminPager page={page} totalPages={totalPages} onPage={setPage} />
    </div>
  );
}
