import { ApiError } from '../errors';
import { validateSettings } from '../settings';
import type { IndexRoute, Reply, StubState } from '../types';

const INDEX_UID = /^[A-Za-z0-9_-]{1,400}$/;

/** POST /indexes */
export function createIndex(state: StubState, body: unknown): Reply {
  const { uid, primaryKey } = body as { uid?: string; primaryKey?: string };
  if (typeof uid !== 'string' || !INDEX_UID.test(uid))
    throw new ApiError(400, 'invalid_index_uid', `\`${String(uid)}\` is not a valid index uid.`);
  return state.tasks.enqueue(uid, 'indexCreation', () => {
    if (state.indexes.has(uid))
      throw new ApiError(409, 'index_already_exists', `Index \`${uid}\` already exists.`);
    state.indexes.create(uid, primaryKey ?? null);
  });
}

/** GET /indexes/:uid */
export const getIndex: IndexRoute = (state, uid) => {
  const index = state.indexes.getOrThrow(uid);
  return { status: 200, body: { uid, primaryKey: index.primaryKey } };
};

/** GET /indexes/:uid/settings */
export const getSettings: IndexRoute = (state, uid) => ({
  status: 200,
  body: state.indexes.getOrThrow(uid).settings,
});

/** PATCH /indexes/:uid/settings: validated now, applied (creating the index if need be) as a task. */
export const updateSettings: IndexRoute = (state, uid, { body }) => {
  const settings = validateSettings(body);
  return state.tasks.enqueue(uid, 'settingsUpdate', () =>
    Object.assign(state.indexes.getOrCreate(uid, null).settings, settings),
  );
};
