import type { IndexRegistry } from './index-registry';
import type { TaskQueue } from './tasks';

/** A request as the routes see it: the body already parsed, the client already authenticated. */
export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  contentType: string | undefined;
}

export interface Reply {
  status: number;
  body: unknown;
}

/** Everything the stub holds between requests. */
export interface StubState {
  indexes: IndexRegistry;
  tasks: TaskQueue;
}

/** A handler for one method and path below /indexes/:uid. */
export type IndexRoute = (state: StubState, uid: string, request: StubRequest) => Reply;
