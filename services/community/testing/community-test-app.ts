import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  EmbeddedSearchIndex,
  InProcessEventBus,
  MemoryCacheStore,
  OffLanguageModel,
  type LanguageModel,
  type PortSet,
  type Clock,
} from '@pulse/platform';
import { TestClock } from '@pulse/testing';
import pino from 'pino';
import { CommunityModule } from '../src/community.module';
import { communityService } from '../src/community.service-definition';
import { startContentApiStub } from './content-api-stub';

const logger = pino({ level: 'silent' });
export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/** A settable clock for tests. */
export function testClock(start: number | string = '2026-03-02T03:00:00.000Z'): TestClock {
  return new TestClock(start);
}

export interface CommunityTestOptions {
  clock?: Clock;
  env?: Record<string, string>;
  /** Reopen another app's data folder (a restart); the folder is then left for its owner to remove. */
  dataDir?: string;
  /** The LLM port (default: off, so the assistant runs in search-only mode). */
  llm?: LanguageModel;
}

/** Content's read API in a service test: `publish(id)` makes an article exist, as content would serve it. */
export type ContentStub = Awaited<ReturnType<typeof startContentApiStub>>;

/** A parsed response body, read field by field in tests that assert its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyBody = any;

export interface Reply<T = AnyBody> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A signed-in identity as a client holds it: the Bearer token, or the cookies and CSRF value. */
export interface TestIdentity {
  id: string;
  displayName: string;
  token: string;
  sessionId: string;
  cookie: string;
  csrf: string;
  bearer: Record<string, string>;
  /** The address it signed up from: a test acting "from its own network" sends its requests from it. */
  ip: string;
}

/**
 * The community service on embedded adapters (in-process bus, embedded store and search, memory cache),
 * for service tests: requests through fastify injection, with helpers for identities.
 */
export async function startCommunityTestApp(options: CommunityTestOptions = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'pulse-community-'));
  const saved = { ...process.env };
  // Content's read API, unless the test brings its own: empty until the test publishes articles.
  const content = options.env?.COMMUNITY_CONTENT_URL ? undefined : await startContentApiStub();
  Object.assign(process.env, {
    ADMIN_TOKEN,
    ...(content ? { COMMUNITY_CONTENT_URL: content.url } : {}),
    COMMUNITY_IDENTITIES_PER_IP_HOUR: '1000',
    COMMUNITY_POSTS_PER_IP_10MIN: '1000',
    COMMUNITY_VOTES_PER_IP_MINUTE: '10000',
    ...options.env,
  });
  const bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  const store = await EmbeddedDocumentStore.open({ dataDir });
  const search = new EmbeddedSearchIndex();
  const cache = new MemoryCacheStore();
  const ports: PortSet = { bus, store, search, cache, llm: options.llm ?? new OffLanguageModel() };
  const definition = { ...communityService, module: CommunityModule.withClock(options.clock) };
  const app: NestFastifyApplication = await createServiceApp(definition, ports, logger);
  let ipSerial = 0;

  async function request<T = AnyBody>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    init: { body?: unknown; headers?: Record<string, string>; ip?: string } = {},
  ): Promise<Reply<T>> {
    const response = await app.inject({
      method,
      url,
      headers: init.headers,
      remoteAddress: init.ip,
      ...(init.body === undefined
        ? {}
        : typeof init.body === 'string'
          ? { payload: init.body, headers: { 'content-type': 'application/json', ...init.headers } }
          : { payload: init.body as object }),
    });
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {
      // not JSON
    }
    return { status: response.statusCode, body: body as T, headers: response.headers };
  }

  return {
    app,
    /** Content's read API as this app sees it (absent when the test passed its own COMMUNITY_CONTENT_URL). */
    get content(): ContentStub {
      if (!content) throw new Error('this app reads the content API the test started');
      return content;
    },
    bus,
    store,
    search,
    cache,
    dataDir,
    request,
    get: <T = AnyBody>(url: string, headers?: Record<string, string>) => request<T>('GET', url, { headers }),
    /** Signs up a nickname from its own IP (unless one is given) and returns its credentials. */
    async signUp(
      username: string,
      ip = `10.0.${Math.floor(++ipSerial / 250)}.${ipSerial % 250}`,
    ): Promise<TestIdentity> {
      const response = await request('POST', '/api/community/auth/anonymous', { body: { username }, ip });
      if (response.status !== 201)
        throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
      const cookies = ([] as string[]).concat(response.headers['set-cookie'] as string[]);
      const pair = (name: string) => cookies.find((c) => c.startsWith(`${name}=`))!.split(';')[0];
      const data = response.body.data;
      return {
        id: data.user.id,
        displayName: data.user.displayName,
        token: data.token,
        sessionId: data.sessionId,
        cookie: `${pair('pulse_community')}; ${pair('pulse_csrf')}`,
        csrf: pair('pulse_csrf').split('=')[1],
        bearer: { authorization: `Bearer ${data.token}` },
        ip,
      };
    },
    async close() {
      await app.close();
      await cache.close();
      await search.close();
      await store.close();
      await bus.close();
      await content?.close();
      process.env = saved;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type CommunityTestApp = Awaited<ReturnType<typeof startCommunityTestApp>>;

let serial = 0;
/** A valid ask-form body; override what the test cares about. */
export function questionBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    title: `GPT API 비용을 줄이는 방법 ${serial}번째 질문`,
    content: `대화 기록이 길어질수록 토큰 비용이 늘어납니다. 비용을 줄이는 좋은 방법이 있을까요? (${serial})`,
    category: 'gen-ai',
    tagIds: [],
    tags: ['ChatGPT', '비용'],
    ...overrides,
  };
}
