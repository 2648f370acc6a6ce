import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { decodeContentEncoding, readLimited, UnsupportedEncodingError } from './byte-limit';

const CHUNK = 64 * 1024;

/** An endless stream that counts how many chunks were pulled from it. */
function endless() {
  const state = { pulled: 0, destroyed: false };
  const stream = new Readable({
    highWaterMark: CHUNK,
    read() {
      state.pulled++;
      this.push(Buffer.alloc(CHUNK, 0x41));
    },
    destroy(error, callback) {
      state.destroyed = true;
      callback(error);
    },
  });
  return { stream, state };
}

describe('byte limit', () => {
  it('stops an endless stream one chunk past the cap and destroys it', async () => {
    const { stream, state } = endless();
    const result = await readLimited(stream, 1024 * 1024);
    expect(result).toEqual({ kind: 'too-large', bytesRead: 1024 * 1024 + CHUNK });
    expect(state.destroyed).toBe(true);
    // read-ahead is bounded by the stream's highWaterMark, not by the body
    expect(state.pulled * CHUNK).toBeLessThan(1024 * 1024 + 4 * CHUNK);
  });

  it('returns the whole body when it fits, exactly at the cap included', async () => {
    const result = await readLimited(Readable.from([Buffer.from('abc'), Buffer.from('def')]), 6);
    expect(result).toEqual({ kind: 'complete', body: Buffer.from('abcdef'), bytes: 6 });
  });

  it('caps the decompressed bytes of a gzip bomb', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024)); // ~64 KB that inflate to 64 MB
    expect(bomb.length).toBeLessThan(100 * 1024);
    const progress: number[] = [];
    const result = await readLimited(decodeContentEncoding(Readable.from([bomb]), 'gzip'), 1024 * 1024, (n) =>
      progress.push(n),
    );
    expect(result.kind).toBe('too-large');
    expect(Math.max(...progress)).toBeLessThanOrEqual(1024 * 1024 + CHUNK);
  });

  it.each([
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ] as const)('undoes %s', async (coding, compress) => {
    const text = '펄스 '.repeat(1000);
    const result = await readLimited(
      decodeContentEncoding(Readable.from([compress(Buffer.from(text))]), coding),
      1024 * 1024,
    );
    expect(result.kind === 'complete' && result.body.toString()).toBe(text);
  });

  it('refuses an unknown content coding', () => {
    expect(() => decodeContentEncoding(Readable.from([]), 'compress')).toThrow(UnsupportedEncodingError);
  });

  it('rejects a corrupt gzip body with a zlib error', async () => {
    await expect(
      readLimited(decodeContentEncoding(Readable.from([Buffer.from('not gzip at all')]), 'gzip'), 1024),
    ).rejects.toMatchObject({
      code: expect.stringMatching(/^Z_/),
    });
  });
});
