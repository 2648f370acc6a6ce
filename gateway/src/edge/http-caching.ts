import { createHash } from 'node:crypto';
import { remembered } from '@pulse/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long a shared cache (a CDN) and a browser may keep each public resource, in seconds. `sMaxAge` is
 * the CDN's; `staleWhileRevalidate` how long a cache may serve its copy while it fetches a fresh one;
 * the browser's max-age is 0 everywhere: the front ends keep their own short-lived query cache, and a
 * reader who has just liked or commented must not get an older copy from the browser on reload (a
 * revalidation with the ETag costs a 304 and no body). Articles change rarely once published; lists and
 * rankings every few minutes (ingestion runs every 15, trending recomputes continuously); sources, badges
 * and analyses by hand.
 */
interface CachePolicy {
  path: RegExp;
  sMaxAge: number;
  staleWhileRevalidate: number;
}

const POLICIES: readonly CachePolicy[] = [
  // One article or analysis, the same bytes for every reader (liked state is its own call).
  {
    path: /^\/api\/articles\/(?!search|archive|category|related)[^/]+$/,
    sMaxAge: 300,
    staleWhileRevalidate: 600,
  },
  { path: /^\/api\/tech-analysis\/[^/]+$/, sMaxAge: 300, staleWhileRevalidate: 600 },
  { path: /^\/api\/articles\/related\/[^/]+$/, sMaxAge: 300, staleWhileRevalidate: 600 },
  // Lists, search and rankings: fresh within a minute.
  { path: /^\/api\/content\/(news|insights)$/, sMaxAge: 60, staleWhileRevalidate: 300 },
  {
    path: /^\/api\/articles\/(search|archive|category\/[^/]+)$/,
    sMaxAge: 60,
    staleWhileRevalidate: 300,
  },
  { path: /^\/api\/tech-analysis$/, sMaxAge: 60, staleWhileRevalidate: 300 },
  // A story's timeline grows as sources join it, like a list; content purges it when one does.
  { path: /^\/api\/stories\/[^/]+$/, sMaxAge: 60, staleWhileRevalidate: 300 },
  {
    path: /^\/api\/trending\/(hot-topics|popular|rising|stats)$/,
    sMaxAge: 30,
    staleWhileRevalidate: 60,
  },
  { path: /^\/api\/sidebar-data(\/full)?$/, sMaxAge: 60, staleWhileRevalidate: 300 },
  { path: /^\/api\/sources$/, sMaxAge: 600, staleWhileRevalidate: 3600 },
  // Ingestion's sources with their run state, and its run records: they change with every run.
  { path: /^\/api\/ingestion\/sources(\/[^/]+)?$/, sMaxAge: 60, staleWhileRevalidate: 300 },
  { path: /^\/api\/ingestion\/runs$/, sMaxAge: 30, staleWhileRevalidate: 120 },
  { path: /^\/api\/community\/badges$/, sMaxAge: 600, staleWhileRevalidate: 3600 },
  // The community's questions about an article's story: the same list for every reader.
  { path: /^\/api\/community\/articles\/[^/]+\/questions$/, sMaxAge: 30, staleWhileRevalidate: 120 },
  // Questions, one question and its answers: the same for every reader (their votes and views are their
  // own calls); answers and votes arrive by the minute, and community purges the micro-cache on each.
  { path: /^\/api\/community\/questions$/, sMaxAge: 30, staleWhileRevalidate: 120 },
  { path: /^\/api\/community\/questions\/[^/]+(\/answers)?$/, sMaxAge: 30, staleWhileRevalidate: 120 },
  // An article's comment threads: the same for every reader (their reactions are the reader-state call's);
  // community purges the article's comments tag on every change under it.
  { path: /^\/api\/community\/articles\/[^/]+\/comments$/, sMaxAge: 30, staleWhileRevalidate: 120 },
  // A question's or an answer's versions: the same for every reader; an edit purges the question's tag.
  {
    path: /^\/api\/community\/(questions|answers)\/[^/]+\/revisions$/,
    sMaxAge: 30,
    staleWhileRevalidate: 120,
  },
  // The newsletter's archive: at most a daily and a weekly edition a day, frozen once made.
  { path: /^\/api\/newsletter\/editions(\/[^/]+)?$/, sMaxAge: 300, staleWhileRevalidate: 600 },
];

/**
 * The headers of a policy. Browsers read Cache-Control: max-age=0, so they revalidate every time (a 304
 * when nothing changed). `stale-while-revalidate` goes only into CDN-Cache-Control (RFC 9213), which
 * browsers ignore: in Cache-Control a browser would show its stale copy on a reload, so a reader who had
 * just liked an article would see the old count.
 */
export interface EdgeCacheHeaders {
  cacheControl: string;
  cdnCacheControl: string;
}

const headersOf = (policy: CachePolicy): EdgeCacheHeaders => ({
  cacheControl: `public, max-age=0, s-maxage=${policy.sMaxAge}`,
  cdnCacheControl: `max-age=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`,
});

/** Page documents: the same bytes for every reader, a minute at the CDN. */
export const DOCUMENT_CACHE = headersOf({ path: /^/, sMaxAge: 60, staleWhileRevalidate: 300 });

/** Each policy with its headers, built once rather than per request. */
const POLICY_HEADERS = POLICIES.map((policy) => ({ path: policy.path, headers: headersOf(policy) }));

/** The policy for a public API path, if it has one (asked on every read, so remembered: remembered.ts). */
export const cachePolicyFor: (path: string) => EdgeCacheHeaders | undefined = remembered(
  (path) => POLICY_HEADERS.find((candidate) => candidate.path.test(path))?.headers,
);

/** A strong validator: the same bytes give the same tag on every replica. */
export function entityTagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 §13.1.2: `*`, or any listed tag (weak comparison, so `W/"x"` matches `"x"`). */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

const isPrivate = (cacheControl: unknown) =>
  typeof cacheControl === 'string' && /\b(private|no-store)\b/.test(cacheControl);

/**
 * Makes public reads cacheable (ARCHITECTURE.md, 'The gateway's edge'): a successful GET or HEAD whose
 * service did not mark it private gets its resource's Cache-Control (when the service set none) and a
 * strong ETag over its bytes; a request that already holds those bytes (If-None-Match) gets 304 with no
 * body. Streams (static files, which carry their own validators) pass untouched.
 */
export function registerHttpCaching(fastify: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer, and an async hook costs a promise and a
  // turn of the microtask queue each.
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    done(null, withValidator(request, reply, payload));
  });
}

function withValidator(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  if (reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const cacheControl = reply.getHeader('cache-control');
  if (isPrivate(cacheControl) || reply.getHeader('set-cookie') !== undefined) return payload;
  if (cacheControl === undefined && request.url.startsWith('/api/')) {
    const policy = cachePolicyFor(request.url.split('?')[0]);
    if (policy)
      reply.header('cache-control', policy.cacheControl).header('cdn-cache-control', policy.cdnCacheControl);
  }
  const existing = reply.getHeader('etag');
  const tag = typeof existing === 'string' ? existing : entityTagOf(payload);
  reply.header('etag', tag);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], tag)) return payload;
  reply.code(304);
  reply.removeHeader('content-length');
  reply.removeHeader('content-type');
  return '';
}
