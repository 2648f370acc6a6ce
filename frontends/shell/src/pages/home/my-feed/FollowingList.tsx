import { categoryName, FollowButton, type Follow } from '@pulse/frontend-ui';
import { MY_FEED } from './copy';

/** A follow's name as the reader knows it: a category by its Korean name, others by the label kept with it. */
export const followName = (follow: Follow): string =>
  follow.kind === 'category' ? categoryName(follow.key) : (follow.label ?? follow.key);

/** What the feed is made of, each with its follow button: pressed again, the follow and its articles go. */
export function FollowingList({ follows }: { follows: readonly Follow[] }) {
  return (
    <section className="feed-following" aria-label={MY_FEED.followingTitle}>
      <h3 className="feed-following__title">{MY_FEED.followingTitle}</h3>
      <ul className="feed-follow-list">
        {follows.map((follow) => (
          <li key={`${follow.kind}:${follow.key}`} className="feed-follow-list__item">
            <span>{followName(follow)}</span>
            <FollowButton kind={follow.kind} followKey={follow.key} label={followName(follow)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
