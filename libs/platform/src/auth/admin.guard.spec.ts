import 'reflect-metadata';
import { Controller, Get, Module, Post, UseGuards } from '@nestjs/common';
import { STAFF_ASSERTION_HEADER, type StaffPrincipal, type StaffRole } from '@pulse/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { loadConfig } from '../config';
import { createServiceApp } from '../nest/create-service-app';
import { adminConfigSchema } from './admin.config';
import { AdminAuthModule } from './admin-auth.module';
import { AdminGuard, tokenMatches } from './admin.guard';
import {
  signStaffAssertion,
  STAFF_ASSERTION_TTL_SECONDS,
  type StaffAssertionClaims,
} from './staff-assertion';
import { MODERATION_ROLES, Staff, StaffRoles } from './staff-roles.decorator';

@Controller('/api/things')
class ThingsController {
  @Get('secret')
  @UseGuards(AdminGuard)
  secret() {
    return { ok: true };
  }

  /** Unmarked: editors and owners, as a publish, a send or a source change is. */
  @Post('publish')
  @UseGuards(AdminGuard)
  publish(@Staff() staff: StaffPrincipal) {
    return { publishedBy: staff };
  }

  @Post('hide')
  @UseGuards(AdminGuard)
  @StaffRoles(...MODERATION_ROLES)
  hide(@Staff() staff: StaffPrincipal) {
    return { hiddenBy: staff };
  }

  @Get('accounts')
  @UseGuards(AdminGuard)
  @StaffRoles('owner')
  accounts() {
    return { ok: true };
  }
}

@Module({ imports: [AdminAuthModule], controllers: [ThingsController] })
class ThingsModule {}

const TOKEN = 'a-long-enough-admin-token';
const SECRET = 'the-staff-assertion-secret-of-32-chars-or-more';

async function appWith(
  token: string | undefined,
  secret?: string,
  logger = pino({ level: 'silent' }),
): Promise<NestFastifyApplication> {
  const previous = {
    ADMIN_TOKEN: process.env.ADMIN_TOKEN,
    STAFF_ASSERTION_SECRET: process.env.STAFF_ASSERTION_SECRET,
  };
  if (token === undefined) delete process.env.ADMIN_TOKEN;
  else process.env.ADMIN_TOKEN = token;
  if (secret === undefined) delete process.env.STAFF_ASSERTION_SECRET;
  else process.env.STAFF_ASSERTION_SECRET = secret;
  try {
    const definition = {
      name: 'things',
      module: ThingsModule,
      uses: [] as const,
      defaultPort: 0,
      httpPrefixes: [],
      config: { admin: adminConfigSchema },
    };
    return await createServiceApp(definition, {}, logger);
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

const claimsFor = (role: StaffRole, method: string, path: string): StaffAssertionClaims => ({
  sub: `account-${role}`,
  name: `${role}-kim`,
  role,
  sid: 'session-1',
  method,
  path,
  exp: Math.floor(Date.now() / 1000) + STAFF_ASSERTION_TTL_SECONDS,
});

describe('AdminGuard', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await appWith(TOKEN, SECRET);
  });
  afterAll(() => app.close());

  const get = (authorization?: string) =>
    app.inject({ method: 'GET', url: '/api/things/secret', headers: authorization ? { authorization } : {} });

  it('admits the configured bearer token', async () => {
    const response = await get(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('answers 401 without a credential and 403 with a wrong one', async () => {
    expect((await get()).json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Admin credential required',
    });
    expect((await get(`Basic ${TOKEN}`)).statusCode).toBe(401);
    expect((await get('Bearer wrong-token')).json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Invalid admin credential',
    });
    expect((await get(`Bearer ${TOKEN}x`)).statusCode).toBe(403);
  });

  it('answers 503 when no token is configured, instead of being open', async () => {
    const disabled = await appWith(undefined);
    try {
      const response = await disabled.inject({
        method: 'GET',
        url: '/api/things/secret',
        headers: { authorization: 'Bearer anything-at-all' },
      });
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'admin API disabled',
      });
    } finally {
      await disabled.close();
    }
  });

  it('compares tokens of any length', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches('short', TOKEN)).toBe(false);
    expect(tokenMatches('', TOKEN)).toBe(false);
  });

  it('refuses a weak token in the configuration, naming the variable', () => {
    expect(() => loadConfig({ admin: adminConfigSchema }, { ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN/);
    expect(loadConfig({ admin: adminConfigSchema }, {}).admin.ADMIN_TOKEN).toBeUndefined();
  });

  describe('staff assertions', () => {
    const call = (method: 'GET' | 'POST', url: string, assertion: string) =>
      app.inject({ method, url, headers: { [STAFF_ASSERTION_HEADER]: assertion } });
    const signed = (
      role: StaffRole,
      method: string,
      path: string,
      change: Partial<StaffAssertionClaims> = {},
    ) => signStaffAssertion({ ...claimsFor(role, method, path), ...change }, SECRET);

    it('admits a valid assertion for this request and hands the handler its principal', async () => {
      const response = await call(
        'POST',
        '/api/things/publish',
        signed('editor', 'POST', '/api/things/publish'),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        publishedBy: { id: 'account-editor', name: 'editor-kim', role: 'editor', via: 'session' },
      });
    });

    it("hands the handler the member's address when the assertion carries one, and refuses a non-text one", async () => {
      const withEmail = signed('editor', 'POST', '/api/things/publish', { email: 'kim@pulse.example' });
      expect((await call('POST', '/api/things/publish', withEmail)).json()).toEqual({
        publishedBy: {
          id: 'account-editor',
          name: 'editor-kim',
          role: 'editor',
          via: 'session',
          email: 'kim@pulse.example',
        },
      });
      const notText = signStaffAssertion(
        {
          ...claimsFor('editor', 'POST', '/api/things/publish'),
          email: 42,
        } as unknown as StaffAssertionClaims,
        SECRET,
      );
      expect((await call('POST', '/api/things/publish', notText)).statusCode).toBe(403);
    });

    it("refuses a forged, an expired and another request's assertion", async () => {
      const forged = signStaffAssertion(claimsFor('owner', 'POST', '/api/things/publish'), `${SECRET}-not`);
      expect((await call('POST', '/api/things/publish', forged)).statusCode).toBe(403);
      const valid = signed('editor', 'POST', '/api/things/publish');
      const [body, signature] = valid.split('.');
      const promoted = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), role: 'owner' }),
      ).toString('base64url');
      expect((await call('POST', '/api/things/publish', `${promoted}.${signature}`)).statusCode).toBe(403);
      const expired = signed('editor', 'POST', '/api/things/publish', {
        exp: Math.floor(Date.now() / 1000) - 1,
      });
      expect((await call('POST', '/api/things/publish', expired)).json()).toMatchObject({
        statusCode: 401,
        message: 'Staff assertion expired',
      });
      const otherPath = signed('editor', 'POST', '/api/things/hide');
      expect((await call('POST', '/api/things/publish', otherPath)).statusCode).toBe(403);
      const otherMethod = signed('editor', 'GET', '/api/things/publish');
      expect((await call('POST', '/api/things/publish', otherMethod)).statusCode).toBe(403);
      expect((await call('POST', '/api/things/publish', 'not-a-token')).statusCode).toBe(403);
    });

    it('binds the path, not the query string', async () => {
      const response = await call(
        'GET',
        '/api/things/secret?page=2',
        signed('owner', 'GET', '/api/things/secret'),
      );
      expect(response.statusCode).toBe(200);
    });

    it('keeps a moderator off publishing (403) and lets them moderate (200)', async () => {
      const publish = await call(
        'POST',
        '/api/things/publish',
        signed('moderator', 'POST', '/api/things/publish'),
      );
      expect(publish.statusCode).toBe(403);
      expect(publish.json().message).toMatch(/owner, editor/);
      const hide = await call('POST', '/api/things/hide', signed('moderator', 'POST', '/api/things/hide'));
      expect(hide.statusCode).toBe(201);
      expect(hide.json().hiddenBy).toMatchObject({ role: 'moderator', via: 'session' });
    });

    it('keeps owner-only routes to owners', async () => {
      expect(
        (await call('GET', '/api/things/accounts', signed('editor', 'GET', '/api/things/accounts')))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('GET', '/api/things/accounts', signed('owner', 'GET', '/api/things/accounts')))
          .statusCode,
      ).toBe(200);
    });

    it('admits the ADMIN_TOKEN as an owner-reach token principal', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/things/publish',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.json()).toEqual({
        publishedBy: { id: 'admin-token', name: 'ADMIN_TOKEN', role: 'owner', via: 'token' },
      });
      const accounts = await app.inject({
        method: 'GET',
        url: '/api/things/accounts',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(accounts.statusCode).toBe(200);
    });

    it('refuses every assertion when this service has no key, and works with the key alone', async () => {
      const tokenOnly = await appWith(TOKEN);
      const keyOnly = await appWith(undefined, SECRET);
      try {
        const assertion = signed('owner', 'GET', '/api/things/secret');
        const headers = { [STAFF_ASSERTION_HEADER]: assertion };
        expect(
          (await tokenOnly.inject({ method: 'GET', url: '/api/things/secret', headers })).statusCode,
        ).toBe(403);
        expect((await keyOnly.inject({ method: 'GET', url: '/api/things/secret', headers })).statusCode).toBe(
          200,
        );
        const bearer = { authorization: `Bearer ${TOKEN}` };
        expect(
          (await keyOnly.inject({ method: 'GET', url: '/api/things/secret', headers: bearer })).statusCode,
        ).toBe(403);
      } finally {
        await tokenOnly.close();
        await keyOnly.close();
      }
    });

    it('logs each admitted admin write with who made it, and no read', async () => {
      const lines: string[] = [];
      const logged = await appWith(
        TOKEN,
        SECRET,
        pino({ level: 'info' }, { write: (line: string) => lines.push(line) }),
      );
      try {
        const headers = { [STAFF_ASSERTION_HEADER]: signed('editor', 'POST', '/api/things/publish') };
        await logged.inject({ method: 'POST', url: '/api/things/publish', headers });
        await logged.inject({
          method: 'GET',
          url: '/api/things/secret',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        await logged.inject({
          method: 'POST',
          url: '/api/things/hide',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        const admitted = lines
          .map(
            (line) =>
              JSON.parse(line) as { msg: string; staff?: { name: string; via: string }; path?: string },
          )
          .filter((line) => line.msg === 'admin request admitted');
        expect(admitted.map(({ staff, path }) => [staff?.name, staff?.via, path])).toEqual([
          ['editor-kim', 'session', '/api/things/publish'],
          ['ADMIN_TOKEN', 'token', '/api/things/hide'],
        ]);
      } finally {
        await logged.close();
      }
    });
  });
});
