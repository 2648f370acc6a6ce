import type { ApiQueryMeta } from '@pulse/frontend-ui';
import type { QueryClient } from '@tanstack/react-query';

/**
 * One request's reads on the server: the queries a render created in the request's client (useApiQuery
 * builds them as it renders, an infinite list the first page of which names its path in the same meta;
 * nothing fetches on the server) and found no answer for. Each is read once per
 * request, answered or not, so a failed read is not tried again; it is then rendered loading and left out
 * of the seed, for the browser to fetch.
 */
export class ServerReads {
  private readonly tried = new Set<string>();

  constructor(private readonly client: QueryClient) {}

  /** Reads every unanswered query at once; true when some were read (worth rendering again). */
  async answer(read: (path: string) => Promise<unknown>): Promise<boolean> {
    const pending = this.client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.data === undefined && !this.tried.has(query.queryHash))
      .flatMap((query) => {
        const meta = query.meta as ApiQueryMeta | undefined;
        return meta?.path === undefined ? [] : [{ query, meta }];
      });
    await Promise.all(
      pending.map(async ({ query, meta }) => {
        this.tried.add(query.queryHash);
        const data = await read(meta.path);
        if (data === undefined) return;
        // An infinite query's answer is its first page, in TanStack's shape of a paged list.
        const pageParam = meta.firstPageParam;
        this.client.setQueryData(
          query.queryKey,
          pageParam === undefined ? data : { pages: [data], pageParams: [pageParam] },
        );
      }),
    );
    return pending.length > 0;
  }
}
