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
    const text = fs.readFileSync(path, 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    if (end < text.length) fs.ftruncateSync(fd, Buffer.byteLength(text.slice(0, end)));
    const lines = end === 0 ? [] : text.slice(0, end - 1).split('\n');
    return { file: new AppendFile(path, options.fsync ?? false, fd), lines };
  }

  /** Writes all lines with one write call (so a batch is not interleaved), then fsyncs if asked. */
  append(lines: readonly string[]): void {
    if (lines.length === 0) return;
    const buffer = Buffer.from(`${lines.join('\n')}\n`);
    let written = 0;
    while (written < buffer.length) written += fs.writeSync(this.fd, buffer, written);
    if (this.fsync) fs.fsyncSync(this.fd);
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
