import { ApiError } from './errors';
import { addDocuments, clearDocuments, deleteDocuments } from './routes/documents';
import { createIndex, getIndex, getSettings, updateSettings } from './routes/indexes';
import { getTask } from './routes/tasks';
import { search } from './search';
import type { IndexRoute, Reply, StubRequest, StubState } from './types';

/** The routes below /indexes/:uid, by method and path. */
const INDEX_ROUTES: Record<string, IndexRoute | undefined> = {
  'GET /indexes/:uid': getIndex,
  'GET /indexes/:uid/settings': getSettings,
  'PATCH /indexes/:uid/settings': updateSettings,
  'POST /indexes/:uid/documents': addDocuments,
  'POST /indexes/:uid/documents/delete-batch': deleteDocuments,
  'DELETE /indexes/:uid/documents': clearDocuments,
  'POST /indexes/:uid/search': (state, uid, { body }) => ({
    status: 200,
    body: search(state.indexes.getOrThrow(uid), body),
  }),
};

/** Answers an authenticated request (everything but /health), or throws the ApiError Meilisearch would send. */
export function route(state: StubState, request: StubRequest): Reply {
  const { method, path } = request;
  if (method === 'POST' && path === '/indexes') return createIndex(state, request.body);
  const task = path.match(/^\/tasks\/(\d+)$/);
  if (task && method === 'GET') return getTask(state, task[1]);
  const index = path.match(/^\/indexes\/([^/]+)(\/.*)?$/);
  if (!index) throw notFound();
  const uid = decodeURIComponent(index[1]);
  const handler = INDEX_ROUTES[`${method} /indexes/:uid${index[2] ?? ''}`];
  if (!handler) throw notFound();
  return handler(state, uid, request);
}

function notFound(): ApiError {
  return new ApiError(404, 'not_found', 'Not found.');
}
