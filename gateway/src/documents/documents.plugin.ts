import type { FastifyReply, FastifyRequest } from 'fastify';
import { HeldCache, type Hold, type Purges } from '../edge/held-cache';
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
} from '../edge/document-encoding';
import { RenderBudget, type RenderBudgetSettings, type RenderEnd } from '../edge/render-budget';

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
  /** The site's Content-Security-Policy when it was made, with its own style's hash when it has one. */
  contentSecurityPolicy?: string;
  /** The `generation` it was made in: a copy of an earlier one is rendered again, not replayed. */
  generation?: number;
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

/** How documentHandler holds, replays and secures what it renders. */
export interface DocumentHandlerOptions {
  /** GATEWAY_DOCUMENT_CACHE_MS: how long a rendered 200 is replayed (0: every request renders). */
  holdMs?: number;
  /** GATEWAY_STALE_MS: how long past that a copy is replayed while one render replaces it. */
  staleMs?: number;
  now?: () => number;
  purges?: Purges;
  /**
   * The site's policy now (edge/security-headers.ts: the remotes' origins move with RemoteLocations), sent
   * with every document and extended for one with a style of its own.
   */
  contentSecurityPolicy?: () => string;
  /**
   * What every document depends on beyond its page (the remotes' locations: the inlined runtime
   * configuration, the CSP); when it moves, held copies are rendered again instead of replayed.
   */
  generation?: () => number;
  /**
   * GATEWAY_RENDER_CONCURRENCY and GATEWAY_RENDER_MS_PER_S (edge/render-budget.ts), refreshes included. Past
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
 * Rendering has a budget (edge/render-budget.ts: renders at once, milliseconds of rendering per second):
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
    generation,
    renderBudget = { concurrency: Number.POSITIVE_INFINITY, msPerSecond: Number.POSITIVE_INFINITY },
  }: DocumentHandlerOptions = {},
) {
  const counters = documentCounters();
  const budget = new RenderBudget(renderBudget, now);
  /** The site's policy now, with a document's own style hashes. */
  const policyFor = (styleHashes: readonly string[] | undefined): string | undefined => {
    const policy = contentSecurityPolicy?.();
    return policy && styleHashes?.length ? withStyleSources(policy, styleHashes) : policy;
  };
  // The one document cache (edge/held-cache.ts, the micro-cache's too): hold, stale-while-revalidate, one
  // render per URL at a time, purges by tag.
  const documents = new HeldCache<Served>(MAX_HELD, now, purges);
  purges?.onPurge((named) => void documents.purge(named));
  /** A 200 the page said every reader may share is held for holdMs under its tags; nothing else is. */
  const holdOf = (served: Served): Hold | undefined =>
    served.document && { freshMs: holdMs, staleMs, tags: served.rendered.tags };
  // Anything but a 200 now (gone, moved; not a failure): readers get it from the next request on.
  const drop = (served: Served) => !served.document && served.rendered.statusCode < 500;
  /** Renders `url` in the budget's place `end`; a shareable 200 becomes the bytes every reader is sent. */
  const render = (url: string, requestId: string, trigger: 'reader' | 'refresh', end: RenderEnd) => {
    counters.renders.add(1, { trigger });
    const rendered = renderer.render(url, requestId);
    rendered.then(end, end);
    return rendered.then((answer) => served(url, answer));
  };
  const served = (url: string, rendered: RenderedDocument): Served => {
    if (!('html' in rendered) || rendered.statusCode !== 200 || rendered.cache !== 'public')
      return { rendered };
    const html = Buffer.from(rendered.html);
    const document: HeldDocument = {
      html,
      etag: entityTagOf(html),
      encoded: new Map(),
      contentSecurityPolicy: policyFor(rendered.styleHashes),
      generation: generation?.(),
    };
    // The encodings the copy it replaces was asked for are started at once: no reader waits for one.
    const before = documents.get(url)?.value.document;
    if (before) for (const encoding of before.encoded.keys()) void bytesFor(document, encoding);
    return { rendered, document };
  };
  /**
   * The render of `url` under way, or a new one once the budget allows it (a reader may wait a moment
   * for it: edge/render-budget.ts); undefined if it does not.
   */
  const renderFor = async (url: string, requestId: string): Promise<Served | undefined> => {
    const under = documents.pending(url);
    if (under) return under;
    const end = await budget.acquire();
    // Another reader of the URL may have started its render while this one waited: that one is joined.
    const started = documents.pending(url);
    if (started) {
      end?.();
      return started;
    }
    return end && documents.flight(url, () => render(url, requestId, 'reader', end), holdOf, drop);
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
  const busyCopies = new HeldCopies<HeldDocument & { expiresAt: number; retryAfterS: number }>(MAX_BUSY_HELD);
  /** The busy document (DocumentRenderer.busy), made once per path and moment. */
  const sendBusy = (request: FastifyRequest, reply: FastifyReply, url: string, at: number) => {
    counters.busy.add(1);
    const path = url.split('?')[0];
    let copy = busyCopies.get(path, at);
    if (!copy) {
      const busy = renderer.busy();
      copy = {
        html: Buffer.from(busy.html),
        etag: '',
        encoded: new Map(),
        expiresAt: at + BUSY_HOLD_MS,
        retryAfterS: busy.retryAfterS,
        contentSecurityPolicy: policyFor(undefined),
      };
      busyCopies.set(path, copy, at);
    }
    reply.header('retry-after', String(copy.retryAfterS));
    return sendDocument(request, reply, copy, 503);
  };
  /**
   * Renders `url` again for the readers of its stale copy: ahead of every reader waiting for the budget,
   * as long as the copy may still be replayed.
   */
  const refresh = (url: string, requestId: string, at: number) =>
    documents.refresh(
      url,
      (end) => render(url, requestId, 'refresh', end),
      holdOf,
      drop,
      () => budget.acquire({ maxWaitMs: Math.max(1, documents.expiresAt(url, at) - at) }),
    );
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const url = await renderer.documentUrl(request.url);
    const at = now();
    const hit = holdMs > 0 ? documents.get(url, at) : undefined;
    if (hit?.value.document && hit.value.document.generation === generation?.()) {
      if (hit.stale) refresh(url, request.requestId, at);
      return sendDocument(request, reply, hit.value.document);
    }
    const answer = await renderFor(url, request.requestId);
    if (!answer) return sendBusy(request, reply, url, now());
    if (answer.document) return sendDocument(request, reply, answer.document);
    const { rendered } = answer;
    if (!('html' in rendered)) return reply.redirect(rendered.location, rendered.statusCode);
    if (rendered.retryAfterS) reply.header('retry-after', String(rendered.retryAfterS));
    // A rendered not-found page of a remote carries the remote's inline stylesheet too.
    const policy = policyFor(rendered.styleHashes);
    if (policy) reply.header('content-security-policy', policy);
    send(reply, rendered.statusCode, false);
    if (rendered.cache === 'private') reply.header('cache-control', 'private, no-store');
    return reply.send(rendered.html);
  };
}

/** A render as readers get it: a shareable 200 also as the bytes, ETag and encodings every reader is sent. */
type Served =
  { rendered: PageDocument; document: HeldDocument } | { rendered: RenderedDocument; document?: undefined };
