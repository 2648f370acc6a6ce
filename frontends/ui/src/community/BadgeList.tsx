import type { Badge } from '@pulse/contracts';
import { formatDate } from '../format';
import { BadgeIcon } from './badge-icon';

/**
 * An author's badges (docs/spec-community.md §3): `max` shown (3, or 2 on question cards), then a '+N' chip; each with
 * a tooltip naming it, what it is for and when it was earned.
 */
export function BadgeList({ badges, max = 3 }: { badges: readonly Badge[] | undefined; max?: number }) {
  if (!badges?.length) return null;
  const shown = badges.slice(0, max);
  const rest = badges.length - shown.length;
  return (
    <span className="badge-list">
      {shown.map((badge) => {
        const tip = `${badge.name} — ${badge.description} (${formatDate(badge.earnedAt)} 획득)`;
        return (
          <span
            key={badge.id}
            className={`community-badge community-badge--${badge.color}`}
            title={tip}
            aria-label={tip}
          >
            <BadgeIcon id={badge.id} /> {badge.name}
          </span>
        );
      })}
      {rest > 0 && (
        <span
          className="community-badge community-badge--more"
          title={badges
            .slice(max)
            .map((b) => b.name)
            .join(', ')}
        >
          +{rest}
        </span>
      )}
    </span>
  );
}
