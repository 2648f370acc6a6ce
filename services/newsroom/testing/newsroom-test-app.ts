import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STAFF_ASSERTION_HEADER, STAFF_SESSION_RESOLVE_PATH, type StaffPrincipal } from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  signStaffAssertion,
  staffResolveKey,
  STAFF_ASSERTION_TTL_SECONDS,
} from '@pulse/platform';
import { TestClock } from '@pulse/testing';
import pino, { type Logger } from 'pino';
import { NewsroomModule } from '../src/newsroom.module';
import { newsroomService } from '../src/newsroom.service-definition';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const STAFF_ASSERTION_SECRET = 'test-staff-assertion-secret-0123456789abcdef';
export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON body
  body: any;
  headers: Record<string, unknown>;
}

/**
 * The newsroom service on the embedded store, the in-process bus and a settable clock, called as the
 * gateway calls it. `bus`: one the test owns and shares with other services (left open by close()).
 * `logger`: one that keeps what the service logs (silent otherwise).
 */
export async function startNewsroomTestApp(
  options: { env?: Record<string, string>; bus?: InProcessEventBus; clock?: TestClock; logger?: Logger } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-newsroom-'));
  const clock = options.clock ?? new TestClock('2026-03-02T00:00:00.000Z');
  const store = await EmbeddedDocumentStore.open({ dataDir });
  const bus = options.bus ?? new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  const saved = { ...process.env };
  Object.assign(process.env, {
    ADMIN_TOKEN,
    STAFF_ASSERTION_SECRET,
    PUBLIC_SITE_URL: 'https://pulse.example',
    ...options.env,
  });
  const definition = { ...newsroomService, module: NewsroomModule.withClock(clock) };
  let app;
  try {
    app = await createServiceApp(definition, { store, bus }, options.logger ?? pino({ level: 'silent' }));
  } finally {
    process.env = saved;
  }
  const ready = app;

  async function request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    init: { json?: unknown; headers?: Record<string, string>; ip?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await ready.inject({
      method,
      url,
      headers,
      payload: init.json === undefined ? undefined : JSON.stringify(init.json),
      remoteAddress: init.ip ?? '10.1.0.1',
    });
    const body: unknown = response.body ? JSON.parse(response.body) : undefined;
    return { status: response.statusCode, body, headers: response.headers };
  }

  /** What the gateway does with a cookie: ask newsroom whose session it is. */
  const resolve = (token: string) =>
    request('POST', STAFF_SESSION_RESOLVE_PATH, {
      json: { token },
      headers: { authorization: `Bearer ${staffResolveKey(STAFF_ASSERTION_SECRET)}` },
    });

  /** A request as the gateway forwards it for a signed-in member: with an assertion for exactly it. */
  const asStaff = (
    staff: StaffPrincipal & { sid?: string },
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    json?: unknown,
  ) =>
    request(method, url, {
      json,
      headers: {
        [STAFF_ASSERTION_HEADER]: signStaffAssertion(
          {
            sub: staff.id,
            name: staff.name,
            role: staff.role,
            sid: staff.sid ?? 'sid',
            method,
            path: url.split('?')[0],
            exp: Math.floor(clock.now() / 1000) + STAFF_ASSERTION_TTL_SECONDS,
          },
          STAFF_ASSERTION_SECRET,
        ),
      },
    });

  return {
    app: ready,
    clock,
    store,
    bus,
    request,
    resolve,
    asStaff,
    async close() {
      await ready.close();
      if (!options.bus) await bus.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The token in a sign-in answer's Set-Cookie. */
export function sessionTokenOf(reply: Reply): string {
  const header = ([] as unknown[]).concat(reply.headers['set-cookie'] ?? []).map(String);
  const cookie = header.find((line) => line.startsWith('pulse_staff='));
  if (!cookie) throw new Error(`no pulse_staff cookie in ${JSON.stringify(header)}`);
  return cookie.slice('pulse_staff='.length).split(';')[0];
}
