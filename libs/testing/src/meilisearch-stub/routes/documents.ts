import { ApiError } from '../errors';
import type { IndexRoute } from '../types';

const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,511}$/;

/** POST /indexes/:uid/documents: adds or replaces whole documents, creating the index if need be. */
export const addDocuments: IndexRoute = (state, uid, { body, query, contentType }) => {
  if (!contentType?.startsWith('application/json'))
    throw new ApiError(415, 'invalid_content_type', 'The Content-Type must be application/json.');
  if (!Array.isArray(body) || body.some((doc) => typeof doc !== 'object' || doc === null))
    throw new ApiError(400, 'malformed_payload', 'Expected an array of objects.');
  const primaryKey = query.get('primaryKey');
  return state.tasks.enqueue(uid, 'documentAdditionOrUpdate', () => {
    const index = state.indexes.getOrCreate(uid, primaryKey);
    const key = index.primaryKey ?? primaryKey ?? 'id';
    for (const doc of body as Array<Record<string, unknown>>) {
      const id = doc[key];
      if ((typeof id !== 'string' && typeof id !== 'number') || !DOCUMENT_ID.test(String(id)))
        throw new ApiError(400, 'invalid_document_id', `Document identifier \`${String(id)}\` is invalid.`);
    }
    for (const doc of body as Array<Record<string, unknown>>)
      index.docs.set(String(doc[key]), structuredClone(doc));
  });
};

/** POST /indexes/:uid/documents/delete-batch */
export const deleteDocuments: IndexRoute = (state, uid, { body }) => {
  if (!Array.isArray(body)) throw new ApiError(400, 'bad_request', 'Expected an array of document ids.');
  return state.tasks.enqueue(uid, 'documentDeletion', () =>
    body.forEach((id) => state.indexes.getOrThrow(uid).docs.delete(String(id))),
  );
};

/** DELETE /indexes/:uid/documents */
export const clearDocuments: IndexRoute = (state, uid) =>
  state.tasks.enqueue(uid, 'documentDeletion', () => state.indexes.getOrThrow(uid).docs.clear());
