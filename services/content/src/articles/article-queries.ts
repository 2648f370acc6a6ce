import type { CategorySort } from '@pulse/contracts';
import type { SortSpec } from '@pulse/platform';

const DAY_MS = 86_400_000;
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** 00:00 in Seoul (UTC+9, no daylight saving) of the day `now` falls in, as an ISO string. */
export function startOfSeoulDay(now: number): string {
  const seoul = now + SEOUL_OFFSET_MS;
  return new Date(seoul - (seoul % DAY_MS) - SEOUL_OFFSET_MS).toISOString();
}

/** docs/spec-content.md §5: latest, popular (likes), views, oldest; ties by the newer article. */
export const CATEGORY_SORT_SPECS: Readonly<Record<CategorySort, SortSpec>> = {
  latest: { publishedAt: -1 },
  popular: { likesCount: -1, publishedAt: -1 },
  views: { views: -1, publishedAt: -1 },
  oldest: { publishedAt: 1 },
};
