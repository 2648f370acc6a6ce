import type { Bookmark, BookmarkKind, BookmarksResponse } from '@pulse/contracts';
import { ENDPOINTS } from '@pulse/contracts/src/api/endpoints';
import { PostedTime, Tabs, tabId, toast, unbookmark } from '@pulse/frontend-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageState } from './MeActivity';
import { ME } from './me-copy';
import { useCursorPages } from './use-cursor-pages';

const readBookmarks = (answer: BookmarksResponse) => ({
  items: answer.data.bookmarks,
  nextCursor: answer.data.nextCursor,
});
const kindName = (kind: BookmarkKind) => ME.bookmarkTabs.find((tab) => tab.value === kind)?.label ?? kind;

/** The reader's bookmarks of all four kinds, newest first, each removable. */
export function MeBookmarks() {
  const [kind, setKind] = useState<BookmarkKind | 'all'>('all');
  const path = kind === 'all' ? ENDPOINTS.myBookmarks.path : `${ENDPOINTS.myBookmarks.path}?kind=${kind}`;
  const pages = useCursorPages(path, readBookmarks);
  const remove = (bookmark: Bookmark) =>
    unbookmark(bookmark.kind, bookmark.id).then(
      () => pages.drop((shown) => !(shown.kind === bookmark.kind && shown.id === bookmark.id)),
      (error: Error) => toast({ title: ME.failed, description: error.message, variant: 'destructive' }),
    );
  return (
    <section className="me-section" aria-labelledby="me-bookmarks">
      <h2 id="me-bookmarks">{ME.bookmarks}</h2>
      <Tabs
        label={ME.bookmarks}
        idPrefix="me-bookmarks"
        tabs={ME.bookmarkTabs}
        selected={kind}
        onSelect={setKind}
      />
      <div id="me-bookmarks-panel" role="tabpanel" aria-labelledby={tabId('me-bookmarks', kind)}>
        <PageState items={pages.items} failed={pages.failed} empty={ME.noBookmarks}>
          {(items: Bookmark[]) => (
            <ul className="me-list">
              {items.map((bookmark) => (
                <li key={`${bookmark.kind}:${bookmark.id}`} className="me-list__row">
                  <div>
                    <span className="me-kind">{kindName(bookmark.kind)}</span>
                    <Link to={bookmark.url}>{bookmark.title}</Link>
                    <PostedTime value={bookmark.createdAt} />
                  </div>
                  <button
                    type="button"
                    className="button button--outline button--small"
                    aria-label={ME.removeLabel(bookmark.title)}
                    onClick={() => void remove(bookmark)}
                  >
                    {ME.remove}
                  </button>
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
