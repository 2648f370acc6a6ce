import type { FastifyReply, FastifyRequest } from 'fastify';
import { HeldCopies } from '../edge/held-copies';
import { DOCUMENT_CACHE, entityTagOf } from '../edge/http-caching';
import { withStyleSources } from '../edge/security-headers';
import { documentCounters } from './document-metrics';
import type { DocumentRenderer, PageDocument, RenderedDocument } from './document-renderer';
import {
  encodeDocument,
  encodedEntityTag,
  MIN_COMPRESSED_BYTES,
  preferredEncoding,
  type DocumentEncoding,
} from './document-encoding';
import { RenderBudget, type RenderBudgetSettings, type RenderEnd } from './render-budget';

/** How many rendered documents are held at most (GATEWAY_DOCUMENT_CACHE_MS each). */
const MAX_HELD = 2_000;

/**
 * The busy document of a path is made once and replayed, compressed, for this long: past the budget it
 * may be asked for thousands of times a second, and made and sent uncompressed each time it cost twice
 * what a held page costs, which is the process's time the budget was keeping for the API.
 */
const BUSY_HOLD_MS = 1_000;
const MAX_BUSY_HELD = 256;

interface HeldDocument {
  html: Buffer;
  etag: string;
  /** Until when it is replayed as it is; after that, while it is still held, one render replaces it. */
  freshUntil: number;
  /** Until when it is held (staleMs past freshUntil). */
  expiresAt: number;
  /** What the page shows (RenderedDocument.tags): a purge of any drops the copy. */
  tags: readonly string[];
  /** Its own Content-Security-Policy when its head holds a style of its own; else the site's. */
  contentSecurityPolicy?: string;
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

/** Where purges come from (the micro-cache hears them on the cache port: proxy/micro-cache.ts). */
export interface DocumentPurges {
  onPurge(listener: (tags: ReadonlySet<string>) => void): void;
  purgedSince(at: number, tags: readonly string[]): boolean;
}

/** How documentHandler holds, replays and secures what it renders. */
export interface DocumentHandlerOptions {
  /** GATEWAY_DOCUMENT_CACHE_MS: how long a rendered 200 is replayed (0: every request renders). */
  holdMs?: number;
  /** GATEWAY_STALE_MS: how long past that a copy is replayed while one render replaces it. */
  staleMs?: number;
  now?: () => number;
  purges?: DocumentPurges;
  /** The site's policy (edge/security-headers.ts), extended for a document with a style of its own. */
  contentSecurityPolicy?: string;
  /**
   * GATEWAY_RENDER_CONCURRENCY and GATEWAY_RENDER_MS_PER_S (render-budget.ts), refreshes included. Past
   * it, a reader whose document is neither held nor rendering gets the busy document. Unbounded when unset.
   */
  renderBudget?: RenderBudgetSettings;
}

/**
 * The fastify side of the documents: status, redirect or HTML. A page document is the same bytes for every
 * reader (nothing about the reader is rendered into it), so a CDN may keep it a minute and serve it stale
 * while it refetches; the browser revalidates each time with the ETag the edge adds
 * (edge/http-caching.ts). Anything but a 200 is not cached.
 *
 * For `holdMs` (GATEWAY_DOCUMENT_CACHE_MS) a rendered 200 is replayed to every reader of the same canonical URL, as
 * bytes with its ETag: a render (the shell's components, the article body's sanitising, the head, the
 * JSON-LD) is the dearest thing the gateway does, several ms of CPU, tens on the local stack. A document
 * names what it shows in its tags (the cache tags of the answers it read, and its article, analysis or
 * question), and a purge of any of them drops it, so a changed article does not wait for the hold to end;
 * what it shows without a tag (the head's data, cached a minute in page-data.source.ts) was already that old.
 * A render that a purge of its tags overtook is served to its readers but not held. 0 renders every request.
 * For `staleMs` (GATEWAY_STALE_MS) past its hold a copy is still replayed while one render, behind the
 * readers' backs, replaces it (stale-while-revalidate): the readers arriving as a popular page's hold ended
 * used to wait for its render, the slowest hundredth of page reads under load.
 *
 * Documents go out compressed when the reader accepts it (brotli, else gzip; document-encoding.ts), with
 * `Vary: Accept-Encoding` and an ETag per encoding.
 *
 * A document is keyed, held and rendered under its canonical URL (page-queries.ts): its path and the query
 * parameters its page reads. Anything else in the query (`/?cb=<random>`) is the same held copy, not a
 * render: keyed on the full URL, every cache-buster rendered React, about 200 documents/s where a held
 * copy serves thousands, and the renders held up every other request of the process.
 *
 * Rendering has a budget (render-budget.ts: renders at once, milliseconds of rendering per second):
 * distinct URLs a page really reads (`/search?q=<random>`) are renders each, and a flood of them must not
 * take the event loop from the API. Past it, a reader whose document is neither held (fresh or stale) nor
 * already rendering waits a moment for the budget if few others do, and otherwise gets the busy document
 * at once (DocumentRenderer.busy: 503, Retry-After, the shell that renders the page in the browser); a
 * lapsed copy waits for its refresh until the budget allows it. Renders are never queued without bound:
 * a long queue would only make readers wait for what the busy document gives them now.
 */
export function documentHandler(
  renderer: DocumentRenderer,
  {
    holdMs = 0,
    staleMs = 0,
    now = Date.now,
    purges,
    contentSecurityPolicy,
    renderBudget = { concurrency: Number.POSITIVE_INFINITY, msPerSecond: Number.POSITIVE_INFINITY },
  }: DocumentHandlerOptions = {},
) {
  const counters = documentCounters();
  const budget = new RenderBudget(renderBudget, now);
  const held = new HeldCopies<HeldDocument>(MAX_HELD);
  purges?.onPurge((named) => held.deleteWhere((document) => document.tags.some((tag) => named.has(tag))));
  /**
   * Renders under way, by URL: readers arriving while one runs wait for it instead of starting their own.
   * Without this, every reader of a popular page in the moment its held copy lapsed rendered it again, and
   * on a busy gateway the renders slowed each other until the whole site queued behind them (the local
   * soak, docs/benchmarks.md 'Mixed reading at 1,000 requests/s'). Also with the micro-cache off: concurrent readers of
   * one URL get one render.
   */
  const inFlight = new Map<string, { render: ReturnType<DocumentRenderer['render']>; startedAt: number }>();
  /** Starts the render of `url` with the budget's place `end`, ended (and measured) when it settles. */
  const startRender = (url: string, requestId: string, trigger: 'reader' | 'refresh', end: RenderEnd) => {
    counters.renders.add(1, { trigger });
    const flight = { render: renderer.render(url, requestId), startedAt: now() };
    inFlight.set(url, flight);
    const forget = () => {
      inFlight.delete(url);
      end();
    };
    flight.render.then(forget, forget);
    return flight;
  };
  /**
   * The render of `url` under way, or a new one once the budget allows it (a reader may wait a moment
   * for it: render-budget.ts); undefined if it does not.
   */
  const renderFor = async (url: string, requestId: string) => {
    const flight = inFlight.get(url);
    if (flight) return flight;
    const end = await budget.acquire();
    // Another reader of the URL may have started its render while this one waited: that one is joined.
    const started = inFlight.get(url);
    if (started) {
      end?.();
      return started;
    }
    return end && startRender(url, requestId, 'reader', end);
  };
  /** The document headers, before the body. */
  const send = (reply: FastifyReply, statusCode: number, shared = statusCode === 200) =>
    reply
      .status(statusCode)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', shared ? DOCUMENT_CACHE.cacheControl : 'no-store')
      .header('cdn-cache-control', shared ? DOCUMENT_CACHE.cdnCacheControl : 'no-store');
  /** A held document (a 200) or the busy one (a 503, no validator) in the encoding the request prefers. */
  const sendDocument = async (
    request: FastifyRequest,
    reply: FastifyReply,
    document: HeldDocument,
    statusCode: 200 | 503 = 200,
  ) => {
    const wanted = preferredEncoding(request.headers['accept-encoding']);
    const body = await bytesFor(document, wanted);
    const encoding = body === document.html ? 'identity' : wanted;
    send(reply, statusCode).header('vary', 'accept-encoding');
    if (statusCode === 200) reply.header('etag', encodedEntityTag(document.etag, encoding));
    if (document.contentSecurityPolicy)
      reply.header('content-security-policy', document.contentSecurityPolicy);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  };
  /**
   * The rendered 200 as a document, held unless there is no hold or a purge of what it shows overtook the
   * render. The encodings the copy it replaces was asked for are started at once, so no reader of the new
   * copy waits for a compression.
   */
  const hold = (
    url: string,
    flight: { startedAt: number },
    rendered: PageDocument,
    at: number,
  ): HeldDocument => {
    const html = Buffer.from(rendered.html);
    const { tags } = rendered;
    const document: HeldDocument = {
      html,
      etag: entityTagOf(html),
      freshUntil: at + holdMs,
      expiresAt: at + holdMs + staleMs,
      tags,
      encoded: new Map(),
      ...(rendered.styleHashes?.length && contentSecurityPolicy
        ? { contentSecurityPolicy: withStyleSources(contentSecurityPolicy, rendered.styleHashes) }
        : {}),
    };
    if (holdMs <= 0 || purges?.purgedSince(flight.startedAt, tags)) {
      held.delete(url);
      return document;
    }
    const before = held.get(url, at);
    if (before) for (const encoding of before.encoded.keys()) void bytesFor(document, encoding);
    held.set(url, document, at);
    return document;
  };
  const busyCopies = new HeldCopies<HeldDocument & { retryAfterS: number }>(MAX_BUSY_HELD);
  /** The busy document for `url` (DocumentRenderer.busy), made once per path and moment. */
  const sendBusy = (request: FastifyRequest, reply: FastifyReply, url: string, at: number) => {
    counters.busy.add(1);
    const path = url.split('?')[0];
    let copy = busyCopies.get(path, at);
    if (!copy) {
      const busy = renderer.busy();
      const html = Buffer.from(busy.html);
      const until = at + BUSY_HOLD_MS;
      copy = {
        html,
        etag: '',
        freshUntil: until,
        expiresAt: until,
        tags: [],
        encoded: new Map(),
        retryAfterS: busy.retryAfterS,
      };
      busyCopies.set(path, copy, at);
    }
    reply.header('retry-after', String(copy.retryAfterS));
    return sendDocument(request, reply, copy, 503);
  };
  const refreshing = new Set<string>();
  /**
   * Renders `url` again for the readers of its lapsed copy, unless a render of it is under way or asked
   * for: ahead of every reader waiting for the budget, as long as the copy may still be replayed.
   */
  const refresh = (url: string, requestId: string, at: number, copy: HeldDocument) => {
    if (inFlight.has(url) || refreshing.has(url)) return;
    refreshing.add(url);
    void budget.acquire({ maxWaitMs: Math.max(1, copy.expiresAt - at) }).then((end) => {
      refreshing.delete(url);
      if (end && inFlight.has(url)) end();
      else if (end) renderAgain(url, requestId, end);
    });
  };
  const renderAgain = (url: string, requestId: string, end: RenderEnd) => {
    const flight = startRender(url, requestId, 'refresh', end);
    flight.render.then(
      (rendered) => {
        // Anything but a 200 now (gone, moved, failing): readers get it from the next request on.
        if (heldKind(rendered)) hold(url, flight, rendered, now());
        else if (rendered.statusCode < 500) held.delete(url);
      },
      () => undefined,
    );
  };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const url = await renderer.documentUrl(request.url);
    const at = now();
    const hit = holdMs > 0 ? held.get(url, at) : undefined;
    if (hit) {
      if (hit.freshUntil <= at) refresh(url, request.requestId, at, hit);
      return sendDocument(request, reply, hit);
    }
    const flight = await renderFor(url, request.requestId);
    if (!flight) return sendBusy(request, reply, url, now());
    const answer = await flight.render;
    if ('location' in answer) return reply.redirect(answer.location, answer.statusCode);
    const rendered: PageDocument = answer;
    if (rendered.retryAfterS) reply.header('retry-after', String(rendered.retryAfterS));
    if (!heldKind(rendered)) {
      // A rendered not-found page of a remote carries the remote's inline stylesheet too.
      if (rendered.styleHashes?.length && contentSecurityPolicy)
        reply.header(
          'content-security-policy',
          withStyleSources(contentSecurityPolicy, rendered.styleHashes),
        );
      return send(reply, rendered.statusCode, false).send(rendered.html);
    }
    return sendDocument(request, reply, hold(url, flight, rendered, at));
  };
}

/** A 200 the page said every reader may share: the one kind of document held and replayed. */
const heldKind = (rendered: RenderedDocument): rendered is PageDocument & { statusCode: 200 } =>
  rendered.statusCode === 200 && rendered.cache === 'public';
