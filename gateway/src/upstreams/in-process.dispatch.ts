import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ForwardRequest, ForwardResponse } from './upstream';

/** A fastify instance's router entry point (`fastify.routing`): what its HTTP server calls per request. */
export type Routing = (request: IncomingMessage, response: ServerResponse) => void;

/** The connection a dispatched request claims: the gateway itself, on loopback (as fastify.inject's). */
class LoopbackSocket extends EventEmitter {
  readonly remoteAddress = '127.0.0.1';
  readonly encrypted = false;
}

/**
 * The request side of a bodiless read, as much of `http.IncomingMessage` as fastify and Nest read: method,
 * URL, lower-cased headers, the socket's address. No stream: a GET or HEAD has no body to parse.
 */
class DispatchedRequest extends EventEmitter {
  readonly httpVersion = '1.1';
  readonly httpVersionMajor = 1;
  readonly httpVersionMinor = 1;
  readonly aborted = false;
  readonly complete = true;
  readonly socket = new LoopbackSocket();
  readonly headers: Record<string, string>;

  constructor(
    readonly method: string,
    public url: string,
    headers: Record<string, string | string[]>,
  ) {
    super();
    const own: Record<string, string> = {};
    for (const name in headers) {
      const value = headers[name];
      own[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    own.host ??= 'localhost:80';
    this.headers = own;
  }
}

/** Statuses whose answer has no body, whatever the handler wrote (as Node's ServerResponse drops it). */
const bodiless = (method: string, status: number) =>
  method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200);

/**
 * The response side: collects what fastify writes (writeHead, setHeader, write, end) and hands the status,
 * headers and bytes over when it ends, then emits 'finish' as a socket write would, so the service's
 * onResponse hooks (its span, its request metric) run as they do over HTTP.
 */
class DispatchedResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  writableEnded = false;
  writableFinished = false;
  destroyed = false;
  readonly writable = true;
  private readonly headers: Record<string, string | string[]> = {};
  private readonly chunks: Buffer[] = [];

  constructor(
    private readonly method: string,
    private readonly settle: (error: Error | undefined, response?: ForwardResponse) => void,
  ) {
    super();
  }

  setHeader(name: string, value: string | number | readonly string[]): this {
    this.headers[name.toLowerCase()] = headerValue(value);
    return this;
  }
  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  getHeaders() {
    return { ...this.headers };
  }
  getHeaderNames() {
    return Object.keys(this.headers);
  }
  hasHeader(name: string): boolean {
    return name.toLowerCase() in this.headers;
  }
  removeHeader(name: string): void {
    delete this.headers[name.toLowerCase()];
  }

  writeHead(
    status: number,
    messageOrHeaders?: string | Record<string, string | number | readonly string[] | undefined>,
    maybeHeaders?: Record<string, string | number | readonly string[] | undefined>,
  ): this {
    const headers = typeof messageOrHeaders === 'string' ? maybeHeaders : messageOrHeaders;
    if (typeof messageOrHeaders === 'string') this.statusMessage = messageOrHeaders;
    this.statusCode = status;
    for (const name in headers) {
      const value = headers[name];
      if (value !== undefined) this.headers[name.toLowerCase()] = headerValue(value);
    }
    this.headersSent = true;
    return this;
  }

  write(
    chunk: string | Buffer | Uint8Array,
    encoding?: BufferEncoding | (() => void),
    done?: () => void,
  ): boolean {
    this.headersSent = true;
    this.collect(chunk, typeof encoding === 'string' ? encoding : undefined);
    const callback = typeof encoding === 'function' ? encoding : done;
    if (callback) process.nextTick(callback);
    return true;
  }

  end(chunk?: unknown, encoding?: unknown, done?: unknown): this {
    if (this.writableEnded) return this;
    const callback = [chunk, encoding, done].find((argument) => typeof argument === 'function') as
      (() => void) | undefined;
    if (typeof chunk === 'string' || chunk instanceof Uint8Array)
      this.collect(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined);
    this.headersSent = true;
    this.writableEnded = true;
    const body = bodiless(this.method, this.statusCode)
      ? Buffer.alloc(0)
      : this.chunks.length === 1
        ? this.chunks[0]
        : Buffer.concat(this.chunks);
    this.settle(undefined, { statusCode: this.statusCode, headers: this.headers, body });
    process.nextTick(() => {
      this.writableFinished = true;
      this.emit('finish');
      this.emit('close');
      callback?.();
    });
    return this;
  }

  destroy(error?: Error): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (!this.writableEnded) this.settle(error ?? new Error('the service dropped the response'));
    process.nextTick(() => this.emit('close'));
    return this;
  }

  // Streams piped into the response (Readable.pipe) ask for these.
  cork(): void {}
  uncork(): void {}
  flushHeaders(): void {
    this.headersSent = true;
  }

  private collect(chunk: string | Uint8Array, encoding: BufferEncoding | undefined): void {
    if (typeof chunk === 'string') this.chunks.push(Buffer.from(chunk, encoding));
    else if (chunk.length > 0) this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
}

function headerValue(value: string | number | readonly string[]): string | string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value);
}

/**
 * Hands a bodiless request (GET, HEAD) to a service's router in this process and resolves with its answer.
 * The service runs its whole request pipeline (hooks, Nest guards, pipes, error filter, serialisation) as
 * it would for a request off a socket; what is skipped is the HTTP simulation fastify.inject adds around it
 * (a Readable request, a full ServerResponse, header strings built and parsed back), which cost a quarter of
 * an embedded article read (docs/benchmarks.md 'Reads beside bare Node'). Writes and event streams still go through fastify.inject.
 */
export function dispatch(
  routing: Routing,
  request: ForwardRequest,
  headers: Record<string, string | string[]>,
) {
  return new Promise<ForwardResponse>((resolve, reject) => {
    const incoming = new DispatchedRequest(request.method.toUpperCase(), request.url, headers);
    const response = new DispatchedResponse(incoming.method, (error, answer) =>
      error ? reject(error) : resolve(answer as ForwardResponse),
    );
    routing(incoming as unknown as IncomingMessage, response as unknown as ServerResponse);
  });
}
