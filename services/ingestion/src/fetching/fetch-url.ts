import type { LookupAddress } from 'node:dns';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type { FetchFailureReason, FetchOutcome, FetchRequest } from '../pipeline/pipeline.types';
import { decodeContentEncoding, readLimited, UnsupportedEncodingError } from './byte-limit';
import { decodeBody } from './charset';
import { BlockedAddressError, pinnedLookup, systemResolver, vetHost, type Resolver } from './safe-lookup';

export const FETCH_DEFAULTS = {
  connectTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  /** Generous for a feed or an article page, small enough that a hostile body cannot hurt. */
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export const USER_AGENT = 'PulseBot/1.0 (+https://pulse.example/bot)';

const ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, ' +
  'application/json;q=0.9, text/html;q=0.8, */*;q=0.5';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface FetcherDependencies {
  /** DNS resolution for the SSRF guard (default: the system resolver, all addresses). */
  resolve?: Resolver;
  /**
   * Test seam: maps an address the guard has already accepted to the one actually dialled, so a test can
   * play a "public" host with the fixture server on loopback. Production leaves it out (identity). It runs
   * after the check, so it cannot be used to smuggle a refused address past the guard.
   */
  dialAddress?: (vetted: LookupAddress, hostname: string) => LookupAddress;
  /** Called as body bytes arrive (decompressed), for metrics and for the tests of the byte cap. */
  onBodyProgress?: (bytesRead: number) => void;
  userAgent?: string;
}

export type FetchUrl = (request: FetchRequest) => Promise<FetchOutcome>;

/** Everything that ends a fetch early, carried to the single catch that turns it into a `failed` outcome. */
class FetchFailure extends Error {
  constructor(
    readonly reason: FetchFailureReason,
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Builds a fetcher; `fetchUrl` below is the production one. */
export function createFetcher(deps: FetcherDependencies = {}): FetchUrl {
  return (fetchRequest) => fetchOnce(fetchRequest, deps);
}

/** GETs a URL under the SSRF guard and the limits of the request. Never throws. */
export const fetchUrl: FetchUrl = createFetcher();

async function fetchOnce(req: FetchRequest, deps: FetcherDependencies): Promise<FetchOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const limits = {
    connectTimeoutMs: positive(req.connectTimeoutMs, FETCH_DEFAULTS.connectTimeoutMs),
    totalTimeoutMs: positive(req.totalTimeoutMs, FETCH_DEFAULTS.totalTimeoutMs),
    maxBytes: positive(req.maxBytes, FETCH_DEFAULTS.maxBytes),
    maxRedirects: nonNegative(req.maxRedirects, FETCH_DEFAULTS.maxRedirects),
  };
  const allowPrivateNetwork = req.allowPrivateNetwork === true;
  const resolve = deps.resolve ?? systemResolver;

  // One deadline for the whole fetch — DNS, every hop, headers and body — so a trickling body or a slow
  // chain of redirects cannot outlive it.
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), limits.totalTimeoutMs);
  // Hosts vetted for this fetch and the addresses to dial for them; the agent's lookup answers only from here.
  const pins = new Map<string, LookupAddress[]>();
  // An agent per fetch: its pinned lookup is this fetch's, and nothing (sockets, DNS answers) leaks into the
  // next source's fetch.
  const agent = new Agent({
    connect: { lookup: pinnedLookup(pins), timeout: limits.connectTimeoutMs },
    headersTimeout: limits.totalTimeoutMs,
    bodyTimeout: limits.totalTimeoutMs,
  });

  try {
    let url = parseUrl(req.url);
    for (let hop = 0; ; hop++) {
      assertFetchable(url);
      const hostname = url.hostname;
      const vetted = await abortable(vetHost(hostname, { resolve, allowPrivateNetwork }), controller.signal);
      const dialled = deps.dialAddress ? vetted.map((a) => deps.dialAddress!(a, hostname)) : vetted;
      pins.set(hostname, dialled);
      pins.set(hostname.replace(/^\[|\]$/g, ''), dialled);

      // undici 7's core request() never follows redirects (that needs the redirect interceptor, which we do
      // not compose in — the equivalent of maxRedirections: 0): we follow them here, re-vetting every hop.
      const response = await request(url, {
        method: req.form ? 'POST' : 'GET',
        dispatcher: agent,
        signal: controller.signal,
        headers: requestHeaders(req, deps.userAgent ?? USER_AGENT),
        ...(req.form ? { body: new URLSearchParams(req.form).toString() } : {}),
      });
      const { statusCode, headers, body } = response;
      // Destroying an unfinished undici body emits RequestAbortedError; we destroy bodies on purpose (redirects,
      // errors, the cap), so that event must not become an unhandled 'error'. Readers still see real errors.
      body.on('error', () => undefined);
      const header = (name: string) => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      };

      // A form is not re-posted elsewhere: a hub that moves answers as a failure.
      if (REDIRECT_STATUSES.has(statusCode) && !req.form) {
        body.destroy();
        const location = header('location');
        if (!location)
          throw new FetchFailure('http-status', `${statusCode} without a Location header`, statusCode);
        if (hop >= limits.maxRedirects) {
          throw new FetchFailure(
            'too-many-redirects',
            `more than ${limits.maxRedirects} redirects (last to ${location})`,
            statusCode,
          );
        }
        url = parseUrl(location, url);
        continue;
      }
      if (statusCode === 304) {
        body.destroy();
        return { kind: 'not-modified', status: 304, finalUrl: url.href, durationMs: elapsed() };
      }
      if (statusCode < 200 || statusCode >= 300) {
        body.destroy();
        throw new FetchFailure('http-status', `HTTP ${statusCode} from ${url.href}`, statusCode);
      }

      const contentEncoding = header('content-encoding');
      const declaredLength = Number(header('content-length'));
      // An honest server that announces too much is refused before a byte is read.
      if (!contentEncoding && Number.isFinite(declaredLength) && declaredLength > limits.maxBytes) {
        body.destroy();
        throw new FetchFailure(
          'too-large',
          `Content-Length ${declaredLength} exceeds the cap of ${limits.maxBytes} bytes`,
          statusCode,
        );
      }
      const stream = decodeContentEncoding(body, contentEncoding);
      const read = await readLimited(stream, limits.maxBytes, deps.onBodyProgress);
      if (read.kind === 'too-large') {
        body.destroy();
        stream.destroy();
        throw new FetchFailure(
          'too-large',
          `body exceeded the cap of ${limits.maxBytes} bytes${contentEncoding ? ' (decompressed)' : ''}; stopped after ${read.bytesRead}`,
          statusCode,
        );
      }

      const contentType = header('content-type');
      const decoded = decodeBody(read.body, contentType);
      const etag = header('etag');
      const lastModified = header('last-modified');
      const links = headers.link;
      const link = Array.isArray(links) ? links.join(', ') : links;
      return {
        kind: 'fetched',
        status: statusCode,
        finalUrl: url.href,
        ...(contentType ? { contentType } : {}),
        text: decoded.text,
        charset: decoded.charset,
        bytes: read.bytes,
        ...(etag ? { etag } : {}),
        ...(lastModified ? { lastModified } : {}),
        ...(link ? { link } : {}),
        ...(decoded.warning ? { warnings: [decoded.warning] } : {}),
        durationMs: elapsed(),
      };
    }
  } catch (error) {
    const failure = classify(error, controller.signal.aborted, limits.totalTimeoutMs);
    return {
      kind: 'failed',
      reason: failure.reason,
      ...(failure.status !== undefined ? { status: failure.status } : {}),
      ...(failure.code !== undefined ? { code: failure.code } : {}),
      message: failure.message,
      durationMs: elapsed(),
    };
  } finally {
    clearTimeout(deadline);
    await agent.destroy().catch(() => undefined);
  }
}

function requestHeaders(req: FetchRequest, userAgent: string): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': userAgent,
    accept: ACCEPT,
    'accept-encoding': 'gzip, deflate, br',
  };
  if (req.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (req.etag) headers['if-none-match'] = req.etag;
  if (req.lastModified) headers['if-modified-since'] = req.lastModified;
  return headers;
}

function parseUrl(raw: string, base?: URL): URL {
  try {
    return new URL(raw, base);
  } catch {
    throw new FetchFailure('bad-url', `not a URL: ${JSON.stringify(String(raw).slice(0, 200))}`);
  }
}

function assertFetchable(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchFailure('bad-url', `scheme ${url.protocol} refused (only http and https)`);
  }
  // Credentials in a URL end up in logs and would be sent to whoever a redirect points at.
  if (url.username || url.password) throw new FetchFailure('bad-url', 'credentials in URLs are refused');
  if (!url.hostname) throw new FetchFailure('bad-url', `no host in ${url.href}`);
}

/** Lets the deadline end a DNS lookup that hangs (dns.lookup itself cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function classify(error: unknown, timedOut: boolean, totalTimeoutMs: number): FetchFailure {
  if (error instanceof FetchFailure) return error;
  const blocked = findCause(error, (e) => e instanceof BlockedAddressError);
  if (blocked) return new FetchFailure('blocked-address', blocked.message);
  if (timedOut) return new FetchFailure('timeout', `no complete response within ${totalTimeoutMs} ms`);
  const code = (
    findCause(error, (e) => typeof (e as { code?: unknown }).code === 'string') as
      { code?: string } | undefined
  )?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new FetchFailure('timeout', `connect timeout: ${message}`);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return new FetchFailure('timeout', message);
  if (error instanceof UnsupportedEncodingError || code?.startsWith('Z_') || code?.startsWith('ERR_BROTLI')) {
    return new FetchFailure('decode', `could not decode the body: ${message}`);
  }
  return new FetchFailure('network', code ? `${code}: ${message}` : message, undefined, code);
}

function findCause(error: unknown, predicate: (e: Error) => boolean): Error | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (predicate(e)) return e;
  }
  return undefined;
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegative(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}
