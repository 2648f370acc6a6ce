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
 * The events as a text/event-stream body. `no-transform` and `X-Accel-Buffering: no` ask proxies (the
 * gateway streams it on, see gateway/src/proxy/forward-request.ts) not to hold the answer back.
 */
export function eventStream(reply: FastifyReply, events: AsyncIterable<ChatStreamEvent>): Readable {
  void reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no');
  return Readable.from(frames(events));
}

async function* frames(events: AsyncIterable<ChatStreamEvent>): AsyncGenerator<string> {
  try {
    for await (const event of events) yield `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
  } catch {
    // Headers are gone: the failure can only be told in the stream. Logged by the service.
    yield `event: error\ndata: ${JSON.stringify({ type: 'error', message: '답변 중 문제가 생겼습니다. 다시 시도해주세요.' })}\n\n`;
  }
}
