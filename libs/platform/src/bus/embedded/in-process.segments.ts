import fs from 'node:fs';
import path from 'node:path';
import { AppendFile, fsyncDirectory } from '../core/append-file';

/** A segment file as found on disk when a partition is opened. */
export interface StoredSegment {
  /** Offset of its first line: records keep absolute offsets whatever was deleted before them. */
  base: number;
  lines: string[];
  bytes: number;
  mtimeMs: number;
}

const SEGMENT_FILE = /^(\d{20})\.log$/;

/** Zero-padded so that a directory listing sorts in offset order, as Kafka names its segments. */
export const segmentFileName = (base: number): string => `${String(base).padStart(20, '0')}.log`;

/**
 * The files of one partition of the embedded log: `<partition dir>/<base offset>.log`, oldest first.
 * Only the newest segment is appended to; older ones are never written again, so retention can delete
 * them whole, oldest first, without rewriting anything a crash could tear. The name of the newest
 * segment carries the next offset even when retention has deleted every record, so offsets stay
 * monotonic across restarts.
 */
export class SegmentFiles {
  private constructor(
    private readonly dir: string,
    private readonly fsync: boolean,
    private active: AppendFile,
  ) {}

  /**
   * Opens the partition's segments, moving a log written before segments existed (`<p>.log` beside
   * the partition dir) into place as the segment at offset 0. Every segment's torn last line (a crash
   * mid-write) is left out; only the newest can have one, and it is cut off there, as before.
   */
  static open(
    dir: string,
    legacyFile: string,
    options: { fsync: boolean },
  ): { files: SegmentFiles; segments: StoredSegment[] } {
    fs.mkdirSync(dir, { recursive: true });
    let bases = listSegments(dir);
    if (fs.existsSync(legacyFile)) {
      if (bases.length > 0)
        throw new Error(`${legacyFile} and the segments in ${dir} both exist; keep one of them`);
      // A rename is atomic: after a crash either the old file or the segment exists, never neither.
      fs.renameSync(legacyFile, path.join(dir, segmentFileName(0)));
      bases = [0];
    }
    if (bases.length === 0) bases = [0];
    const newest = bases[bases.length - 1];
    const segments = bases.slice(0, -1).map((base) => readSegment(dir, base));
    const { file, lines } = AppendFile.open(path.join(dir, segmentFileName(newest)), options);
    segments.push({ base: newest, lines, ...sizeAndTime(path.join(dir, segmentFileName(newest))) });
    if (options.fsync) fsyncDirectory(dir);
    return { files: new SegmentFiles(dir, options.fsync, file), segments };
  }

  /** Appends to the newest segment; returns the bytes written. */
  append(lines: readonly string[]): number {
    return this.active.append(lines);
  }

  /** Starts a new newest segment at `base`; the previous one is complete and only read from now on. */
  roll(base: number): void {
    const { file } = AppendFile.open(path.join(this.dir, segmentFileName(base)), { fsync: this.fsync });
    if (this.fsync) fsyncDirectory(this.dir);
    this.active.close();
    this.active = file;
  }

  /** Deletes a segment that retention dropped. Never the newest: it is rolled away first. */
  remove(base: number): void {
    fs.rmSync(path.join(this.dir, segmentFileName(base)), { force: true });
    if (this.fsync) fsyncDirectory(this.dir);
  }

  close(): void {
    this.active.close();
  }
}

function listSegments(dir: string): number[] {
  return fs
    .readdirSync(dir)
    .map((name) => SEGMENT_FILE.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
}

function readSegment(dir: string, base: number): StoredSegment {
  const file = path.join(dir, segmentFileName(base));
  return { base, lines: AppendFile.read(file).lines, ...sizeAndTime(file) };
}

function sizeAndTime(file: string): { bytes: number; mtimeMs: number } {
  const stat = fs.statSync(file);
  return { bytes: stat.size, mtimeMs: stat.mtimeMs };
}
