import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { STAFF_ASSERTION_HEADER, type StaffPrincipal } from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
  signStaffAssertion,
  SmtpMailer,
  STAFF_ASSERTION_TTL_SECONDS,
  type Clock,
  type DocumentStore,
  type Mailer,
  type PortSet,
} from '@pulse/platform';
import { TestClock } from '@pulse/testing';
import pino from 'pino';
import { NewsletterModule } from '../src/newsletter.module';
import { newsletterService } from '../src/newsletter.service-definition';
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from './smtp-sink';
import { startTrendingStub, type TrendingStub } from './trending-stub';

const logger = pino({ level: 'silent' });
export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const SITE = 'https://pulse.example';
export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
export const STAFF_ASSERTION_SECRET = 'test-staff-assertion-secret-0123456789abcdef';

/** A settable clock; starts Monday 2026-03-02 09:00 Seoul, an hour after the weekly edition fell due. */
export function testClock(start: number | string = '2026-03-02T00:00:00.000Z'): TestClock {
  return new TestClock(start);
}

export interface NewsletterTestOptions {
  clock?: Clock;
  env?: Record<string, string>;
  smtp?: SmtpSinkOptions;
  /** Mail through this adapter (the mail drop, say) instead of SMTP into the sink. */
  mailer?: Mailer;
  /**
   * What replicas share: run beside another instance on the same store, mail server and trending stub,
   * which the test owns (close() leaves them running).
   */
  shared?: { store: DocumentStore; smtp: SmtpSink; trending: TrendingStub };
}

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON body or HTML text
  body: any;
  text: string;
  headers: Record<string, unknown>;
}

/**
 * The newsletter service on embedded adapters (in-process bus, embedded store, memory cache), mailing
 * through the real SMTP adapter into an in-process smtp-server sink, with trending's read API stubbed.
 */
export async function startNewsletterTestApp(options: NewsletterTestOptions = {}) {
  const shared = options.shared;
  const dataDir = shared ? undefined : mkdtempSync(path.join(os.tmpdir(), 'pulse-newsletter-'));
  const smtp: SmtpSink = shared?.smtp ?? (await startSmtpSink(options.smtp));
  const trending = shared?.trending ?? (await startTrendingStub());
  const saved = { ...process.env };
  Object.assign(process.env, {
    ADMIN_TOKEN,
    STAFF_ASSERTION_SECRET,
    PUBLIC_SITE_URL: SITE,
    NEWSLETTER_TRENDING_URL: trending.url,
    NEWSLETTER_SCHEDULE: 'off',
    NEWSLETTER_SEND_RATE_PER_SECOND: '1000',
    NEWSLETTER_RETRY_BASE_SECONDS: '60',
    NEWSLETTER_SUBSCRIBES_PER_IP_HOUR: '1000',
    ...options.env,
  });
  const bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  const store = shared?.store ?? (await EmbeddedDocumentStore.open({ dataDir: dataDir! }));
  const cache = new MemoryCacheStore();
  const mailer: Mailer =
    options.mailer ??
    new SmtpMailer({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      from: 'Pulse 펄스 <newsletter@pulse.example>',
      logger,
      timeoutMs: 5_000,
    });
  const ports: PortSet = { bus, store, cache, mailer };
  const definition = { ...newsletterService, module: NewsletterModule.withClock(options.clock) };
  let app: NestFastifyApplication;
  try {
    app = await createServiceApp(definition, ports, logger);
  } finally {
    process.env = saved;
  }
  let serial = 0;

  async function request(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    init: {
      json?: unknown;
      form?: Record<string, string | string[]>;
      raw?: string;
      contentType?: string;
      headers?: Record<string, string>;
      ip?: string;
    } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...init.headers };
    let payload: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(init.form))
        for (const item of ([] as string[]).concat(value)) params.append(key, item);
      payload = params.toString();
    } else if (init.raw !== undefined) {
      headers['content-type'] = init.contentType ?? 'application/json';
      payload = init.raw;
    }
    const response = await app.inject({
      method,
      url,
      headers,
      payload,
      remoteAddress: init.ip ?? `10.1.0.${(serial++ % 250) + 1}`,
    });
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {
      // HTML or text
    }
    return { status: response.statusCode, body, text: response.body, headers: response.headers };
  }

  /** A request as the gateway forwards it for a signed-in member: with an assertion for exactly it. */
  const asStaff = (staff: StaffPrincipal, method: 'GET' | 'POST', url: string, json?: unknown) =>
    request(method, url, {
      json,
      headers: {
        [STAFF_ASSERTION_HEADER]: signStaffAssertion(
          {
            sub: staff.id,
            name: staff.name,
            role: staff.role,
            ...(staff.email ? { email: staff.email } : {}),
            sid: 'sid',
            method,
            path: url.split('?')[0],
            exp: Math.floor(Date.now() / 1000) + STAFF_ASSERTION_TTL_SECONDS,
          },
          STAFF_ASSERTION_SECRET,
        ),
      },
    });

  return {
    app,
    store,
    asStaff,
    smtp,
    trending,
    request,
    /** The site-relative path of an absolute link in a mail. */
    local: (link: string) => link.replace(SITE, ''),
    async close() {
      await app.close();
      await mailer.close();
      await cache.close();
      await bus.close();
      if (!dataDir) return;
      await store.close();
      await smtp.stop();
      await trending.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type NewsletterTestApp = Awaited<ReturnType<typeof startNewsletterTestApp>>;
