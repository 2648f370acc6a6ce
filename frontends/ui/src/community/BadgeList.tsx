import type { Badge } from '@pulse/contracts';
import { formatDate } from '../format';

/**
 * An author's badges (docs/spec-community.md §3): `max` shown (3, or 2 on question cards), then a '+N' chip; each with
 * a tooltip naming it, what it is for and when it was earned. Its drawing is chosen by the stylesheet from its
 * id (shell styles/components.css, '.community-badge__icon'), a medal for one it does not know: the API's
 * `icon` is an emoji, kept for other clients, which would be an empty box where no emoji font is installed.
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
            <span className="icon community-badge__icon" data-badge={badge.id} aria-hidden="true" />{' '}
            {badge.name}
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
