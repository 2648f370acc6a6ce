import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';

export type LimitedRead =
  { kind: 'complete'; body: Buffer; bytes: number } | { kind: 'too-large'; bytesRead: number };

/**
 * Reads a stream into memory up to `maxBytes`, and stops — destroying the stream, which closes the socket —
 * the moment the total goes over, so at most one chunk past the cap is ever held. Never buffers first and
 * measures later: a 50 MB body costs us cap + one chunk.
 */
export async function readLimited(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  maxBytes: number,
  onProgress?: (bytesRead: number) => void,
): Promise<LimitedRead> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    bytes += buffer.length;
    onProgress?.(bytes);
    // Leaving a for-await early calls the iterator's return(), which destroys a Readable source.
    if (bytes > maxBytes) return { kind: 'too-large', bytesRead: bytes };
    chunks.push(buffer);
  }
  return { kind: 'complete', body: Buffer.concat(chunks, bytes), bytes };
}

/** Error raised for a Content-Encoding we do not know; the body would be unreadable bytes. */
export class UnsupportedEncodingError extends Error {}

/**
 * Undoes Content-Encoding (gzip, deflate, br; stacked codings in reverse order) as a stream, so the byte cap
 * applies to the decompressed bytes: a 10 KB gzip bomb expanding to gigabytes is cut at the cap, chunk by
 * chunk, instead of being inflated whole. zlib's output chunks are 16 KiB, so "one chunk past" stays small.
 */
export function decodeContentEncoding(body: Readable, contentEncoding: string | undefined): Readable {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity')
    .reverse();
  let stream: Readable = body;
  for (const coding of codings) {
    const decoder = createDecoder(coding);
    // pipeline() propagates errors and destroys both ends when either fails or is destroyed.
    stream = pipeline(stream, decoder, () => undefined);
  }
  return stream;
}

function createDecoder(coding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      // Lenient flushing: many servers cut the gzip trailer; the content is still whole.
      return zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'deflate':
      // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate: createUnzip-like sniffing
      // is not offered for deflate, so accept the zlib form (the common one) here.
      return zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw new UnsupportedEncodingError(`unsupported Content-Encoding '${coding}'`);
  }
}
