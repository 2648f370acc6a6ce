import type { NotificationsResponse } from '@pulse/contracts/src/api/community';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { communityFetch, useCurrentUser } from '../community';
import { Icon } from '../icons/Icon';
import { PostedTime } from '../PostedTime';

export const BELL_COPY = {
  label: (unread: number) => (unread > 0 ? `알림 ${unread}개 읽지 않음` : '알림'),
  title: '알림',
  none: '새 알림이 없습니다.',
} as const;

/** How often the bell asks for new notices while the page is open. */
const POLL_MS = 60_000;

/**
 * The bell for the signed-in identity: notices such as '질문하신 소식에 새 기사가 올라왔습니다', each linking
 * to the article; opening one marks it read. Nothing is shown without an identity.
 */
export function NotificationBell() {
  const user = useCurrentUser();
  const listId = useId();
  const [data, setData] = useState<NotificationsResponse['data'] | null>(null);
  const [open, setOpen] = useState(false);
  // Reloaded per identity, not per change of its stored record (lastActiveAt moves on every call).
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return setData(null);
    let live = true;
    const load = () =>
      communityFetch<NotificationsResponse>('GET', '/api/community/notifications')
        .then((body) => live && setData(body.data))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [userId]);

  if (!user || !data) return null;
  const markRead = (id: string) => {
    setOpen(false);
    setData(
      (now) =>
        now && {
          unread: Math.max(0, now.unread - (now.notifications.find((n) => n.id === id && !n.read) ? 1 : 0)),
          notifications: now.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
        },
    );
    void communityFetch('POST', `/api/community/notifications/${encodeURIComponent(id)}/read`).catch(
      () => undefined,
    );
  };
  return (
    <div className="notification-bell">
      <button
        type="button"
        aria-label={BELL_COPY.label(data.unread)}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        <Icon name="bell" />
        {data.unread > 0 && (
          <span className="notification-bell__count" aria-hidden="true">
            {data.unread}
          </span>
        )}
      </button>
      {open && (
        <ul id={listId} className="notification-bell__list" aria-label={BELL_COPY.title}>
          {data.notifications.length === 0 && <li>{BELL_COPY.none}</li>}
          {data.notifications.map((notice) => (
            <li key={notice.id} className={notice.read ? 'is-read' : undefined}>
              <Link to={notice.url} onClick={() => markRead(notice.id)}>
                <strong>{notice.message}</strong>
                <span>{notice.articleTitle}</span>
                <PostedTime value={notice.createdAt} className="notification-bell__time" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
