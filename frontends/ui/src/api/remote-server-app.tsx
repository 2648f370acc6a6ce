import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { PageHeadContext, type PageHeadSink } from '../head';
import { ApiError } from './fetch-json';
import { ApiQueryClientContext, queryClient } from './query-client';
import { seedQueryClient } from './query-seed';

/** What the shell's server render passes to a remote's page (frontends/shell/src/federation/server-remotes.ts). */
export interface RemoteServerAppProps {
  /** The request's client, which the shell's render also reads and embeds (frontends/README.md 'Server rendering'). */
  queryClient: QueryClient;
  appProps?: Record<string, unknown>;
  /** Where the render collects the drawn page's head and status (usePageHead); absent from an older shell. */
  pageHead?: PageHeadSink;
}

/**
 * A remote's App as its server bundle exports it: rendered with the request's client instead of the
 * bundle's own, and with the render's head sink, through this bundle's contexts (its copy of this library
 * is compiled in, so the shell's providers do not reach its hooks). The contexts render no markup, so the
 * browser's tree without them hydrates the same HTML.
 */
export function remoteServerApp(
  App: ComponentType<Record<string, unknown>>,
): ComponentType<RemoteServerAppProps> {
  return function RemoteServerApp({ queryClient: client, appProps, pageHead }: RemoteServerAppProps) {
    ownApiErrors(client);
    return (
      <ApiQueryClientContext.Provider value={client}>
        <PageHeadContext.Provider value={pageHead}>
          <App {...appProps} />
        </PageHeadContext.Provider>
      </ApiQueryClientContext.Provider>
    );
  };
}

/**
 * Seeds a remote's own client from the document's query seed when its App module loads in the browser: a
 * server-rendered remote page put its answers in the same seed as the shell's, and its first render
 * (hydration) must read them, as the shell's does. No seed (a page rendered in the browser): nothing.
 */
export function seedRemoteQueryClient(): void {
  seedQueryClient(queryClient);
}

/**
 * The shell's render marks a read that found no item with its own ApiError (frontends/shell server-reads.ts);
 * this bundle's pages test for theirs (`instanceof`), so each such error is made again in this bundle's class.
 */
function ownApiErrors(client: QueryClient): void {
  for (const query of client.getQueryCache().getAll()) {
    const error = query.state.error as { name?: unknown; status?: unknown; message?: string } | null;
    if (
      error &&
      !(error instanceof ApiError) &&
      error.name === 'ApiError' &&
      typeof error.status === 'number'
    )
      query.setState({ error: new ApiError(error.status, error.message ?? '') });
  }
}
