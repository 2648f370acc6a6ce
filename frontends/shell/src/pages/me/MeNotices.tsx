import type { CommunityNotification, NotificationsResponse } from '@pulse/contracts';
import { buildPath, ENDPOINTS } from '@pulse/contracts/src/api/endpoints';
import { communityFetch, PostedTime } from '@pulse/frontend-ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageState } from './MeActivity';
import { ME } from './me-copy';

/** The bell's notices, newest first; each can be marked read here or by opening it. */
export function MeNotices() {
  const [notices, setNotices] = useState<CommunityNotification[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    communityFetch<NotificationsResponse>('GET', ENDPOINTS.notifications.path).then(
      (answer) => live && setNotices(answer.data.notifications),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const markRead = (id: string) => {
    setNotices(
      (shown) => shown && shown.map((notice) => (notice.id === id ? { ...notice, read: true } : notice)),
    );
    void communityFetch('POST', buildPath(ENDPOINTS.notificationRead.path, { id })).catch(() => undefined);
  };
  return (
    <section className="me-section" aria-labelledby="me-notices">
      <h2 id="me-notices">{ME.notices}</h2>
      <PageState items={notices} failed={failed} empty={ME.noNotices}>
        {(items: CommunityNotification[]) => (
          <ul className="me-list">
            {items.map((notice) => (
              <li key={notice.id} className={notice.read ? 'me-list__row is-read' : 'me-list__row'}>
                <div>
                  {!notice.read && <span className="me-kind">{ME.unread}</span>}
                  <strong>{notice.message}</strong>
                  <Link to={notice.url} onClick={() => markRead(notice.id)}>
                    {notice.articleTitle}
                  </Link>
                  <PostedTime value={notice.createdAt} />
                </div>
                {!notice.read && (
                  <button
                    type="button"
                    className="button button--outline button--small"
                    onClick={() => markRead(notice.id)}
                  >
                    {ME.markRead}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </PageState>
    </section>
  );
}
