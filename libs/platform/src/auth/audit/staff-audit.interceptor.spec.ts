import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Injectable,
  Module,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  STAFF_ACTION_RECORDED_TOPIC,
  STAFF_ASSERTION_HEADER,
  type EventEnvelope,
  type StaffActionRecordedPayload,
  type StaffRole,
} from '@pulse/contracts';
import { eventually, TestClock } from '@pulse/testing';
import pino from 'pino';
import { InProcessEventBus } from '../../bus';
import { CLOCK } from '../../clock';
import { createServiceApp } from '../../nest/create-service-app';
import { EmbeddedDocumentStore } from '../../store';
import { adminConfigSchema } from '../admin.config';
import { AdminAuthModule } from '../admin-auth.module';
import { AdminGuard } from '../admin.guard';
import { signStaffAssertion, STAFF_ASSERTION_TTL_SECONDS } from '../staff-assertion';
import { MODERATION_ROLES, StaffRoles } from '../staff-roles.decorator';
import { AuditAction, StaffAudit } from './staff-audit';

/** A service that changes a thing and says what it was before and after, as sources.service does. */
@Injectable()
class ThingsService {
  private paused = false;
  constructor(private readonly audit: StaffAudit) {}

  pause(id: string) {
    const before = { id, paused: this.paused, feedToken: 'feed-secret' };
    this.paused = true;
    const after = { id, paused: this.paused, feedToken: 'feed-secret' };
    this.audit.change(before, after);
    return after;
  }
}

@Controller('/api/things')
@UseGuards(AdminGuard)
class ThingsController {
  constructor(private readonly things: ThingsService) {}

  @Get()
  @StaffRoles(...MODERATION_ROLES)
  list() {
    return { items: [] };
  }

  @Post(':id/pause')
  @HttpCode(200)
  @AuditAction('thing.pause')
  pause(@Param('id') id: string) {
    return this.things.pause(id);
  }

  @Post(':id/publish')
  publish(@Param('id') id: string) {
    return { published: id };
  }

  @Post('accounts')
  @StaffRoles(...MODERATION_ROLES)
  create(@Body() body: { name: string; password: string; totp?: string }) {
    if (body.name.length < 2) throw new BadRequestException('name must be at least 2 characters');
    return { name: body.name };
  }
}

/** The service's own clock, as services provide it; the recorder takes its time from it. */
const clock = new TestClock(new Date().toISOString());

@Module({
  imports: [AdminAuthModule],
  controllers: [ThingsController],
  providers: [ThingsService, { provide: CLOCK, useValue: clock }],
})
class ThingsModule {}

const recorded: Array<EventEnvelope<StaffActionRecordedPayload>> = [];

/** The newsroom service's side, reduced to what it hears. */
@Controller()
class AuditListener {
  @EventPattern<string>(STAFF_ACTION_RECORDED_TOPIC)
  onRecorded(@Payload() event: EventEnvelope<StaffActionRecordedPayload>) {
    recorded.push(event);
  }
}

@Module({ controllers: [AuditListener] })
class ListenerModule {}

const TOKEN = 'audit-admin-token-0123456789';
const SECRET = 'the-staff-assertion-secret-of-32-chars-or-more';

describe('the staff audit interceptor', () => {
  let dataDir: string;
  let bus: InProcessEventBus;
  let store: EmbeddedDocumentStore;
  let app: NestFastifyApplication;
  let listener: NestFastifyApplication;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-staff-audit-'));
    bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
    store = await EmbeddedDocumentStore.open({ dataDir });
    const saved = { ...process.env };
    Object.assign(process.env, { ADMIN_TOKEN: TOKEN, STAFF_ASSERTION_SECRET: SECRET });
    try {
      const service = { defaultPort: 0, httpPrefixes: [], config: { admin: adminConfigSchema } };
      listener = await createServiceApp(
        { ...service, name: 'newsroom', module: ListenerModule, uses: ['bus'] },
        { bus },
        pino({ level: 'silent' }),
      );
      app = await createServiceApp(
        { ...service, name: 'things', module: ThingsModule, uses: ['bus', 'store'] },
        { bus, store },
        pino({ level: 'silent' }),
      );
    } finally {
      process.env = saved;
    }
  });

  afterAll(async () => {
    await app?.close();
    await listener?.close();
    await bus?.close();
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const asStaff = (role: StaffRole, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      payload,
      remoteAddress: '203.0.113.7',
      headers: {
        'user-agent': `Mozilla/5.0 ${'x'.repeat(400)}`,
        [STAFF_ASSERTION_HEADER]: signStaffAssertion(
          {
            sub: `account-${role}`,
            name: `${role}-kim`,
            role,
            sid: 'sid-1',
            method,
            path: url.split('?')[0],
            exp: Math.floor(Date.now() / 1000) + STAFF_ASSERTION_TTL_SECONDS,
          },
          SECRET,
        ),
      },
    });
  const pending = () => store.collection<{ _id: string }>('staff_action_outbox').countDocuments();
  const recordedFor = (action: string) => recorded.filter((event) => event.payload.action === action);

  it('records a change after the handler answered, with who, what, target, when, where and before/after', async () => {
    expect((await asStaff('editor', 'POST', '/api/things/openai-blog/pause')).statusCode).toBe(200);
    const [event] = await eventually(() => {
      const found = recordedFor('thing.pause');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(event).toMatchObject({
      type: STAFF_ACTION_RECORDED_TOPIC,
      source: 'things',
      key: 'account-editor',
    });
    expect(event.payload).toMatchObject({
      actor: { id: 'account-editor', name: 'editor-kim', role: 'editor', via: 'session' },
      action: 'thing.pause',
      service: 'things',
      method: 'POST',
      path: '/api/things/openai-blog/pause',
      target: { id: 'openai-blog' },
      status: 200,
      address: '203.0.113.7',
      change: { before: { id: 'openai-blog', paused: false }, after: { id: 'openai-blog', paused: true } },
    });
    expect(event.payload.userAgent).toHaveLength(200);
    expect(Date.parse(event.payload.at)).toBeGreaterThan(Date.now() - 60_000);
    // The service's feed token is a secret: neither side of the change keeps it.
    expect(JSON.stringify(event.payload)).not.toContain('feed-secret');
  });

  it('names an undecorated route by its method and path template, the shared token included', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/things/a-1/publish',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(201);
    const [event] = await eventually(() => {
      const found = recordedFor('POST /api/things/:id/publish');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(event.payload).toMatchObject({
      actor: { id: 'admin-token', name: 'ADMIN_TOKEN', role: 'owner', via: 'token' },
      target: { id: 'a-1' },
      status: 201,
    });
    expect(event.payload.change).toBeUndefined();
  });

  it('records a moderator refused by role (403), and a refused input (400), but no read', async () => {
    const before = await pending();
    expect((await asStaff('moderator', 'GET', '/api/things')).statusCode).toBe(200);
    // Recording is done before the answer leaves, so a read that recorded nothing shows at once.
    expect(await pending()).toBe(before);

    expect((await asStaff('moderator', 'POST', '/api/things/a-2/publish')).statusCode).toBe(403);
    const refused = await asStaff('moderator', 'POST', '/api/things/accounts', {
      name: 'x',
      password: 'hunter2-hunter2',
      totp: '123456',
    });
    expect(refused.statusCode).toBe(400);
    expect(await pending()).toBe(before + 2);

    await eventually(() => {
      expect(recordedFor('POST /api/things/:id/publish').map((event) => event.payload.status)).toEqual([
        201, 403,
      ]);
      expect(recordedFor('POST /api/things/accounts')).toHaveLength(1);
    });
    const forbidden = recordedFor('POST /api/things/:id/publish')[1].payload;
    expect(forbidden).toMatchObject({ actor: { role: 'moderator' }, target: { id: 'a-2' }, status: 403 });
    const badInput = recordedFor('POST /api/things/accounts')[0].payload;
    expect(badInput.status).toBe(400);
    expect(JSON.stringify(badInput)).not.toMatch(/hunter2|123456/);
    expect(recorded.some((event) => event.payload.method !== 'POST')).toBe(false);
  });

  it('purges what the relay published a day later, from this service: newsroom keeps the log', async () => {
    const outbox = store.collection<{ _id: string; at: string }>('staff_action_outbox');
    await eventually(async () =>
      expect(await outbox.countDocuments({ '_outbox.0': { $exists: true } })).toBe(0),
    );
    const kept = await outbox.countDocuments();
    expect(kept).toBeGreaterThan(0);
    clock.advance(25 * 3600 * 1000);
    const later = await app.inject({
      method: 'POST',
      url: '/api/things/a-9/publish',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(later.statusCode).toBe(201);
    // Only the entry just written is left; it was recorded at the clock's time.
    const left = await outbox.find({});
    expect(left).toHaveLength(1);
    expect(left[0].at).toBe(new Date(clock.now()).toISOString());
    await eventually(() => expect(recordedFor('POST /api/things/:id/publish')).toHaveLength(3));
  });
});
