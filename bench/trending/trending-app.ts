import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TrendingStatsResponse } from '@pulse/contracts';
import { createServiceApp, type EventBus, type PortSet } from '@pulse/platform';
import { trendingService } from '@pulse/trending';
import type { Logger } from 'pino';

/** The trending service as the launchers build it (createServiceApp), listening on a free loopback port. */
export interface RunningTrending {
  app: NestFastifyApplication;
  baseUrl: string;
  stats(): Promise<TrendingStatsResponse>;
  close(): Promise<void>;
}

export async function startTrending(ports: PortSet, logger: Logger): Promise<RunningTrending> {
  // The periodic pass stays at its default; a burst's debounce pass (2 s) is what a real service does.
  const app = await createServiceApp(trendingService, ports, logger);
  await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  return {
    app,
    baseUrl,
    async stats() {
      const response = await fetch(`${baseUrl}/api/trending/stats?period=month`);
      if (response.status !== 200) throw new Error(`stats: ${response.status} ${await response.text()}`);
      return (await response.json()) as TrendingStatsResponse;
    },
    close: () => app.close(),
  };
}

/** Polls `check` every `intervalMs` until it returns true or `timeoutMs` passes; returns whether it did. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  intervalMs = 50,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return false;
}

export async function publishAll(
  bus: EventBus,
  topic: string,
  events: readonly { id: string }[],
): Promise<void> {
  for (let start = 0; start < events.length; start += 1_000)
    await bus.publish(topic, events.slice(start, start + 1_000) as never);
}
