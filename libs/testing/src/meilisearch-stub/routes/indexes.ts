import { ApiError } from '../errors';
import { applySettings, validateSettings } from '../settings';
import type { IndexRoute, Reply, StubState } from '../types';

const INDEX_UID = /^[A-Za-z0-9_-]+$/;
const MAX_INDEX_UID_BYTES = 512;

/** POST /indexes */
export function createIndex(state: StubState, body: unknown): Reply {
  const { uid, primaryKey } = body as { uid?: string; primaryKey?: string };
  if (typeof uid !== 'string' || !INDEX_UID.test(uid) || Buffer.byteLength(uid) > MAX_INDEX_UID_BYTES)
    throw new ApiError(
      400,
      'invalid_index_uid',
      `Invalid value at \`.uid\`: \`${String(uid)}\` is not a valid index uid. Index uid can be an integer or a string containing only alphanumeric characters, hyphens (-) and underscores (_), and can not be more than 512 bytes.`,
    );
  return state.tasks.enqueue(
    uid,
    'indexCreation',
    () => {
      if (state.indexes.has(uid))
        throw new ApiError(409, 'index_already_exists', `Index \`${uid}\` already exists.`);
      state.indexes.create(uid, primaryKey ?? null);
    },
    { primaryKey: primaryKey ?? null },
  );
}

/** GET /indexes/:uid */
export const getIndex: IndexRoute = (state, uid) => {
  const { createdAt, updatedAt, primaryKey } = state.indexes.getOrThrow(uid);
  return { status: 200, body: { uid, createdAt, updatedAt, primaryKey } };
};

/** GET /indexes/:uid/settings: every setting, the defaults included, as Meilisearch answers. */
export const getSettings: IndexRoute = (state, uid) => ({
  status: 200,
  body: state.indexes.getOrThrow(uid).settings,
});

/** PATCH /indexes/:uid/settings: validated now, applied (creating the index if need be) as a task. */
export const updateSettings: IndexRoute = (state, uid, { body }) => {
  const settings = validateSettings(body);
  return state.tasks.enqueue(
    uid,
    'settingsUpdate',
    () => {
      const index = state.indexes.getOrCreate(uid, null);
      applySettings(index.settings, settings);
      index.updatedAt = new Date().toISOString();
    },
    settings,
  );
};
