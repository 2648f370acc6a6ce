import { Spinner, tabId, Tabs, type TabItem } from '@pulse/frontend-ui';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_TABS } from '../../copy';

// Its own chunk: a reader who never opens the tab downloads none of it, and the home's budget stays the same.
const MyFeed = lazy(() => import('./my-feed/MyFeed'));

export type HomeFeed = 'all' | 'mine';
/** The tab in the URL: a hash never reaches the gateway, so '내 피드' adds no copy of the home document. */
export const MINE_HASH = '#mine';
const ID_PREFIX = 'home-feed';
const TABS: readonly TabItem<HomeFeed>[] = [
  { value: 'all', label: HOME_TABS.all },
  { value: 'mine', label: HOME_TABS.mine },
];

const noSubscription = () => () => undefined;
/** False while hydrating (the server drew '전체', whatever the hash), true from then on. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The tab chosen: '전체' unless the URL says `#mine`, and always '전체' in the server's render. */
export function useHomeFeed(): [HomeFeed, (feed: HomeFeed) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const feed: HomeFeed = hydrated && location.hash === MINE_HASH ? 'mine' : 'all';
  const select = (next: HomeFeed) =>
    navigate(
      { pathname: location.pathname, search: location.search, hash: next === 'mine' ? MINE_HASH : '' },
      { replace: true, preventScrollReset: true },
    );
  return [feed, select];
}

/** '전체' (the shared home, `all`) and '내 피드' (the reader's follows, drawn in the browser only). */
export function HomeFeedTabs({ all }: { all: ReactNode }) {
  const [feed, select] = useHomeFeed();
  return (
    <>
      <div className="home-feed-tabs">
        <Tabs label={HOME_TABS.label} idPrefix={ID_PREFIX} tabs={TABS} selected={feed} onSelect={select} />
      </div>
      <div id={`${ID_PREFIX}-panel`} role="tabpanel" aria-labelledby={tabId(ID_PREFIX, feed)}>
        {feed === 'all' ? (
          all
        ) : (
          <section className="home-section" aria-labelledby="my-feed-title">
            <h2 id="my-feed-title">{HOME_TABS.mine}</h2>
            <Suspense fallback={<Spinner />}>
              <MyFeed />
            </Suspense>
          </section>
        )}
      </div>
    </>
  );
}
