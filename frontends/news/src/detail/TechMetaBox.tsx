import { DIFFICULTY_LABELS } from '@pulse/contracts/src/api/taxonomy';
import { COPY } from '../copy';
import { readTechMeta } from './tech-meta';

/**
 * The tech-metadata box (docs/spec-content.md §2): difficulty (초급 green, 중급 yellow, 고급 red), estimated time, how
 * many technologies, GitHub links. techMeta comes in two spellings; readTechMeta reads either.
 */
export function TechMetaBox({ techMeta }: { techMeta: unknown }) {
  const meta = readTechMeta(techMeta);
  if (!meta) return null;
  const difficulty = meta.difficultyLevel ? DIFFICULTY_LABELS[meta.difficultyLevel] : undefined;
  const hasAny =
    difficulty ||
    meta.estimatedTime !== undefined ||
    meta.technologies.length > 0 ||
    meta.githubLinks.length > 0;
  if (!hasAny) return null;
  return (
    <section className="detail-box tech-meta" aria-labelledby="tech-meta-title">
      <h2 id="tech-meta-title">{COPY.detail.techMeta}</h2>
      <dl>
        {difficulty && (
          <>
            <dt>{COPY.detail.difficulty}</dt>
            <dd>
              <span className={`badge difficulty difficulty--${difficulty.color}`}>{difficulty.label}</span>
            </dd>
          </>
        )}
        {meta.estimatedTime !== undefined && (
          <>
            <dt>{COPY.detail.estimatedTime}</dt>
            <dd>{COPY.detail.minutes(meta.estimatedTime)}</dd>
          </>
        )}
        {meta.technologies.length > 0 && (
          <>
            <dt>{COPY.detail.techStack}</dt>
            <dd>
              <span>{COPY.detail.techStackCount(meta.technologies.length)}</span>
              <ul className="tech-meta__stack">
                {meta.technologies.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {meta.githubLinks.length > 0 && (
          <>
            <dt>{COPY.detail.github}</dt>
            <dd>
              <ul className="tech-meta__links">
                {meta.githubLinks.map((url) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      {githubLabel(url)}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** 'owner/repo' from a GitHub URL, the whole URL otherwise. */
function githubLabel(url: string): string {
  const match = /^https?:\/\/(?:www\.)?github\.com\/([^/?#]+\/[^/?#]+)/i.exec(url);
  return match ? match[1] : url;
}
