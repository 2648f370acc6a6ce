import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer; the server plays them in the order they were enqueued, one per request. */
export type ScriptedReply =
  | {
      kind: 'chat';
      content: string | null;
      refusal?: string;
      finishReason?: string;
      model?: string;
      /** How a streamed request receives the content: these pieces in order (default: about 3 pieces). */
      parts?: string[];
      /** Pause between streamed pieces, so a client can be seen showing text before the end. */
      partDelayMs?: number;
    }
  | { kind: 'image'; b64: string }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'slow'; delayMs: number; then: ScriptedReply }
  /** Drops the connection without answering: a network error for the client. */
  | { kind: 'reset' }
  /** A server-sent event stream written exactly as given, one write per chunk, a few ms apart. */
  | { kind: 'sse'; chunks: Array<string | Buffer> }
  /** A reply computed from the request's body: a model that reacts to what the prompt says. */
  | { kind: 'computed'; reply: (body: any) => ScriptedReply }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the client's JSON

export const openAiReply = {
  json: (value: unknown): ScriptedReply => ({ kind: 'chat', content: JSON.stringify(value) }),
  text: (content: string): ScriptedReply => ({ kind: 'chat', content }),
  /** Text that a streamed request receives in these pieces, `delayMs` apart. */
  streamed: (parts: string[], delayMs = 0): ScriptedReply => ({
    kind: 'chat',
    content: parts.join(''),
    parts,
    partDelayMs: delayMs,
  }),
  /** Structured output cut short: what a model does when it hits its token limit. */
  malformedJson: (): ScriptedReply => ({
    kind: 'chat',
    content: '{"title": "오픈AI, 새 모델 발표',
    finishReason: 'length',
  }),
  refusal: (why: string): ScriptedReply => ({ kind: 'chat', content: null, refusal: why }),
  status: (status: number, headers?: Record<string, string>): ScriptedReply => ({
    kind: 'status',
    status,
    headers,
    body: { error: { message: `scripted ${status}`, type: 'test' } },
  }),
  rateLimited: (retryAfter: Record<string, string> = { 'retry-after': '1' }): ScriptedReply =>
    openAiReply.status(429, retryAfter),
  slow: (delayMs: number, then: ScriptedReply): ScriptedReply => ({ kind: 'slow', delayMs, then }),
  reset: (): ScriptedReply => ({ kind: 'reset' }),
  /** Raw event-stream bytes, so a test decides where the network splits events, lines and characters. */
  eventStream: (chunks: Array<string | Buffer>): ScriptedReply => ({ kind: 'sse', chunks }),
  image: (bytes: Buffer): ScriptedReply => ({ kind: 'image', b64: bytes.toString('base64') }),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the client's JSON
  computed: (reply: (body: any) => ScriptedReply): ScriptedReply => ({ kind: 'computed', reply }),
};

export interface RecordedRequest {
  method: string;
  /** Path below the base URL, e.g. /chat/completions. */
  path: string;
  headers: IncomingHttpHeaders;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever JSON the client sent
  receivedAt: number;
}

export interface OpenAiTestServer {
  /** Base URL to configure as LLM_BASE_URL (ends in /v1, like OpenAI's). */
  baseUrl: string;
  requests: RecordedRequest[];
  enqueue(...replies: ScriptedReply[]): void;
  /** Forgets recorded requests and unplayed replies, between tests. */
  reset(): void;
  close(): Promise<void>;
}

/** An OpenAI-compatible HTTP API for tests: chat completions and image generations, scripted per test. */
export async function startOpenAiTestServer(): Promise<OpenAiTestServer> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedReply[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '').replace(/^\/v1/, '');
      requests.push({
        method: req.method ?? '',
        path,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : undefined,
        receivedAt: Date.now(),
      });
      play(
        queue.shift() ?? {
          kind: 'status',
          status: 400,
          body: { error: { message: `test server: no reply scripted for ${path}` } },
        },
      );
    });

    function play(scripted: ScriptedReply): void {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      };
      switch (scripted.kind) {
        case 'chat':
          if (requests.at(-1)?.body?.stream === true) return streamChat(scripted);
          return send(200, {
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            model: scripted.model ?? requests.at(-1)?.body?.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: scripted.content, refusal: scripted.refusal ?? null },
                finish_reason: scripted.finishReason ?? 'stop',
              },
            ],
            usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
          });
        case 'image':
          return send(200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: scripted.b64 }] });
        case 'status':
          return send(scripted.status, scripted.body ?? {}, scripted.headers);
        case 'reset':
          return void req.socket.destroy();
        case 'sse':
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          return writeApart(scripted.chunks);
        case 'computed':
          return play(scripted.reply(requests.at(-1)?.body));
        case 'slow': {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!res.destroyed) play(scripted.then);
          }, scripted.delayMs);
          timers.add(timer);
        }
      }
    }

    /** One write per chunk with a pause between, so the client most likely reads them as separate chunks. */
    function writeApart(chunks: Array<string | Buffer>): void {
      if (res.destroyed) return;
      const [first, ...rest] = chunks;
      if (first === undefined) return void res.end();
      res.write(first);
      const timer = setTimeout(() => {
        timers.delete(timer);
        writeApart(rest);
      }, 5);
      timers.add(timer);
    }

    /** A chat completion as OpenAI streams it: SSE chunks of deltas, a usage chunk when asked, [DONE]. */
    function streamChat(scripted: Extract<ScriptedReply, { kind: 'chat' }>): void {
      const body = requests.at(-1)?.body;
      const model = scripted.model ?? body?.model;
      const id = `chatcmpl-${requests.length}`;
      const content = scripted.content ?? '';
      const parts = scripted.parts ?? splitInThree(content);
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      // The pause falls between content pieces only: the first piece is sent at once.
      const paused = new Set(parts.slice(0, -1).map((part) => chunk({ content: part }, null)));
      const events = [
        chunk({ role: 'assistant', content: '' }, null),
        ...(scripted.refusal ? [chunk({ refusal: scripted.refusal }, null)] : []),
        ...parts.map((part) => chunk({ content: part }, null)),
        chunk({}, scripted.finishReason ?? 'stop'),
        ...(body?.stream_options?.include_usage
          ? [
              `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model, choices: [], usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 } })}\n\n`,
            ]
          : []),
        'data: [DONE]\n\n',
      ];
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const next = (index: number) => {
        if (res.destroyed) return;
        if (index >= events.length) return void res.end();
        res.write(events[index]);
        if (!scripted.partDelayMs || !paused.has(events[index])) return next(index + 1);
        const timer = setTimeout(() => {
          timers.delete(timer);
          next(index + 1);
        }, scripted.partDelayMs);
        timers.add(timer);
      };
      next(0);
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
    },
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function splitInThree(text: string): string[] {
  const chars = [...text];
  const size = Math.max(1, Math.ceil(chars.length / 3));
  const parts: string[] = [];
  for (let start = 0; start < chars.length; start += size)
    parts.push(chars.slice(start, start + size).join(''));
  return parts;
}
