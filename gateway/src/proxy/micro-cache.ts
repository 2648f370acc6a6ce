import { CACHE_TAG_HEADER, parsePurge, PURGE_CHANNEL, STAFF_ASSERTION_HEADER } from '@pulse/contracts';
import type { CacheStore } from '@pulse/platform';
import { HeldCache, type Hold, type Purges } from '../edge/held-cache';
import { cachePolicyFor, entityTagOf } from '../edge/http-caching';
import type { ForwardRequest, ForwardResponse, Upstream } from '../upstreams/upstream';
import { cachedQueryOf } from './micro-cache-query';

/** Headers of a cached answer worth replaying; the rest (dates, request ids) describe one exchange. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'last-modified', 'vary', 'content-language'];

interface StoredAnswer {
  headers: Record<string, string>;
  /** base64: the cache port stores JSON. */
  body: string;
  /** Epoch ms when the shared entry lapses: this replica's decoded copy lapses with it, never later. */
  expiresAt?: number;
  /** What the answer shows, from the service's cache-tag header: a purge of any of them drops it. */
  tags?: string[];
}

/** An answer as this replica replays it: bytes decoded and ETag computed once, not per reader. */
interface DecodedAnswer {
  headers: Record<string, string>;
  body: Buffer;
  /** Until when it is fresh: its shared entry lapses then. */
  freshUntil: number;
  tags: readonly string[];
}

/** What `applies` reads of a request: a read with a credential or a staff assertion is never shared. */
export type SharedReadCheck = Pick<ForwardRequest, 'method' | 'url' | 'headers'>;

/** How long a purge is remembered, so an answer loaded while it happened is not kept (see forward). */
const PURGE_MEMORY_MS = 30_000;

/** How many decoded answers a replica holds at most; each lives about a second. */
const MAX_HELD = 5_000;

/** Thrown out of the loader so an answer that may not be shared is handed back but never stored. */
class NotShared extends Error {
  constructor(readonly response: ForwardResponse) {
    super('not shared');
  }
}

/**
 * The gateway's micro-cache (ARCHITECTURE.md, 'The gateway's edge'): for a moment (`GATEWAY_MICROCACHE_MS`,
 * about a second), every anonymous reader asking for the same public resource gets the answer one of them
 * fetched. One upstream fetch per key at a time however many readers wait (the cache port's single-flight
 * read-through); shared by the gateway's replicas when the cache is Redis. Only resources with a public
 * policy (edge/http-caching.ts), only GETs without a credential, only 200s the service did not mark
 * private. Services name what an answer shows in its `cache-tag` header and publish a purge of those tags
 * when it changes (PURGE_CHANNEL on the cache port, @pulse/contracts cache-purge.ts); every replica then
 * drops its copies and the shared entry, so a changed article does not wait out the TTL. A purge is a
 * hint sent at most once: one lost (Redis away) leaves the entry its TTL. The reader who has just written
 * (a like, a comment) also reads past the micro-cache for a TTL, so a reload shows them their own change
 * even before the purge lands. That memory is per gateway replica. An entry is keyed on the path and the
 * query parameters its endpoint's contract declares; a read carrying any other is refused at the gateway
 * (micro-cache-query.ts), so a random query string reaches the service neither as a miss nor as a 400.
 */
export class MicroCache implements Purges {
  /** Client address → until when its reads skip the micro-cache (it has just written). */
  private readonly recentWriters = new Map<string, number>();
  /**
   * The answers this replica has replayed, until their shared entry lapses. A hit then costs a map lookup:
   * reading the shared entry (a JSON parse, a base64 decode, a SHA-256 for the ETag) was most of what a
   * micro-cached read cost (docs/benchmarks.md 'Reads beside bare Node').
   */
  private readonly decoded: HeldCache<DecodedAnswer>;
  /** Recent purges, oldest first: when each came and which tags it named. */
  private readonly purges: Array<{ at: number; tags: ReadonlySet<string> }> = [];
  /** Others holding tagged copies (the page documents), told of every purge. */
  private readonly purgeListeners: Array<(tags: ReadonlySet<string>) => void> = [];

  /**
   * @param staleMs how long past its TTL a held answer is still replayed while one read refreshes it
   * (GATEWAY_STALE_MS; stale-while-revalidate). Without it, the readers arriving in the moment an entry
   * lapsed all waited for the service: on a busy site that wait, once per key and TTL, was the slowest
   * hundredth of every read (docs/benchmarks.md 'Reads beside bare Node'). A purged answer is never replayed.
   */
  constructor(
    private readonly cache: CacheStore,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly staleMs = 0,
  ) {
    this.decoded = new HeldCache(MAX_HELD, now, this);
  }

  /** Starts taking purges from the services; the returned function stops it (on shutdown). */
  listenForPurges(): Promise<() => Promise<void>> {
    return this.cache.subscribe(PURGE_CHANNEL, (message) => {
      const purge = parsePurge(message);
      if (purge) void this.purge(purge.tags);
    });
  }

  /** Drops every answer showing any of `tags`: this replica's copies and the shared entries of those keys. */
  async purge(tags: readonly string[]): Promise<void> {
    // Kept in time order even if the clock steps back (purgedSince relies on it): a purge noted as later
    // than it was only keeps a few more answers from being held.
    const at = Math.max(this.now(), this.purges.at(-1)?.at ?? 0);
    const named = new Set(tags);
    this.purges.push({ at, tags: named });
    while (this.purges.length > 0 && this.purges[0].at < at - PURGE_MEMORY_MS) this.purges.shift();
    for (const listener of this.purgeListeners) listener(named);
    const keys = this.decoded.purge(named);
    // Every replica hears the purge and deletes the shared entries it holds; the one that loaded an entry
    // holds it, so between them all are gone.
    if (keys.length > 0) await this.cache.del(keys).catch(() => undefined);
  }

  /** Records a write by `client` (any method but GET and HEAD). */
  noteWrite(client: string): void {
    if (this.ttlMs <= 0) return;
    const at = this.now();
    if (this.recentWriters.size > 10_000) {
      for (const [key, until] of this.recentWriters) if (until <= at) this.recentWriters.delete(key);
    }
    this.recentWriters.set(client, at + this.ttlMs);
  }

  /**
   * Whether this request is the micro-cache's to answer: a public read it may share, or any GET of a
   * cacheable resource with a parameter its contract does not take, which forward() refuses for every
   * caller alike (a cache-buster must reach the service neither with nor without a credential).
   */
  applies(request: SharedReadCheck, client: string): boolean {
    if (request.method !== 'GET') return false;
    if (cachePolicyFor(request.url.split('?')[0]) === undefined) return false;
    if ('unknown' in cachedQueryOf(request.url)) return true;
    if (this.ttlMs <= 0) return false;
    if (request.headers.authorization !== undefined) return false;
    // A staff member's reads may show what readers do not see; they are never shared.
    if (request.headers[STAFF_ASSERTION_HEADER] !== undefined) return false;
    return (this.recentWriters.get(client) ?? 0) <= this.now();
  }

  /**
   * The shared answer, or the upstream's own. A cache that cannot answer (Redis away) is a miss in the
   * port's read-through, so a read never fails because of the micro-cache.
   */
  forward(upstream: Upstream, request: ForwardRequest): Promise<ForwardResponse> {
    return this.answer(upstream, request.url, () => request);
  }

  /**
   * As forward, for a request the service needs built only when it is asked (a miss or a refresh): a held
   * answer is most of a busy site's reads, and building the forwarded headers (a copy of the client's,
   * the request id, the traceparent) was a share of each (docs/benchmarks.md 'Reads beside bare Node').
   */
  async answer(upstream: Upstream, url: string, requestOf: () => ForwardRequest): Promise<ForwardResponse> {
    const query = cachedQueryOf(url);
    if ('unknown' in query) return unknownParameters(query.unknown);
    // Keyed on, and forwarded as, the path with the parameters its contract declares (micro-cache-query.ts).
    const forwarded = (): ForwardRequest => {
      const request = requestOf();
      return query.url === request.url ? request : { ...request, url: query.url };
    };
    const key = `gateway:micro:${query.url}`;
    const at = this.now();
    const held = this.decoded.get(key, at);
    if (held) {
      if (held.stale) this.refresh(upstream, forwarded(), key);
      return { statusCode: 200, headers: held.value.headers, body: held.value.body };
    }
    try {
      const request = forwarded();
      const answer = await this.decoded.flight(key, () => this.load(upstream, request, key), this.holdOf);
      return { statusCode: 200, headers: answer.headers, body: answer.body };
    } catch (error) {
      if (error instanceof NotShared) return error.response;
      throw error;
    }
  }

  /**
   * Reads `key` again for the readers still replaying its lapsed copy, unless a read of it is under way. A
   * failed read leaves the copy to its end; an answer that is no longer a shareable 200 (a 404, a private
   * one) drops it, but a service error does not (the copy is better than the error, until it ends).
   */
  private refresh(upstream: Upstream, request: ForwardRequest, key: string): void {
    const load = () =>
      this.load(upstream, request, key).catch((error: unknown) => {
        if (error instanceof NotShared && error.response.statusCode < 500) this.decoded.delete(key);
        throw error;
      });
    this.decoded.refresh(key, load, this.holdOf, () => false);
  }

  /** A decoded answer is held until its shared entry lapses, and replayed stale for staleMs past that. */
  private readonly holdOf = (answer: DecodedAnswer): Hold => ({
    freshMs: answer.freshUntil - this.now(),
    staleMs: this.staleMs,
    tags: answer.tags,
  });

  /** The shared answer of `key`, read through the cache port (one read per key at a time). */
  private async load(upstream: Upstream, request: ForwardRequest, key: string): Promise<DecodedAnswer> {
    const at = this.now();
    const stored = await this.cache.getOrLoad<StoredAnswer>(key, this.ttlMs, async () => {
      const response = await upstream.forward(request);
      if (!shareable(response) || !Buffer.isBuffer(response.body)) throw new NotShared(response);
      // The ETag edge/http-caching.ts would compute over the same bytes, computed once for every replay.
      const headers = { ...keptHeaders(response), etag: entityTagOf(response.body) };
      const tags = tagsOf(response);
      return { headers, body: response.body.toString('base64'), expiresAt: this.now() + this.ttlMs, tags };
    });
    const tags = stored.tags ?? [];
    // An entry stored before expiresAt existed (a rolling upgrade over Redis) is fresh for no longer than a TTL.
    const freshUntil = Math.min(stored.expiresAt ?? at + this.ttlMs, at + this.ttlMs);
    const answer: DecodedAnswer = {
      // The tags go along for the gateway's own readers (a page render); the proxy strips the header.
      headers: tags.length > 0 ? { ...stored.headers, [CACHE_TAG_HEADER]: tags.join(' ') } : stored.headers,
      body: Buffer.from(stored.body, 'base64'),
      freshUntil,
      tags,
    };
    // Fetched before a purge of what it shows landed: it may predate the change. Served to the readers
    // who waited for it, but neither held (HeldCache.hold) nor left shared.
    if (this.purgedSince(at, answer.tags)) await this.cache.del(key).catch(() => undefined);
    return answer;
  }

  /** Tells `listener` the tags of every purge from now on. */
  onPurge(listener: (tags: ReadonlySet<string>) => void): void {
    this.purgeListeners.push(listener);
  }

  /** Whether a purge naming any of `tags` came at or after `at`: what was read since may predate it. */
  purgedSince(at: number, tags: readonly string[]): boolean {
    if (tags.length === 0) return false;
    // Newest first, stopping at the first purge before `at`: the list holds every purge of the last
    // PURGE_MEMORY_MS (thousands on a site taking 100 writes a second), and each load asks about its own
    // moment only; scanning all of them was a few per cent of the gateway's CPU under writes.
    for (let index = this.purges.length - 1; index >= 0; index -= 1) {
      const purge = this.purges[index];
      if (purge.at < at) return false;
      if (tags.some((tag) => purge.tags.has(tag))) return true;
    }
    return false;
  }
}

/** One object for every refusal, so the proxy works out what it passes on once (forward-request.ts). */
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/**
 * The answer the services give a parameter their schema does not take (libs/contracts strictParams, the
 * platform's HttpExceptionFilter): the same status, shape and message, so a client cannot tell who said it.
 */
function unknownParameters(names: readonly string[]): ForwardResponse {
  const body = {
    statusCode: 400,
    error: 'Bad Request',
    message: `unknown parameter(s): ${names.join(', ')}`,
  };
  return {
    statusCode: 400,
    headers: JSON_HEADERS,
    body: Buffer.from(JSON.stringify(body)),
  };
}

function shareable(response: ForwardResponse): boolean {
  if (response.statusCode !== 200 || response.headers['set-cookie'] !== undefined) return false;
  const cacheControl = String(response.headers['cache-control'] ?? '');
  return !/\b(private|no-store)\b/.test(cacheControl);
}

function tagsOf(response: ForwardResponse): string[] {
  const header = response.headers[CACHE_TAG_HEADER];
  return typeof header === 'string' ? header.split(/\s+/).filter(Boolean) : [];
}

function keptHeaders(response: ForwardResponse): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return kept;
}
