import type { PageDescriber, RemoteServerAppProps } from '@pulse/frontend-ui';
import { createContext, type ComponentType } from 'react';
import type { RemoteName } from '../config/remotes';

/**
 * What a remote's server bundle exports (frontends/<remote>/src/server.tsx, built into its
 * dist/server/render.js): its App, rendered with the request's query client.
 */
export interface RemoteServerModule {
  ServerApp: ComponentType<RemoteServerAppProps>;
  /** Which of the remote's pages the server renders, by path; without it, all of them. */
  rendersPath?: (pathname: string) => boolean;
  /** The query parameters the remote's page at `pathname` reads (the document's key keeps only these). */
  queryParameters?: (pathname: string) => readonly string[];
  /** What the remote's pages add to their heads in a document: Open Graph, structured data. */
  describe?: PageDescriber;
}

export type ServerRemotes = Partial<Record<RemoteName, RemoteServerModule>>;

/**
 * The remotes' server modules a server render was given (src/server/render.tsx; the gateway loads them from
 * where each remote is deployed). Empty in the browser, where RemoteRoute loads the remote through module
 * federation.
 */
export const ServerRemotesContext = createContext<ServerRemotes>({});
