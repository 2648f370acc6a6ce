import { ApiError } from './errors';
import { defaultSettings, type StubSettings } from './settings';

export interface StubIndex {
  uid: string;
  primaryKey: string | null;
  settings: StubSettings;
  docs: Map<string, Record<string, unknown>>;
  createdAt: string;
  /** Moved by every applied write, as Meilisearch's is. */
  updatedAt: string;
}

/** The stub's indexes by uid. */
export class IndexRegistry {
  private readonly indexes = new Map<string, StubIndex>();

  get(uid: string): StubIndex | undefined {
    return this.indexes.get(uid);
  }

  has(uid: string): boolean {
    return this.indexes.has(uid);
  }

  /** The index, or Meilisearch's 404 index_not_found. */
  getOrThrow(uid: string): StubIndex {
    const index = this.indexes.get(uid);
    if (!index) throw new ApiError(404, 'index_not_found', `Index \`${uid}\` not found.`);
    return index;
  }

  /** The index, created with default settings if it does not exist yet, as a first write does. */
  getOrCreate(uid: string, primaryKey: string | null): StubIndex {
    return this.indexes.get(uid) ?? this.create(uid, primaryKey);
  }

  create(uid: string, primaryKey: string | null): StubIndex {
    const now = new Date().toISOString();
    const index: StubIndex = {
      uid,
      primaryKey,
      settings: defaultSettings(),
      docs: new Map(),
      createdAt: now,
      updatedAt: now,
    };
    this.indexes.set(uid, index);
    return index;
  }

  delete(uid: string): void {
    this.indexes.delete(uid);
  }
}
