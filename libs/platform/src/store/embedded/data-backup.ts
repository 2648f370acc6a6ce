import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StoreCorruptError, StoreError } from '../store.errors';
import { CollectionJournal, snapshotChunks, snapshotFile } from './collection-journal';
import { LOCK_FILE, lockDataDir } from './data-dir.lock';

/**
 * Backup and restore of a whole data folder (PULSE_DATA_DIR: every service's embedded store, bus log,
 * outbox, search index and mail drop), for a site run on the embedded adapters. docs/operations.md
 * 'Backup and restore' is the operator's side; MongoDB deployments use mongodump instead.
 *
 * Offline, on purpose: a copy of a running store can pair a snapshot from before a compaction with a log
 * from after it and lose the writes between. So a backup takes every store's lock first and refuses while
 * the site runs. Each store collection is read back (snapshot plus log, exactly as the store opens it) and
 * written as a fresh snapshot: a backup that could not be opened fails now, not on the day it is needed,
 * and the backup is itself a data folder the site can start on. Every other file is copied as it is.
 * A manifest lists each file's size and SHA-256; restore checks them all before writing anything.
 */

export const BACKUP_MANIFEST = 'pulse-backup.json';
const MANIFEST_FORMAT = 'pulse-data-backup';

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  version: 1;
  createdAt: string;
  /** Each store folder (relative) and its collections with their document counts. */
  stores: Array<{ path: string; collections: Array<{ name: string; documents: number }> }>;
  files: Array<{ path: string; bytes: number; sha256: string }>;
}

/** The backup is damaged or incomplete, or the restore target is not empty. */
export class BackupRefusedError extends StoreError {}

const SNAPSHOT_SUFFIX = '.snapshot.jsonl';
const LOG_SUFFIX = '.wal.jsonl';

/** Every file under `dir`, as paths relative to it, sorted. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((relative) => fs.statSync(path.join(dir, relative)).isFile())
    .sort();
}

/** Folders holding an embedded store: a lock file, a snapshot or a log in them. */
function storeFolders(files: string[]): string[] {
  const folders = files
    .filter((file) => {
      const name = path.basename(file);
      return name === LOCK_FILE || name.endsWith(SNAPSHOT_SUFFIX) || name.endsWith(LOG_SUFFIX);
    })
    .map((file) => path.dirname(file));
  return [...new Set(folders)].sort();
}

function collectionOf(fileName: string): string | undefined {
  if (fileName.endsWith(SNAPSHOT_SUFFIX)) return fileName.slice(0, -SNAPSHOT_SUFFIX.length);
  if (fileName.endsWith(LOG_SUFFIX)) return fileName.slice(0, -LOG_SUFFIX.length);
  return undefined;
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function isEmptyFolder(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** Reads one collection as the store would open it, without writing to it. */
function readCollection(dir: string, collection: string) {
  const { journal, loaded } = CollectionJournal.open(
    { dir, collection, compactAfterBytes: Number.MAX_SAFE_INTEGER },
    () => loaded,
  );
  void journal.close();
  return loaded;
}

/** Writes a backup of `dataDir` into the empty or missing folder `backupDir`; returns its manifest. */
export function backupDataDir(dataDir: string, backupDir: string, now: Date): BackupManifest {
  if (!fs.existsSync(dataDir)) throw new BackupRefusedError(`${dataDir} does not exist: nothing to back up`);
  if (!isEmptyFolder(backupDir))
    throw new BackupRefusedError(`${backupDir} is not empty: back up into a new folder`);
  const files = filesUnder(dataDir);
  const stores = storeFolders(files);
  // Throws StoreLockedError naming the running process, before anything is written.
  const releases: Array<() => void> = [];
  try {
    for (const store of stores) releases.push(lockDataDir(path.join(dataDir, store)));
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      stores: [],
      files: [],
    };
    const written = new Set<string>();
    for (const store of stores) {
      const names = new Set(
        files.filter((f) => path.dirname(f) === store).map((f) => collectionOf(path.basename(f))),
      );
      names.delete(undefined);
      const collections = [...names].sort() as string[];
      fs.mkdirSync(path.join(backupDir, store), { recursive: true });
      for (const collection of collections) {
        const image = readCollection(path.join(dataDir, store), collection);
        const target = path.join(store, snapshotFile(collection));
        fs.writeFileSync(path.join(backupDir, target), snapshotChunks(collection, image).join(''));
        written.add(target);
      }
      const counted = collections.map((name) => ({
        name,
        documents: readCollection(path.join(backupDir, store), name).docs.size,
      }));
      manifest.stores.push({ path: store, collections: counted });
    }
    for (const file of files) {
      const name = path.basename(file);
      const inStore = stores.includes(path.dirname(file));
      if (inStore && (name === LOCK_FILE || collectionOf(name) !== undefined)) continue;
      fs.mkdirSync(path.join(backupDir, path.dirname(file)), { recursive: true });
      fs.copyFileSync(path.join(dataDir, file), path.join(backupDir, file));
      written.add(file);
    }
    for (const file of [...written].sort()) {
      const full = path.join(backupDir, file);
      manifest.files.push({ path: file, bytes: fs.statSync(full).size, sha256: sha256(full) });
    }
    fs.writeFileSync(path.join(backupDir, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    for (const release of releases) release();
  }
}

/** Checks a backup's files against its manifest; throws naming the first file that differs. */
export function verifyBackup(backupDir: string): BackupManifest {
  const manifestFile = path.join(backupDir, BACKUP_MANIFEST);
  if (!fs.existsSync(manifestFile))
    throw new BackupRefusedError(`${manifestFile} is missing: not a Pulse backup`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== MANIFEST_FORMAT || manifest.version !== 1)
    throw new BackupRefusedError(`${manifestFile}: unknown format ${manifest.format} ${manifest.version}`);
  const listed = new Set(manifest.files.map((file) => file.path));
  for (const extra of filesUnder(backupDir).filter((file) => file !== BACKUP_MANIFEST && !listed.has(file)))
    throw new BackupRefusedError(`${extra} is in the backup but not in its manifest`);
  for (const file of manifest.files) {
    const full = path.join(backupDir, file.path);
    if (!fs.existsSync(full)) throw new BackupRefusedError(`${file.path} is missing from the backup`);
    if (fs.statSync(full).size !== file.bytes || sha256(full) !== file.sha256)
      throw new BackupRefusedError(`${file.path} differs from the manifest (damaged or edited)`);
  }
  return manifest;
}

/** Restores a verified backup into the empty or missing folder `dataDir`; returns its manifest. */
export function restoreDataDir(backupDir: string, dataDir: string): BackupManifest {
  const manifest = verifyBackup(backupDir);
  if (!isEmptyFolder(dataDir))
    throw new BackupRefusedError(`${dataDir} is not empty: move it aside, then restore into an empty folder`);
  for (const file of manifest.files) {
    fs.mkdirSync(path.join(dataDir, path.dirname(file.path)), { recursive: true });
    fs.copyFileSync(path.join(backupDir, file.path), path.join(dataDir, file.path));
  }
  for (const store of manifest.stores)
    for (const collection of store.collections) {
      const documents = readCollection(path.join(dataDir, store.path), collection.name).docs.size;
      if (documents !== collection.documents)
        throw new StoreCorruptError(
          `${store.path}/${collection.name}: ${documents} documents restored, the backup lists ${collection.documents}`,
        );
    }
  return manifest;
}
