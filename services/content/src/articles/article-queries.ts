import type { CategoryFilter, CategorySlug, CategorySort } from '@pulse/contracts';
import type { Filter, SortSpec } from '@pulse/platform';
import { PUBLISHED } from './articles.repository';

const DAY_MS = 86_400_000;
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** 00:00 in Seoul (UTC+9, no daylight saving) of the day `now` falls in, as an ISO string. */
export function startOfSeoulDay(now: number): string {
  const seoul = now + SEOUL_OFFSET_MS;
  return new Date(seoul - (seoul % DAY_MS) - SEOUL_OFFSET_MS).toISOString();
}

/** Filters built only from validated enum values (store port's injection rule). */
export function categoryFilter(slug: CategorySlug, filter: CategoryFilter, now: number): Filter {
  const clauses: Filter[] = [PUBLISHED, { $or: [{ primaryCategory: slug }, { secondaryCategory: slug }] }];
  if (filter === 'today') clauses.push({ publishedAt: { $gte: startOfSeoulDay(now) } });
  if (filter === 'week') clauses.push({ publishedAt: { $gte: new Date(now - 7 * DAY_MS).toISOString() } });
  if (filter === 'month') clauses.push({ publishedAt: { $gte: new Date(now - 30 * DAY_MS).toISOString() } });
  if (filter === 'with-image') clauses.push({ imageUrl: { $ne: null } });
  return { $and: clauses };
}

/** docs/spec-content.md §5: latest, popular (likes), views, oldest; ties by the newer article. */
export const CATEGORY_SORT_SPECS: Readonly<Record<CategorySort, SortSpec>> = {
  latest: { publishedAt: -1 },
  popular: { likesCount: -1, publishedAt: -1 },
  views: { views: -1, publishedAt: -1 },
  oldest: { publishedAt: 1 },
};
