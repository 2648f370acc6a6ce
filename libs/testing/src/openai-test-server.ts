import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer; the server plays them in the order they were enqueued, one per request. */
export type ScriptedReply =
  | { kind: 'chat'; content: string | null; refusal?: string; finishReason?: string; model?: string }
  | { kind: 'image'; b64: string }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'slow'; delayMs: number; then: ScriptedReply }
  /** Drops the connection without answering: a network error for the client. */
  | { kind: 'reset' }
  /** A reply computed from the request's body: a model that reacts to what the prompt says. */
  | { kind: 'computed'; reply: (body: any) => ScriptedReply }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the client's JSON

export const openAiReply = {
  json: (value: unknown): ScriptedReply => ({ kind: 'chat', content: JSON.stringify(value) }),
  text: (content: string): ScriptedReply => ({ kind: 'chat', content }),
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
