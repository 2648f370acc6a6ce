import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { CacheStore, HealthResult } from '@pulse/platform';
import pino, { type Logger } from 'pino';
import { createGatewayApp } from '../src/create-gateway-app';
import { gatewayConfigSchema } from '../src/gateway.config';
import type { ForwardRequest, ForwardResponse, Upstream } from '../src/upstreams/upstream';

type Handler = (request: ForwardRequest) => ForwardResponse | Promise<ForwardResponse>;

/** An upstream service answered by a function, recording what the gateway sent it. */
export class FakeUpstream implements Upstream {
  readonly adapterName = 'fake';
  readonly requests: ForwardRequest[] = [];

  constructor(
    readonly service: string,
    readonly prefixes: readonly string[],
    public handler: Handler,
  ) {}

  async forward(request: ForwardRequest): Promise<ForwardResponse> {
    this.requests.push(request);
    return this.handler(request);
  }

  async check(): Promise<HealthResult> {
    return { ok: true };
  }

  async close(): Promise<void> {}
}

export const jsonResponse = (statusCode: number, body: unknown): ForwardResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(JSON.stringify(body)),
});

/** What the shell's build emits, trimmed: its own title, description and robots, a deferred bundle. */
export const SHELL_INDEX_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<meta name="robots" content="index, follow"><meta name="description" content="shell default">' +
  '<title>펄스 - AI·블록체인 전문 미디어</title><script defer src="/main.1234abcd.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

export interface TestGateway {
  app: NestFastifyApplication;
  base: string;
  close(): Promise<void>;
}

/** A listening gateway over fake upstreams, with a built-looking shell in a temporary FRONTENDS_DIR. */
export async function startTestGateway(options: {
  upstreams: readonly Upstream[];
  env?: Record<string, string>;
  cache?: CacheStore;
  shellHtml?: string | null;
  /** The source of shell/dist/server/render.js, the shell's server render (none when absent). */
  serverBundle?: string;
  /** More files of the built front ends, by path under FRONTENDS_DIR ('trending/dist/mf-manifest.json'). */
  frontendFiles?: Record<string, string>;
  logger?: Logger;
  /** Where to listen: 127.0.0.1 unless a test sends from other addresses ('::' takes IPv6 and IPv4). */
  host?: string;
}): Promise<TestGateway> {
  const frontends = mkdtempSync(path.join(os.tmpdir(), 'pulse-gateway-'));
  if (options.shellHtml !== null) {
    mkdirSync(path.join(frontends, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(frontends, 'shell', 'dist', 'index.html'), options.shellHtml ?? SHELL_INDEX_HTML);
  }
  if (options.serverBundle !== undefined) {
    mkdirSync(path.join(frontends, 'shell', 'dist', 'server'), { recursive: true });
    writeFileSync(path.join(frontends, 'shell', 'dist', 'server', 'render.js'), options.serverBundle);
  }
  for (const [relative, text] of Object.entries(options.frontendFiles ?? {})) {
    mkdirSync(path.dirname(path.join(frontends, relative)), { recursive: true });
    writeFileSync(path.join(frontends, relative), text);
  }
  // Off unless a test asks for it: most tests count what reaches the fake upstreams.
  const config = gatewayConfigSchema.parse({
    FRONTENDS_DIR: frontends,
    GATEWAY_MICROCACHE_MS: '0',
    ...options.env,
  });
  const app = await createGatewayApp({
    config,
    upstreams: options.upstreams,
    ports: options.cache ? { cache: options.cache } : {},
    logger: options.logger ?? pino({ level: 'silent' }),
  });
  await app.listen(0, options.host ?? '127.0.0.1');
  return {
    app,
    base: await app.getUrl(),
    async close() {
      await app.close();
      rmSync(frontends, { recursive: true, force: true });
    },
  };
}

/** A logger whose JSON lines a test can read. */
export function capturingLogger(): { logger: Logger; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const logger = pino({ level: 'info' }, { write: (chunk: string) => chunks.push(chunk) });
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
