import type { AdminListQuery, AdminListResponse } from '@pulse/contracts';

/** The repository's read of one admin list page in the queried state, newest change first, with its size. */
export type AdminListRead<R> = (
  state: AdminListQuery['state'],
  skip: number,
  limit: number,
) => Promise<{ total: number; records: R[] }>;

/**
 * One page of an admin list (insights, tech analyses). Bad query parameters throw the ZodError that
 * becomes a 400 naming the field.
 */
export async function adminListPage<R, T>(
  read: AdminListRead<R>,
  query: AdminListQuery,
  toItem: (record: R) => T,
): Promise<AdminListResponse<T>> {
  const { total, records } = await read(query.state, (query.page - 1) * query.limit, query.limit);
  return {
    items: records.map(toItem),
    pagination: { page: query.page, totalPages: Math.ceil(total / query.limit), total },
  };
}
