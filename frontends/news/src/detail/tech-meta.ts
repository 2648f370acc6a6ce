import type { DifficultyLevel, NormalizedTechMeta } from '@pulse/contracts';

// readTechMeta of libs/contracts without zod: importing that one brought 23 KB (gzip) of zod into the
// detail chunk for a ten-line reader. tech-meta.spec.ts runs both on the same inputs, so they stay equal.
const DIFFICULTY_LEVELS: readonly string[] = ['beginner', 'intermediate', 'advanced'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const difficulty = (value: unknown): DifficultyLevel | undefined =>
  typeof value === 'string' && DIFFICULTY_LEVELS.includes(value) ? (value as DifficultyLevel) : undefined;
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
const minutes = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** techMeta in either spelling (docs/spec-content.md §3), one spelling per field; the first wins; malformed fields drop. */
export function readTechMeta(raw: unknown): NormalizedTechMeta | null {
  if (!isObject(raw)) return null;
  const githubUrl = text(raw.githubUrl);
  return {
    difficultyLevel: difficulty(raw.difficultyLevel) ?? difficulty(raw.difficulty),
    estimatedTime: minutes(raw.estimatedTime),
    technologies: strings(raw.technologies) ?? strings(raw.techStack) ?? [],
    githubLinks: strings(raw.githubLinks) ?? (githubUrl ? [githubUrl] : []),
  };
}
