import { categoryName, toast, unfollow, type Follow } from '@pulse/frontend-ui';
import { useState } from 'react';
import { MY_FEED } from './copy';

/** A follow's name as the reader knows it: a category by its Korean name, others by the label kept with it. */
export const followName = (follow: Follow): string =>
  follow.kind === 'category' ? categoryName(follow.key) : (follow.label ?? follow.key);

/** What the feed is made of, each removable where it is seen: the feed changes as soon as one goes. */
export function FollowingList({ follows }: { follows: readonly Follow[] }) {
  const [busy, setBusy] = useState(false);
  const remove = (follow: Follow) => {
    setBusy(true);
    unfollow(follow.kind, follow.key)
      .catch(() => toast({ title: MY_FEED.unfollowFailed, variant: 'destructive' }))
      .finally(() => setBusy(false));
  };
  return (
    <section className="feed-following" aria-label={MY_FEED.followingTitle}>
      <h3 className="feed-following__title">{MY_FEED.followingTitle}</h3>
      <ul className="feed-following__list">
        {follows.map((follow) => (
          <li key={`${follow.kind}:${follow.key}`}>
            <button
              type="button"
              className="button button--outline feed-following__remove"
              disabled={busy}
              onClick={() => remove(follow)}
            >
              {MY_FEED.unfollow(followName(follow))}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
