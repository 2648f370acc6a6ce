import { ApiError } from '../errors';
import type { IndexRoute } from '../types';

const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,511}$/;

/** POST /indexes/:uid/documents: adds or replaces whole documents, creating the index if need be. */
export const addDocuments: IndexRoute = (state, uid, { body, query, contentType }) => {
  // Meilisearch also takes application/x-ndjson and text/csv; no client of the stub sends them.
  if (!contentType?.startsWith('application/json'))
    throw new ApiError(
      415,
      'invalid_content_type',
      `The Content-Type \`${contentType ?? ''}\` is invalid. Accepted values for the Content-Type header are: \`application/json\`, \`application/x-ndjson\`, \`text/csv\``,
    );
  if (!Array.isArray(body) || body.some((doc) => typeof doc !== 'object' || doc === null))
    throw new ApiError(400, 'malformed_payload', 'Expected an array of objects.');
  const primaryKey = query.get('primaryKey');
  const received = body.length;
  return state.tasks.enqueue(
    uid,
    'documentAdditionOrUpdate',
    () => {
      const index = state.indexes.getOrCreate(uid, primaryKey);
      const key = index.primaryKey ?? primaryKey ?? 'id';
      for (const doc of body as Array<Record<string, unknown>>) {
        const id = doc[key];
        if ((typeof id !== 'string' && typeof id !== 'number') || !DOCUMENT_ID.test(String(id)))
          throw new ApiError(
            400,
            'invalid_document_id',
            `Document identifier \`${JSON.stringify(id)}\` is invalid. A document identifier can be of type integer or string, only composed of alphanumeric characters (a-z A-Z 0-9), hyphens (-) and underscores (_), and can not be more than 511 bytes.`,
          );
      }
      for (const doc of body as Array<Record<string, unknown>>)
        index.docs.set(String(doc[key]), structuredClone(doc));
      index.updatedAt = new Date().toISOString();
      return { indexedDocuments: received };
    },
    { receivedDocuments: received, indexedDocuments: null },
    { indexedDocuments: 0 },
  );
};

/** POST /indexes/:uid/documents/delete-batch */
export const deleteDocuments: IndexRoute = (state, uid, { body }) => {
  if (!Array.isArray(body)) throw new ApiError(400, 'bad_request', 'Expected an array of document ids.');
  return state.tasks.enqueue(
    uid,
    'documentDeletion',
    () => {
      const index = state.indexes.getOrThrow(uid);
      const deleted = body.filter((id) => index.docs.delete(String(id))).length;
      index.updatedAt = new Date().toISOString();
      return { deletedDocuments: deleted };
    },
    { providedIds: body.length, deletedDocuments: null, originalFilter: null },
    { deletedDocuments: 0 },
  );
};

/** DELETE /indexes/:uid/documents */
export const clearDocuments: IndexRoute = (state, uid) =>
  state.tasks.enqueue(
    uid,
    'documentDeletion',
    () => {
      const index = state.indexes.getOrThrow(uid);
      const deleted = index.docs.size;
      index.docs.clear();
      index.updatedAt = new Date().toISOString();
      return { deletedDocuments: deleted };
    },
    { deletedDocuments: null },
    { deletedDocuments: 0 },
  );
