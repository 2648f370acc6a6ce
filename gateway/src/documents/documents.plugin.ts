import type { FastifyReply, FastifyRequest } from 'fastify';
import { HeldCopies } from '../edge/held-copies';
import { DOCUMENT_CACHE, entityTagOf } from '../edge/http-caching';
import type { DocumentRenderer } from './document-renderer';
import {
  encodeDocument,
  encodedEntityTag,
  MIN_COMPRESSED_BYTES,
  preferredEncoding,
  type DocumentEncoding,
} from './document-encoding';

/** How many rendered documents are held at most; each lives for the micro-cache's moment. */
const MAX_HELD = 2_000;

interface HeldDocument {
  html: Buffer;
  etag: string;
  expiresAt: number;
  /** The compressed copies made so far (one compression per encoding per held copy, not per reader). */
  encoded: Map<DocumentEncoding, Promise<Buffer>>;
}

/** The bytes of `document` for a reader accepting `encoding`, compressed once and kept with the document. */
function bytesFor(document: HeldDocument, encoding: DocumentEncoding): Promise<Buffer> {
  if (encoding === 'identity' || document.html.length < MIN_COMPRESSED_BYTES)
    return Promise.resolve(document.html);
  let bytes = document.encoded.get(encoding);
  if (!bytes) {
    bytes = encodeDocument(document.html, encoding);
    document.encoded.set(encoding, bytes);
  }
  return bytes;
}

/**
 * The fastify side of the documents: status, redirect or HTML. A page document is the same bytes for every
 * reader (nothing about the reader is rendered into it), so a CDN may keep it a minute and serve it stale
 * while it refetches; the browser revalidates each time with the ETag the edge adds
 * (edge/http-caching.ts). Anything but a 200 is not cached.
 *
 * For `microCacheMs` (GATEWAY_MICROCACHE_MS, as the API's micro-cache) a rendered 200 is replayed to every
 * reader of the same URL, as bytes with its ETag: rendering (sanitising the article body, the head, the
 * JSON-LD) was most of what a page read cost (issue 13). Its data is cached for a minute already
 * (page-data.source.ts), so the moment adds no staleness worth the name. 0 renders every request.
 *
 * Documents go out compressed when the reader accepts it (brotli, else gzip; document-encoding.ts), with
 * `Vary: Accept-Encoding` and an ETag per encoding.
 */
export function documentHandler(renderer: DocumentRenderer, microCacheMs = 0, now: () => number = Date.now) {
  const held = new HeldCopies<HeldDocument>(MAX_HELD);
  /**
   * Renders under way, by URL: readers arriving while one runs wait for it instead of starting their own.
   * Without this, every reader of a popular page in the moment its held copy lapsed rendered it again, and
   * on a busy gateway the renders slowed each other until the whole site queued behind them (the local
   * soak, README 'Mixed reading at 1,000 requests/s'). Also with the micro-cache off: concurrent readers of
   * one URL get one render.
   */
  const inFlight = new Map<string, ReturnType<DocumentRenderer['render']>>();
  const renderOnce = (url: string, requestId: string) => {
    let render = inFlight.get(url);
    if (!render) {
      render = renderer.render(url, requestId);
      inFlight.set(url, render);
      const forget = () => inFlight.delete(url);
      render.then(forget, forget);
    }
    return render;
  };
  /** The document headers, before the body. */
  const send = (reply: FastifyReply, statusCode: number) =>
    reply
      .status(statusCode)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', statusCode === 200 ? DOCUMENT_CACHE.cacheControl : 'no-store')
      .header('cdn-cache-control', statusCode === 200 ? DOCUMENT_CACHE.cdnCacheControl : 'no-store');
  /** A 200 document in the encoding the request prefers. */
  const sendDocument = async (request: FastifyRequest, reply: FastifyReply, document: HeldDocument) => {
    const wanted = preferredEncoding(request.headers['accept-encoding']);
    const body = await bytesFor(document, wanted);
    const encoding = body === document.html ? 'identity' : wanted;
    send(reply, 200)
      .header('vary', 'accept-encoding')
      .header('etag', encodedEntityTag(document.etag, encoding));
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const at = now();
    const hit = microCacheMs > 0 ? held.get(request.url, at) : undefined;
    if (hit) return sendDocument(request, reply, hit);
    const rendered = await renderOnce(request.url, request.requestId);
    if (rendered.statusCode === 301) return reply.redirect(rendered.location, 301);
    if (rendered.retryAfterS) reply.header('retry-after', String(rendered.retryAfterS));
    if (rendered.statusCode !== 200) return send(reply, rendered.statusCode).send(rendered.html);
    const html = Buffer.from(rendered.html);
    const document: HeldDocument = {
      html,
      etag: entityTagOf(html),
      expiresAt: at + microCacheMs,
      encoded: new Map(),
    };
    if (microCacheMs > 0) held.set(request.url, document, at);
    return sendDocument(request, reply, document);
  };
}
