import type { ActivityItem, ActivityKind, ActivityResponse } from '@pulse/contracts';
import { ENDPOINTS } from '@pulse/contracts/src/api/endpoints';
import { PostedTime, Tabs, tabId } from '@pulse/frontend-ui';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ME } from './me-copy';
import { useCursorPages } from './use-cursor-pages';

const readActivity = (answer: ActivityResponse) => answer.data;

/** My questions, answers and comments, newest first, each linking to where it is shown. */
export function MeActivity() {
  const [kind, setKind] = useState<ActivityKind>('questions');
  const pages = useCursorPages(`${ENDPOINTS.myActivity.path}?kind=${kind}`, readActivity);
  return (
    <section className="me-section" aria-labelledby="me-posts">
      <h2 id="me-posts">{ME.posts}</h2>
      <Tabs label={ME.posts} idPrefix="me-posts" tabs={ME.activityTabs} selected={kind} onSelect={setKind} />
      <div id="me-posts-panel" role="tabpanel" aria-labelledby={tabId('me-posts', kind)}>
        <PageState items={pages.items} failed={pages.failed} empty={ME.noPosts[kind]}>
          {(items: ActivityItem[]) => (
            <ul className="me-list">
              {items.map((item) => (
                <li key={item.id}>
                  <Link to={item.url}>{item.title}</Link>
                  <p className="me-list__excerpt">{item.excerpt}</p>
                  <PostedTime value={item.createdAt} />
                </li>
              ))}
            </ul>
          )}
        </PageState>
        {pages.hasMore && (
          <button type="button" className="button button--outline" onClick={pages.loadMore}>
            {ME.more}
          </button>
        )}
      </div>
    </section>
  );
}

/** Loading, failed, empty, or the list. */
export function PageState<T>({
  items,
  failed,
  empty,
  children,
}: {
  items: T[] | null;
  failed: boolean;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (failed && !items) return <p role="alert">{ME.failed}</p>;
  if (!items) return <p aria-busy="true">{ME.loading}</p>;
  if (items.length === 0) return <p className="me-empty">{empty}</p>;
  return <>{children(items)}</>;
}
