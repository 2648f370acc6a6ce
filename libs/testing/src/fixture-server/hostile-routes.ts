import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { resolveInside, serveFile } from './static-files';

/** What the scripted routes share with the server: byte counters and a place to park timers for close(). */
export interface ScriptContext {
  root: string;
  /** Bytes written per route path, so tests can show a client stopped reading early. */
  bytesSent: Map<string, number>;
  timers: Set<NodeJS.Timeout>;
}

/** The scripted routes, for tests to name instead of spelling paths. */
export const HOSTILE_ROUTES = {
  /** 50 MB (or ?mb=N) of generated text, chunked, no Content-Length; ?announce=1 adds the header. */
  huge: '/_hostile/huge',
  /** One byte every 500 ms (or ?everyMs=N), for as long as the client stays. */
  trickle: '/_hostile/trickle',
  /** A gzip stream of up to 1 GiB of zeros, compressed on the fly: a few hundred bytes per megabyte. */
  gzipBomb: '/_hostile/gzip-bomb',
  redirectTo127_1: '/_hostile/redirect/127-1',
  redirectToMappedMetadata: '/_hostile/redirect/mapped',
  redirectToDecimal: '/_hostile/redirect/decimal',
  redirectLoop: '/_hostile/redirect/loop',
  /** /_hostile/redirect/chain/N redirects N times, then answers 200. */
  redirectChain: (n: number) => `/_hostile/redirect/chain/${n}`,
  /** Redirects to any URL (302). */
  redirectTo: (url: string) => `/_hostile/redirect/to?url=${encodeURIComponent(url)}`,
  status: (code: number) => `/_hostile/status/${code}`,
  /** Headers only after ?ms=N (default 10 s). */
  slowFirstByte: (ms = 10_000) => `/_hostile/slow-first-byte?ms=${ms}`,
  /** A fixture file served with a chosen Content-Type and/or Content-Encoding (gzip, deflate, br). */
  file: (file: string, options: { type?: string; encoding?: 'gzip' | 'deflate' | 'br' } = {}) =>
    `/_scripted/file?${new URLSearchParams({ path: file, ...(options.type ? { type: options.type } : {}), ...(options.encoding ? { encoding: options.encoding } : {}) })}`,
} as const;

const REDIRECT_TARGETS: Record<string, string> = {
  '127-1': 'http://127.1/',
  // 169.254.169.254, the cloud metadata service, written as an IPv4-mapped IPv6 address.
  mapped: 'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
  decimal: 'http://2130706433/',
};

export async function handleScripted(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: ScriptContext,
): Promise<boolean> {
  const { pathname, searchParams } = url;
  const count = (bytes: number) => ctx.bytesSent.set(pathname, (ctx.bytesSent.get(pathname) ?? 0) + bytes);

  if (pathname === '/_scripted/file') {
    const file = resolveInside(ctx.root, searchParams.get('path') ?? '');
    if (!file) return false;
    const encoding = searchParams.get('encoding');
    if (!encoding) return serveFile(req, res, file, { contentType: searchParams.get('type') ?? undefined });
    const { promises: fs } = await import('node:fs');
    const body = await fs.readFile(file).catch(() => undefined);
    if (!body) return false;
    const encoded =
      encoding === 'br'
        ? zlib.brotliCompressSync(body)
        : encoding === 'deflate'
          ? zlib.deflateSync(body)
          : zlib.gzipSync(body);
    res.writeHead(200, {
      'content-type': searchParams.get('type') ?? 'application/xml',
      'content-encoding': encoding,
      'content-length': encoded.length,
    });
    res.end(encoded);
    return true;
  }

  if (pathname === HOSTILE_ROUTES.huge) {
    const total = Number(searchParams.get('mb') ?? 50) * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'A');
    res.writeHead(200, {
      'content-type': 'text/plain',
      ...(searchParams.get('announce') ? { 'content-length': total } : {}),
    });
    // Generated with backpressure: nothing is held in memory, and a client that stops reading stops us.
    let sent = 0;
    const source = new Readable({
      read() {
        if (sent >= total) return this.push(null);
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        count(piece.length);
        this.push(piece);
      },
    });
    source.pipe(res);
    res.on('close', () => source.destroy());
    return true;
  }

  if (pathname === HOSTILE_ROUTES.trickle) {
    const everyMs = Number(searchParams.get('everyMs') ?? 500);
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.write('<');
    count(1);
    const timer = setInterval(() => {
      res.write('x');
      count(1);
    }, everyMs);
    ctx.timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      ctx.timers.delete(timer);
    });
    return true;
  }

  if (pathname === HOSTILE_ROUTES.gzipBomb) {
    const zeros = Buffer.alloc(1024 * 1024);
    let remaining = 1024;
    const source = new Readable({
      read() {
        this.push(remaining-- > 0 ? zeros : null);
      },
    });
    const gzip = zlib.createGzip({ level: 9 });
    res.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' });
    gzip.on('data', (data: Buffer) => count(data.length));
    source.pipe(gzip).pipe(res);
    res.on('close', () => {
      source.destroy();
      gzip.destroy();
    });
    return true;
  }

  const redirect = pathname.match(/^\/_hostile\/redirect\/(.+)$/);
  if (redirect) {
    const [kind, arg] = redirect[1].split('/');
    let location: string | undefined = REDIRECT_TARGETS[kind];
    if (kind === 'loop') location = pathname;
    if (kind === 'to') location = searchParams.get('url') ?? undefined;
    if (kind === 'chain') {
      const left = Number(arg);
      if (!(left > 0)) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('end of the chain');
        return true;
      }
      location = HOSTILE_ROUTES.redirectChain(left - 1);
    }
    if (!location) return false;
    res.writeHead(302, { location, 'content-type': 'text/plain' });
    res.end(`redirecting to ${location}`);
    return true;
  }

  const status = pathname.match(/^\/_hostile\/status\/(\d{3})$/);
  if (status) {
    res.writeHead(Number(status[1]), { 'content-type': 'text/plain' });
    res.end(`scripted ${status[1]}`);
    return true;
  }

  if (pathname === '/_hostile/slow-first-byte') {
    const timer = setTimeout(
      () => {
        ctx.timers.delete(timer);
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('finally');
      },
      Number(searchParams.get('ms') ?? 10_000),
    );
    ctx.timers.add(timer);
    res.on('close', () => {
      clearTimeout(timer);
      ctx.timers.delete(timer);
    });
    return true;
  }
  return false;
}
