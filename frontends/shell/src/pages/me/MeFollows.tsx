import { FOLLOW_KINDS, type Follow } from '@pulse/contracts/src/api/community-me';
import { categoryName, toast, useFollows } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { PageState } from './MeActivity';
import { ME } from './me-copy';

/** Where a follow's page is on this site (a source's page is the sources list). */
function pathOf(follow: Follow): string {
  const key = encodeURIComponent(follow.key);
  if (follow.kind === 'category') return `/category/${key}`;
  if (follow.kind === 'tag') return `/tags/${key}`;
  if (follow.kind === 'story') return `/story/${key}`;
  return '/sources';
}

const nameOf = (follow: Follow): string =>
  follow.label ??
  (follow.kind === 'category'
    ? categoryName(follow.key)
    : follow.kind === 'tag'
      ? `#${follow.key}`
      : follow.key);

/** What the reader follows, by kind, each removable. */
export function MeFollows() {
  const { follows, unfollow } = useFollows();
  const remove = (follow: Follow) =>
    unfollow(follow.kind, follow.key).catch((error: Error) =>
      toast({ title: ME.failed, description: error.message, variant: 'destructive' }),
    );
  return (
    <section className="me-section" aria-labelledby="me-follows">
      <h2 id="me-follows">{ME.follows}</h2>
      <PageState items={follows} failed={false} empty={ME.noFollows}>
        {(items: Follow[]) =>
          FOLLOW_KINDS.filter((kind) => items.some((follow) => follow.kind === kind)).map((kind) => (
            <div key={kind} className="me-follows__group">
              <h3>{ME.followKinds[kind]}</h3>
              <ul className="me-chips">
                {items
                  .filter((follow) => follow.kind === kind)
                  .map((follow) => (
                    <li key={follow.key} className="me-chip">
                      <Link to={pathOf(follow)}>{nameOf(follow)}</Link>
                      <button
                        type="button"
                        className="me-chip__remove"
                        aria-label={ME.removeLabel(nameOf(follow))}
                        onClick={() => void remove(follow)}
                      >
                        ×
                      </button>
                    </li>
                  ))}
              </ul>
            </div>
          ))
        }
      </PageState>
    </section>
  );
}
