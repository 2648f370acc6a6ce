import {
  ArticleCard,
  ArticleCardSkeleton,
  ErrorState,
  EmptyState,
  NicknameDialog,
  useCurrentUser,
  useFollows,
} from '@pulse/frontend-ui';
import { useState } from 'react';
import { COMMON } from '../../../copy';
import { MY_FEED } from './copy';
import { useFeedLists } from './feed-lists';
import { feedListPaths } from './feed-paths';
import { FollowingList } from './FollowingList';
import { FollowSuggestions } from './FollowSuggestions';
import { rankFeed, type FeedFollow } from './rank-feed';

const SKELETONS = 6;

/**
 * '내 피드' (a lazy chunk of the home page, drawn only in the browser): the shared lists its follows need,
 * filtered and ranked here, so no cache ever holds an answer made for one reader.
 */
export default function MyFeed() {
  const user = useCurrentUser();
  const { follows, error, reload } = useFollows();
  if (!user) return <SignedOut />;
  if (error)
    return (
      <ErrorState title={MY_FEED.error} message={error.message} onRetry={reload} retryLabel={COMMON.retry} />
    );
  if (follows === null) return <FeedSkeleton />;
  if (follows.length === 0) return <FollowSuggestions />;
  return (
    <>
      <FollowingList follows={follows} />
      <RankedFeed follows={follows} />
    </>
  );
}

function RankedFeed({ follows }: { follows: readonly FeedFollow[] }) {
  const { lists, isLoading, error, retry } = useFeedLists(feedListPaths(follows));
  if (isLoading) return <FeedSkeleton />;
  if (error)
    return (
      <ErrorState title={MY_FEED.error} message={error.message} onRetry={retry} retryLabel={COMMON.retry} />
    );
  const articles = rankFeed(lists, follows, Date.now());
  if (articles.length === 0)
    return <EmptyState title={MY_FEED.nothingYetTitle} message={MY_FEED.nothingYetText} />;
  return (
    <>
      <p className="my-feed__summary">{MY_FEED.following(follows.length)}</p>
      <div className="card-grid">
        {articles.map((article) => (
          <ArticleCard key={article.id} article={article} to={`/article/${encodeURIComponent(article.id)}`} />
        ))}
      </div>
    </>
  );
}

function FeedSkeleton() {
  return (
    <div className="card-grid" aria-busy="true">
      {Array.from({ length: SKELETONS }, (_, i) => (
        <ArticleCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** Following is kept per identity, so the tab asks for a nickname first and opens the dialog for it. */
function SignedOut() {
  const [open, setOpen] = useState(false);
  return (
    <EmptyState title={MY_FEED.signedOutTitle} message={MY_FEED.signedOutText}>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {MY_FEED.chooseNickname}
      </button>
      <NicknameDialog open={open} onClose={() => setOpen(false)} onSignedIn={() => setOpen(false)} />
    </EmptyState>
  );
}
