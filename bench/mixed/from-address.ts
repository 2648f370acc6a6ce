/**
 * HTTP calls from a chosen loopback source address (127.x.y.z: all of 127/8 is local on Linux), so the
 * mixed bench's seeding, sign-ups and read-back each come from an address of their own, as a crowd's do,
 * while the site's per-address abuse limits stay at their defaults.
 */
import http from 'node:http';

export interface Reply {
  status: number;
  body: unknown;
  /** The cookies the answer set, by name. */
  cookies: Record<string, string>;
}

export function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { from: string; body?: unknown; headers?: Record<string, string> },
): Promise<Reply> {
  const url = new URL(path, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: options.from,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const cookies: Record<string, string> = {};
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const at = pair.indexOf('=');
            if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
          }
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: kept as text.
          }
          resolve({ status: response.statusCode ?? 0, body, cookies });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The n-th address of a /16 of loopback (`127.<block>.0.0`), skipping each /24's .0 and .255. */
export const addressIn = (block: number, n: number): string =>
  `127.${block}.${Math.floor(n / 254)}.${(n % 254) + 1}`;

/** Runs `work` over `items`, at most `width` at a time, keeping the order of the results. */
export async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}
