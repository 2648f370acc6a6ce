import type { Readable } from 'node:stream';
import type { Adapter, HealthResult } from '@pulse/platform';

export interface ForwardRequest {
  method: string;
  /** Path and query, e.g. '/api/content/news?limit=12'. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
}

export interface ForwardResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** A stream for server-sent events (passed on as it arrives, never buffered); bytes otherwise. */
  body: Buffer | Readable;
}

/** Server-sent events (the community assistant's answers) are streamed through, not buffered. */
export const isEventStream = (headers: Record<string, string | string[] | undefined>): boolean =>
  String(headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('text/event-stream');
export const acceptsEventStream = (headers: Record<string, string | string[] | undefined>): boolean =>
  String(headers.accept ?? '')
    .toLowerCase()
    .includes('text/event-stream');

/**
 * A service behind the gateway. Over HTTP when services run as their own processes, in-process in
 * embedded mode; the proxy and /readyz treat both alike. As an Adapter, /readyz checks its /readyz.
 */
export interface Upstream extends Adapter {
  readonly service: string;
  readonly prefixes: readonly string[];
  forward(request: ForwardRequest): Promise<ForwardResponse>;
}

/** The code a failed request's error carries: Node's for the socket (ECONNREFUSED), undici's own (UND_ERR_*). */
export const errorCodeOf = (error: unknown): unknown => (error as { code?: unknown } | undefined)?.code;

/** undici's errors for a service that took the request but did not answer within the timeout. */
const TIMEOUT_CODES = new Set<unknown>(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
export const isUpstreamTimeout = (error: unknown): boolean => TIMEOUT_CODES.has(errorCodeOf(error));

/** Headers that describe one hop, not the message; never forwarded (RFC 9110 §7.6.1). */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

export function withoutHopByHop(headers: ForwardRequest['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) out[name.toLowerCase()] = value;
  }
  return out;
}

/**
 * Reads an upstream /readyz answer into a health result with the reason an operator needs. 'degraded'
 * (200: serving, something it can do without is missing) stays degraded here, so the gateway's /readyz
 * names it without leaving rotation.
 */
export function readinessFrom(service: string, statusCode: number, body: string): HealthResult {
  const reason = `${service} /readyz answered ${statusCode}: ${body.slice(0, 300)}`;
  if (statusCode !== 200) return { ok: false, reason };
  return statusOf(body) === 'degraded' ? { ok: false, degraded: true, reason } : { ok: true };
}

function statusOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { status?: unknown }).status;
  } catch {
    return undefined;
  }
}
