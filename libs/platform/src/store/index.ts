export * from './store.port';
export * from './store.errors';
export * from './store.config';
export * from './store.factory';
export { EmbeddedDocumentStore, type EmbeddedStoreOptions } from './embedded/embedded.store';
export { MongoDocumentStore, redactMongoUrl, type MongoStoreOptions } from './mongo/mongo.store';
export { SharedSettings } from './shared-settings';
export { insertNew } from './insert-new';
export { NEWEST_FIRST, olderThan, type NewestFirstCursor } from './newest-first-page';
export {
  BACKUP_MANIFEST,
  BackupRefusedError,
  backupDataDir,
  restoreDataDir,
  verifyBackup,
  type BackupManifest,
} from './embedded/data-backup';
