import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { adaptersOf, type PortSet } from '../runtime/port-set';
import type { Adapter, HealthResult } from '../lifecycle';
import { drainState } from './draining';
import { EXTRA_CHECKS, PORT_SET, SERVICE_NAME } from './tokens';

const CHECK_TIMEOUT_MS = 2000;

async function checkWithTimeout(check: () => Promise<HealthResult>): Promise<HealthResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HealthResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `no answer within ${CHECK_TIMEOUT_MS} ms` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      check().catch((error: Error) => ({ ok: false as const, reason: error.message })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz says the process is alive (Kubernetes restarts it otherwise); /readyz says every adapter it
 * uses answers (Kubernetes sends traffic only then). They differ on purpose: a Kafka outage should take
 * a pod out of rotation, not restart it in a loop.
 */
@Controller()
export class HealthController {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(PORT_SET) private readonly ports: PortSet,
    @Inject(EXTRA_CHECKS) private readonly extraChecks: Record<string, Adapter>,
  ) {}

  @Get('healthz')
  @HttpCode(200)
  live() {
    return { status: 'ok', service: this.service };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    if (drainState.draining) {
      reply.status(503);
      return { status: 'shutting down', service: this.service, checks: {} };
    }
    const entries = await Promise.all(
      [...adaptersOf(this.ports), ...Object.entries(this.extraChecks)].map(async ([port, adapter]) => {
        const result = await checkWithTimeout(() => adapter.check());
        return [port, { adapter: adapter.adapterName, ...result }] as const;
      }),
    );
    const ready = entries.every(([, result]) => result.ok);
    reply.status(ready ? 200 : 503);
    return {
      status: ready ? 'ready' : 'not ready',
      service: this.service,
      checks: Object.fromEntries(entries),
    };
  }
}
