// Backup and restore of the embedded site's data folder (PULSE_DATA_DIR, default .data), with the site
// stopped: docs/operations.md 'Backup and restore'.
//
//   npm run data:backup -- <new folder>      a checked copy of every store, log and index
//   npm run data:verify -- <backup folder>   checks every file of a backup against its manifest
//   npm run data:restore -- <backup folder>  into PULSE_DATA_DIR, which must be empty or missing
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  backupDataDir,
  processConfigSchema,
  restoreDataDir,
  StoreError,
  systemClock,
  verifyBackup,
  type BackupManifest,
} from '@pulse/platform';

const USAGE = 'usage: npm run data:backup|data:verify|data:restore -- <folder>';

function summary(manifest: BackupManifest): string {
  const collections = manifest.stores.flatMap((store) => store.collections);
  const documents = collections.reduce((sum, collection) => sum + collection.documents, 0);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  return (
    `${manifest.stores.length} stores, ${collections.length} collections, ${documents} documents, ` +
    `${manifest.files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB (backup of ${manifest.createdAt})`
  );
}

function main(): void {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [command, folder] = positionals;
  if (!folder || !['backup', 'verify', 'restore'].includes(command)) {
    console.error(USAGE);
    process.exit(2);
  }
  const dataDir = path.resolve(processConfigSchema.parse(process.env).PULSE_DATA_DIR);
  const target = path.resolve(folder);
  try {
    if (command === 'backup') {
      const manifest = backupDataDir(dataDir, target, new Date(systemClock.now()));
      console.log(`backed up ${dataDir} into ${target}: ${summary(manifest)}`);
    } else if (command === 'verify') {
      console.log(`${target} is intact: ${summary(verifyBackup(target))}`);
    } else {
      const manifest = restoreDataDir(target, dataDir);
      console.log(`restored ${target} into ${dataDir}: ${summary(manifest)}`);
    }
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    console.error(`${command} refused: ${error.message}`);
    process.exit(1);
  }
}

main();
