import fs from 'node:fs';

/**
 * Append-only file of newline-terminated lines, the building block of the embedded bus's durability.
 * A line is acknowledged once writeSync returned: the bytes are in the kernel's page cache and survive
 * the process being killed; `fsync` additionally makes them survive a power cut, at a cost per write.
 */
export class AppendFile {
  private fd: number;

  private constructor(
    readonly path: string,
    private readonly fsync: boolean,
    fd: number,
  ) {
    this.fd = fd;
  }

  /**
   * Opens (creating) the file and returns its complete lines. A last line without its newline is a
   * write cut short by a crash; it was never acknowledged, so it is cut off rather than read.
   */
  static open(path: string, options: { fsync?: boolean } = {}): { file: AppendFile; lines: string[] } {
    const fd = fs.openSync(path, 'a+');
    const { lines, completeBytes, totalBytes } = AppendFile.read(path);
    if (completeBytes < totalBytes) fs.ftruncateSync(fd, completeBytes);
    return { file: new AppendFile(path, options.fsync ?? false, fd), lines };
  }

  /** The complete lines of a file without opening it for writing; a torn last line is left out. */
  static read(path: string): { lines: string[]; completeBytes: number; totalBytes: number } {
    const buffer = fs.readFileSync(path);
    // Cutting at the last newline byte never splits a UTF-8 sequence: 0x0a occurs in none.
    const completeBytes = buffer.lastIndexOf(0x0a) + 1;
    const lines = completeBytes === 0 ? [] : buffer.toString('utf8', 0, completeBytes - 1).split('\n');
    return { lines, completeBytes, totalBytes: buffer.length };
  }

  /**
   * Writes all lines with one write call (so a batch is not interleaved), then fsyncs if asked.
   * Returns the bytes written, which the log counts towards its size.
   */
  append(lines: readonly string[]): number {
    if (lines.length === 0) return 0;
    const buffer = Buffer.from(`${lines.join('\n')}\n`);
    let written = 0;
    while (written < buffer.length) written += fs.writeSync(this.fd, buffer, written);
    if (this.fsync) fs.fsyncSync(this.fd);
    return buffer.length;
  }

  /** Replaces the content atomically (write aside, fsync, rename), for compaction. */
  rewrite(lines: readonly string[]): void {
    const tmp = `${this.path}.tmp`;
    fs.writeFileSync(tmp, lines.length ? `${lines.join('\n')}\n` : '');
    const tmpFd = fs.openSync(tmp, 'r');
    fs.fsyncSync(tmpFd);
    fs.closeSync(tmpFd);
    fs.renameSync(tmp, this.path);
    fs.closeSync(this.fd);
    this.fd = fs.openSync(this.path, 'a');
  }

  close(): void {
    if (this.fd < 0) return;
    fs.closeSync(this.fd);
    this.fd = -1;
  }
}

/**
 * Makes the creation, removal or renaming of files in `dir` survive a power cut; fsyncing a file
 * covers its bytes, not its directory entry.
 */
export function fsyncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
