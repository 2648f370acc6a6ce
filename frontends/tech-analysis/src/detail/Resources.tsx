import type { ExternalResource } from '@pulse/contracts';
import { Icon, type IconName } from '@pulse/frontend-ui';
import { COPY } from '../copy';

const ICONS: Record<ExternalResource['type'], IconName> = {
  github: 'code',
  documentation: 'book',
  other: 'link',
};

/** The resources tab: cards opening external URLs in a new tab, with an icon by type. */
export function Resources({ resources }: { resources: readonly ExternalResource[] }) {
  const safe = resources.filter((resource) => /^https?:\/\//i.test(resource.url));
  if (safe.length === 0) return <p className="tab-empty">{COPY.detail.noResources}</p>;
  return (
    <ul className="resource-grid">
      {safe.map((resource) => {
        const type = resource.type in ICONS ? resource.type : 'other';
        return (
          <li key={resource.id}>
            <a
              className={`resource-card resource-card--${type}`}
              href={resource.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              <span className="resource-card__icon" aria-hidden="true" data-type={type}>
                <Icon name={ICONS[type]} />
              </span>
              <span className="resource-card__text">
                <span className="resource-card__type">{COPY.detail.resourceTypes[type]}</span>
                <span className="resource-card__title">{resource.title}</span>
                {resource.description && (
                  <span className="resource-card__description">{resource.description}</span>
                )}
                <span className="sr-only">{COPY.detail.newTab}</span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
