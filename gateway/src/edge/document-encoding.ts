import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Compression of page documents (ARCHITECTURE.md "The gateway's edge"). An article document is about 28 KB of
 * HTML and 6–7 KB with brotli; on a phone's connection those bytes are most of the time to the first
 * paint. Front-end files have their compressed copies written by the build; documents are made per
 * request, so the gateway compresses them, once per held copy (documents.plugin.ts).
 */
export type DocumentEncoding = 'br' | 'gzip' | 'identity';

/**
 * Brotli's quality 5: about 1 ms for an article document against tens of ms at 11, and within a few per
 * cent of its size; the held copy is compressed again every GATEWAY_MICROCACHE_MS, so speed matters.
 */
const BROTLI_QUALITY = 5;
/** Below this a document is sent as it is: the saving would not pay for the work. */
export const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The `q` of each coding the request accepts (RFC 9110 §12.5.3); `*` stands for the unnamed ones. */
function acceptedCodings(header: string): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    codings.set(name, q === undefined ? 1 : Number(q));
  }
  return codings;
}

/** Brotli when the reader accepts it, else gzip, else the bytes as they are. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): DocumentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  const codings = acceptedCodings(header);
  const accepts = (coding: string) => (codings.get(coding) ?? codings.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

export function encodeDocument(
  html: Buffer,
  encoding: Exclude<DocumentEncoding, 'identity'>,
): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      })
    : gzipAsync(html);
}

/** A strong ETag names one representation: the compressed bytes get their own tag (RFC 9110 §8.8.3). */
export const encodedEntityTag = (tag: string, encoding: DocumentEncoding): string =>
  encoding === 'identity' ? tag : `${tag.slice(0, -1)}-${encoding}"`;
