import type { CommunityMeResponse, TrustLevel } from '@pulse/contracts';
import { BadgeList, communityFetch, logout, useCurrentUser } from '@pulse/frontend-ui';
import { useEffect, useState } from 'react';
import { ME } from './me-copy';

/** The nickname with its badges and level as the server has them now, and the way to sign out. */
export function MeProfile() {
  const user = useCurrentUser();
  const [level, setLevel] = useState<TrustLevel | null>(null);
  const [leaving, setLeaving] = useState(false);
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    // The stored record's badges may be older than the server's; its answer refreshes both.
    communityFetch<CommunityMeResponse>('GET', '/api/community/auth/me').then(
      (answer) => live && setLevel(answer.data.trustLevel),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId]);
  if (!user) return null;
  const signOut = () => {
    setLeaving(true);
    logout()
      .catch(() => undefined)
      .finally(() => setLeaving(false));
  };
  return (
    <section className="me-profile" aria-labelledby="me-nickname">
      <div>
        <h2 id="me-nickname" className="me-profile__name">
          {user.displayName}
        </h2>
        <p className="me-profile__meta">
          {level && (
            <span className="me-level">
              {ME.level} {ME.levels[level]}
            </span>
          )}
          {user.badges.length > 0 ? <BadgeList badges={user.badges} max={10} /> : <span>{ME.noBadges}</span>}
        </p>
      </div>
      <button type="button" className="button button--outline" disabled={leaving} onClick={signOut}>
        {leaving ? ME.loggingOut : ME.logout}
      </button>
    </section>
  );
}
