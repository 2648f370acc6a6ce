// A process set up the way every entry point sets itself up (instrument first, then the SDK from the
// standard OTEL_* variables), serving one route; telemetry.spec.ts starts it and reads what it exports.
// Run as: node -r @swc-node/register telemetry-probe.fixture.ts   (prints its port on stdout)
import '../../src/observability/instrument';
import Fastify from 'fastify';
import pino from 'pino';
import { RedisCacheStore } from '../../src/cache/redis.cache';
import { registerHttpTracing } from '../../src/observability/http-tracing';
import { observeGauge, pulseMetrics } from '../../src/observability/metrics';
import {
  outgoingTraceparent,
  startTelemetry,
  stopTelemetry,
  withSpan,
} from '../../src/observability/telemetry';

async function main(): Promise<void> {
  startTelemetry({ serviceName: 'telemetry-probe', otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT });
  observeGauge('pulse.outbox.backlog', () => [
    { value: 3, attributes: { 'pulse.outbox.collection': 'probe' } },
  ]);
  observeGauge('pulse.consumer.lag', () => [
    {
      value: 5,
      attributes: { 'messaging.consumer.group.name': 'probe', 'messaging.destination.name': 'probe' },
    },
  ]);
  const app = Fastify();
  registerHttpTracing(app);
  app.get('/items/:id', async () => withSpan('load item', async () => ({ ok: true })));
  app.get('/healthz', async () => ({ ok: true }));
  // A cache call inside a request (the Redis adapter services use), on the tests' Redis when there is one.
  const cache = process.env.PULSE_TEST_REDIS_URL
    ? new RedisCacheStore({
        url: process.env.PULSE_TEST_REDIS_URL,
        keyPrefix: 'telemetry-probe:',
        logger: pino({ level: 'silent' }),
      })
    : undefined;
  app.get('/cached/:key', async (request) => {
    const { key } = request.params as { key: string };
    return { value: await cache?.getOrLoad(key, 1_000, async () => `loaded ${key}`) };
  });
  app.post('/runs', async () => {
    pulseMetrics().ingestionRuns.add(1, { 'pulse.run.outcome': 'ok' });
    return { ok: true };
  });
  // One of each counter the services record, so the spec sees the name each one has on /metrics.
  app.post('/every-counter', async () => {
    const recorded = pulseMetrics();
    recorded.llmTokens.add(12, { 'gen_ai.request.model': 'probe', 'gen_ai.token.type': 'input' });
    recorded.llmCostUsd.add(0.01, { 'pulse.llm.use': 'probe' });
    recorded.mailDeliveries.add(1, { 'pulse.mail.outcome': 'refused' });
    return { ok: true };
  });
  // An outgoing call through fetch (undici), as the gateway calls a service, with a traceparent set by
  // hand wherever outgoingTraceparent gives one; answers what the callee received.
  app.get('/relay', async () => {
    const traceparent = outgoingTraceparent();
    const response = await fetch(`http://127.0.0.1:${listeningPort()}/traceparent`, {
      headers: traceparent ? { traceparent } : {},
    });
    return response.json();
  });
  app.get('/traceparent', async (request) => ({ received: request.headers.traceparent }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const listeningPort = () => {
    const bound = app.server.address();
    return typeof bound === 'object' && bound ? bound.port : 0;
  };
  const address = app.server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => cache?.close())
      .then(stopTelemetry)
      .then(() => process.exit(0));
  });
}

void main();
