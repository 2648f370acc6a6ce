import fs from 'node:fs';
import { promisify } from 'node:util';

/**
 * The few file operations durability rests on, as promises that resolve only when the kernel says the
 * bytes (or the directory entry) are on stable storage. They run on libuv's thread pool, so the event
 * loop keeps serving reads while a disk flush is under way.
 */
const write = promisify(fs.write);
const fdatasync = promisify(fs.fdatasync);
const fsync = promisify(fs.fsync);
const ftruncate = promisify(fs.ftruncate);

/** fs.write may write less than asked; loop until every byte is in the file. */
export async function writeFully(fd: number, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await write(fd, bytes, offset, bytes.length - offset, null);
    offset += bytesWritten;
  }
}

/**
 * The log's appends, written on the event loop: a batch of records is a few kilobytes that land in the
 * page cache in microseconds, while a thread-pool write costs a wait for the loop's next turn, which under
 * load is the larger cost (ARCHITECTURE.md, the embedded store). The fdatasync that makes it durable, the slow
 * part, stays on the pool.
 */
export function appendFullySync(fd: number, bytes: Buffer): void {
  let offset = 0;
  while (offset < bytes.length) offset += fs.writeSync(fd, bytes, offset, bytes.length - offset, null);
}

/** Data plus the size change of an append; cheaper than fsync because timestamps are skipped. */
export const syncData = (fd: number): Promise<void> => fdatasync(fd);

export async function truncateDurably(fd: number, length: number): Promise<void> {
  await ftruncate(fd, length);
  await fsync(fd);
}

/**
 * A file created or renamed is only durable once its directory is: without this a power cut can lose
 * a new log file or undo a snapshot's rename even though the file's own bytes were synced.
 */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function syncDirectorySync(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Whole-file replace: write a temporary file, sync it, rename it over the old one, sync the folder. */
export async function replaceFileDurably(dir: string, target: string, chunks: string[]): Promise<number> {
  const temporary = `${target}.tmp`;
  const handle = await fs.promises.open(temporary, 'w');
  let bytes = 0;
  try {
    for (const chunk of chunks) {
      const buffer = Buffer.from(chunk, 'utf8');
      bytes += buffer.length;
      await writeFully(handle.fd, buffer);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, target);
  await syncDirectory(dir);
  return bytes;
}
