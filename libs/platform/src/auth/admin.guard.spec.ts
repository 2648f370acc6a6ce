import 'reflect-metadata';
import { Controller, Get, Module, UseGuards } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { loadConfig } from '../config';
import { createServiceApp } from '../nest/create-service-app';
import { adminConfigSchema } from './admin.config';
import { AdminAuthModule } from './admin-auth.module';
import { AdminGuard, tokenMatches } from './admin.guard';

@Controller('/api/things')
class ThingsController {
  @Get('secret')
  @UseGuards(AdminGuard)
  secret() {
    return { ok: true };
  }
}

@Module({ imports: [AdminAuthModule], controllers: [ThingsController] })
class ThingsModule {}

const TOKEN = 'a-long-enough-admin-token';

async function appWith(token: string | undefined): Promise<NestFastifyApplication> {
  const previous = process.env.ADMIN_TOKEN;
  if (token === undefined) delete process.env.ADMIN_TOKEN;
  else process.env.ADMIN_TOKEN = token;
  try {
    const definition = {
      name: 'things',
      module: ThingsModule,
      uses: [] as const,
      defaultPort: 0,
      httpPrefixes: [],
      config: { admin: adminConfigSchema },
    };
    return await createServiceApp(definition, {}, pino({ level: 'silent' }));
  } finally {
    if (previous === undefined) delete process.env.ADMIN_TOKEN;
    else process.env.ADMIN_TOKEN = previous;
  }
}

describe('AdminGuard', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await appWith(TOKEN);
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
});
