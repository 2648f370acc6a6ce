import { type AdminListResponse, type AdminListQuery } from '@pulse/contracts';
import type { Filter, SortSpec } from '@pulse/platform';

/** The part of a repository an admin list reads. */
export interface AdminListSource<R> {
  count(filter: Filter): Promise<number>;
  find(filter: Filter, options: { sort: SortSpec; skip?: number; limit?: number }): Promise<R[]>;
}

/**
 * One page of an admin list (insights, tech analyses): `base` narrowed to the queried state, newest
 * change first. Bad query parameters throw the ZodError that becomes a 400 naming the field.
 */
export async function adminListPage<R, T>(
  source: AdminListSource<R>,
  base: Filter,
  rawQuery: AdminListQuery,
  toItem: (record: R) => T,
): Promise<AdminListResponse<T>> {
  const query = rawQuery;
  const filter = query.state === 'all' ? base : { ...base, state: query.state };
  const [total, records] = await Promise.all([
    source.count(filter),
    source.find(filter, {
      sort: { updatedAt: -1 },
      skip: (query.page - 1) * query.limit,
      limit: query.limit,
    }),
  ]);
  return {
    items: records.map(toItem),
    pagination: { page: query.page, totalPages: Math.ceil(total / query.limit), total },
  };
}
