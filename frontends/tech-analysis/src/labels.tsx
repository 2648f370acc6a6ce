import type { DifficultyLevel, TechnologyCategory } from '@pulse/contracts';
import { DIFFICULTY_LABELS, TECHNOLOGY_CATEGORIES } from '@pulse/contracts/src/api/taxonomy';

export { TECHNOLOGY_CATEGORIES };

const CATEGORY_LABELS = new Map<string, string>(TECHNOLOGY_CATEGORIES.map((c) => [c.value, c.label]));

export const categoryLabel = (value: TechnologyCategory | string): string =>
  CATEGORY_LABELS.get(value) ?? value;

export const isTechnologyCategory = (value: string | null): value is TechnologyCategory =>
  value !== null && CATEGORY_LABELS.has(value);

/** docs/spec-content.md §4: beginner green 초급, intermediate yellow 중급, advanced red 고급. */
export function DifficultyBadge({ level }: { level: DifficultyLevel }) {
  const difficulty = DIFFICULTY_LABELS[level];
  if (!difficulty) return null;
  return <span className={`badge difficulty difficulty--${difficulty.color}`}>{difficulty.label}</span>;
}
