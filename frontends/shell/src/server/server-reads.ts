import type { PageRead } from '@pulse/contracts/src/api/page-description';
import { ApiError, type ApiQueryMeta } from '@pulse/frontend-ui';
import type { QueryClient } from '@tanstack/react-query';

/**
 * One request's reads on the server: the queries a render created in the request's client (useApiQuery
 * builds them as it renders, an infinite list the first page of which names its path in the same meta;
 * nothing fetches on the server) and found no answer for. Each is read once per
 * request, answered or not, so a failed read is not tried again; it is then rendered loading and left out
 * of the seed, for the browser to fetch. An answer saying there is no such item (400, 404, 410) is the
 * query's error, as the browser's fetch would make it: the page draws its not-found state and says so.
 */
export class ServerReads {
  private readonly tried = new Set<string>();

  constructor(private readonly client: QueryClient) {}

  /** Reads every unanswered query at once; true when some were read (worth rendering again). */
  async answer(read: (path: string) => Promise<PageRead | undefined>): Promise<boolean> {
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
        const answer = await read(meta.path);
        if (answer === undefined) return;
        if (answer.status !== 200) {
          query.setState({
            status: 'error',
            fetchStatus: 'idle',
            error: new ApiError(answer.status, `${meta.path} answered ${answer.status}`),
          });
          return;
        }
        const data = answer.body;
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

  /** Whether some read said its item does not exist: the page drawn from it is not one to hydrate. */
  sawMissing(): boolean {
    return this.client
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error');
  }
}
