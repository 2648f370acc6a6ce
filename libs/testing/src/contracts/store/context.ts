import type { Collection, CollectionOptions, DocumentStore } from '@pulse/platform/store';

/**
 * What describeDocumentStoreContract hands each group of cases. The store is made in a beforeAll, so
 * read `ctx.store` inside hooks and tests, never while describing.
 */
export interface StoreContractContext {
  /** The store under test. */
  readonly store: DocumentStore;
  /** A collection no other test touches. */
  fresh<T extends { _id: string }>(label: string, indexes?: CollectionOptions): Collection<T>;
  /** A fresh collection holding `docs`. */
  seeded<T extends { _id: string }>(label: string, docs: T[]): Promise<Collection<T>>;
}

/** The loose document shape the update cases write. */
export type UpdateDoc = { _id: string; [field: string]: unknown };
