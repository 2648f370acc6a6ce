import type { Collection } from './store.port';
import { DuplicateKeyError } from './store.errors';

/**
 * Inserts the documents whose `_id` is not taken yet and returns the ids that went in, in as few round
 * trips as the duplicates allow: insertMany is ordered and stops at the first duplicate, so each
 * duplicate costs one more insertMany for the documents behind it. For bulk apply-once markers, where
 * the insert is the claim: an id that went in is this caller's to apply, a duplicate was claimed before.
 */
export async function insertNew<T extends { _id: string }>(
  collection: Collection<T>,
  docs: readonly T[],
): Promise<Set<string>> {
  const inserted = new Set<string>();
  let rest = docs;
  while (rest.length > 0) {
    try {
      await collection.insertMany([...rest]);
      for (const doc of rest) inserted.add(doc._id);
      break;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      for (const doc of rest.slice(0, error.inserted)) inserted.add(doc._id);
      rest = rest.slice(error.inserted + 1);
    }
  }
  return inserted;
}
