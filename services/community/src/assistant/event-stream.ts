import { Readable } from 'node:stream';
import type { ChatStreamEvent } from '@pulse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the client asked for server-sent events (the assistant's streamed answer). */
export const wantsEventStream = (accept: string | undefined): boolean =>
  typeof accept === 'string' && accept.toLowerCase().includes('text/event-stream');

/** Aborts when the client goes away, so an answer nobody reads stops costing tokens. */
export function closedSignal(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete || request.raw.destroyed) controller.abort();
  });
  request.raw.socket?.once('close', () => controller.abort());
  return controller.signal;
}

/**
 * How long the stream may stay silent before a comment line is sent. Before the model's first word the
 * LLM client may wait for a free slot and for retries (Retry-After, up to a minute), while the gateway
 * (UPSTREAM_TIMEOUT_MS, 15 s between body chunks) and load balancers drop a connection that goes quiet.
 */
export const KEEP_ALIVE_MS = 5_000;

/** An SSE comment: it keeps the connection busy and readers skip it (it has no `data:` line). */
const KEEP_ALIVE = ': keep-alive\n\n';

const ERROR_FRAME = `event: error\ndata: ${JSON.stringify({ type: 'error', message: '답변 중 문제가 생겼습니다. 다시 시도해주세요.' })}\n\n`;

/**
 * The events as a text/event-stream body. `no-transform` and `X-Accel-Buffering: no` ask proxies (the
 * gateway streams it on, see gateway/src/proxy/forward-request.ts) not to hold the answer back.
 */
export function eventStream(
  reply: FastifyReply,
  events: AsyncIterable<ChatStreamEvent>,
  keepAliveMs = KEEP_ALIVE_MS,
): Readable {
  void reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no');
  return Readable.from(frames(events, keepAliveMs));
}

/** The frames of the events, with a keep-alive comment whenever the next event takes `keepAliveMs`. */
async function* frames(
  events: AsyncIterable<ChatStreamEvent>,
  keepAliveMs = KEEP_ALIVE_MS,
): AsyncGenerator<string> {
  const source = events[Symbol.asyncIterator]();
  // Async, so that a next() that throws rather than rejects also ends in the error frame.
  const pull = async () => source.next();
  // Until the source ends, it may hold an LLM call and a slot: a reader who leaves must release them.
  let open = true;
  let pending: Promise<IteratorResult<ChatStreamEvent>> | undefined;
  try {
    pending = pull();
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const silence = new Promise<typeof KEEP_ALIVE>((resolve) => {
        timer = setTimeout(resolve, keepAliveMs, KEEP_ALIVE);
      });
      let next: IteratorResult<ChatStreamEvent> | typeof KEEP_ALIVE;
      try {
        // The same pending next() is raced again after a keep-alive: it is never asked for twice.
        next = await Promise.race([pending, silence]);
      } catch {
        open = false;
        // Headers are gone: the failure can only be told in the stream. Logged by the service.
        yield ERROR_FRAME;
        return;
      } finally {
        clearTimeout(timer);
      }
      if (next === KEEP_ALIVE) {
        yield KEEP_ALIVE;
        continue;
      }
      if (next.done) {
        open = false;
        return;
      }
      yield `event: ${next.value.type}\ndata: ${JSON.stringify(next.value)}\n\n`;
      pending = pull();
    }
  } finally {
    // Not awaited: with a next() still pending, return() waits for it, and the stream's close must not.
    // That next() may still fail (the aborted LLM call): nobody is left to hear it.
    if (open) {
      void pending?.catch(() => undefined);
      void source.return?.().catch(() => undefined);
    }
  }
}
