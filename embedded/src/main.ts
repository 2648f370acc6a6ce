// First: the client libraries' tracing hooks must be in place before any adapter loads them.
import '@pulse/platform/observability/instrument';
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { GATEWAY_DEFAULT_PORT, gatewayConfigSchema } from '@pulse/gateway';
import { bootProcess, closeOnSignals, orExitOnConfigError } from '@pulse/platform';
import { startEmbedded } from './start-embedded';

/** `npm start`: the whole site in this process, on one port. */
async function main() {
  // A fresh machine shows a populated site: the translation service fills an empty store with the Korean
  // sample corpus (docs/design.md §2). Only this launcher defaults it on; an explicit DEMO_CORPUS=false wins, and the
  // separate-process modes (each service's own main.ts) keep the schema's default, false.
  process.env.DEMO_CORPUS ??= 'true';
  // Staff sign-in works on a bare machine: the gateway and the services share this process, so a key made
  // now is known to all of them. It signs 30-second assertions only, so a new one each start loses nothing
  // (sessions live in newsroom's store). The separate-process modes take it from a Secret instead.
  process.env.STAFF_ASSERTION_SECRET ??= randomBytes(32).toString('base64url');
  const { processConfig, config, logger } = bootProcess('pulse', { gateway: gatewayConfigSchema });
  // The newsletter builds digests from trending's read API; in one process that is this site's own
  // gateway (the separate-process modes point NEWSLETTER_TRENDING_URL at the trending service).
  process.env.NEWSLETTER_TRENDING_URL ??= `http://127.0.0.1:${processConfig.PORT ?? GATEWAY_DEFAULT_PORT}`;
  // Likewise the community assistant retrieves articles through content's read API, on this gateway.
  process.env.COMMUNITY_CONTENT_URL ??= `http://127.0.0.1:${processConfig.PORT ?? GATEWAY_DEFAULT_PORT}`;
  const site = await orExitOnConfigError(startEmbedded(processConfig, config.gateway, logger));
  const port = processConfig.PORT ?? GATEWAY_DEFAULT_PORT;
  await site.gateway.listen(port, processConfig.HOST);
  logger.info(`펄스가 http://${processConfig.HOST}:${port} 에서 실행 중입니다 (embedded mode)`);
  closeOnSignals(logger, () => site.close(), { drainMs: processConfig.SHUTDOWN_DRAIN_MS });
}

void main();
