import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eventually, freePort, startOtlpCollector, type OtlpCollector } from '@pulse/testing';

const PROBE = path.join(__dirname, '../../testing/observability/telemetry-probe.fixture.ts');

/**
 * A process set up as every entry point is (telemetry-probe.fixture.ts), configured only by the standard
 * OTEL_* variables, exporting to a local collector over OTLP/HTTP and serving Prometheus on its own port.
 * A child process, not in Jest's module sandbox: the exporters load their transport with a dynamic
 * import, which the sandbox refuses.
 */
describe('telemetry: traces and metrics to a local collector and a Prometheus endpoint', () => {
  let collector: OtlpCollector;
  let probe: ChildProcess;
  let base: string;
  let metricsUrl: string;
  let output = '';

  beforeAll(async () => {
    collector = await startOtlpCollector();
    const prometheusPort = await freePort();
    metricsUrl = `http://127.0.0.1:${prometheusPort}/metrics`;
    probe = spawn(process.execPath, ['-r', '@swc-node/register', PROBE], {
      env: {
        ...process.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_METRICS_EXPORTER: 'otlp,prometheus',
        OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
        OTEL_EXPORTER_PROMETHEUS_PORT: String(prometheusPort),
        OTEL_METRIC_EXPORT_INTERVAL: '300',
        OTEL_BSP_SCHEDULE_DELAY: '50',
        // Redis from infra/local, for the cache span.
        PULSE_TEST_REDIS_URL: process.env.PULSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:16379',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    probe.stdout?.on('data', (chunk) => (output += chunk));
    probe.stderr?.on('data', (chunk) => (output += chunk));
    const port = await eventually(
      () => {
        const found = /^(\d+)$/m.exec(output);
        if (!found) throw new Error(`probe has not started: ${output}`);
        return found[1];
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    base = `http://127.0.0.1:${port}`;
  }, 40_000);

  afterAll(async () => {
    if (probe && probe.exitCode === null) {
      const exited = new Promise((resolve) => probe.once('exit', resolve));
      probe.kill('SIGTERM');
      await exited;
    }
    await collector?.close();
  });

  it('exports the server span of a request, named by its route, with the work inside it as a child', async () => {
    await fetch(`${base}/items/42`);
    const { server, child } = await eventually(
      () => {
        const spans = collector.spans();
        const server = spans.find((span) => span.name === 'GET /items/:id');
        const child = spans.find((span) => span.name === 'load item');
        if (!server || !child) throw new Error(`spans so far: ${spans.map((s) => s.name)}\n${output}`);
        return { server, child };
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(server.service).toBe('telemetry-probe');
    expect(server.attributes['http.response.status_code']).toBe(200);
    expect(child.traceId).toBe(server.traceId);
    expect(child.parentSpanId).toBe(server.spanId);
  });

  it("puts the cache adapter's Redis commands in the request's trace (ioredis instrumentation)", async () => {
    const response = await fetch(`${base}/cached/${Date.now()}`);
    expect(response.status).toBe(200);
    const { server, redis } = await eventually(
      () => {
        const spans = collector.spans();
        const server = spans.find((span) => span.name === 'GET /cached/:key');
        const redis = spans.filter(
          (span) =>
            span.scope === '@opentelemetry/instrumentation-ioredis' && span.traceId === server?.traceId,
        );
        // The read of the key, and (a miss) the write of what was loaded: the write's span may be
        // exported after the request's, so both are waited for, not the first that arrives.
        const names = new Set(redis.map((span) => span.name));
        if (!server || !names.has('get') || !names.has('set'))
          throw new Error(`spans so far: ${spans.map((s) => `${s.scope}:${s.name}`)}\n${output}`);
        return { server, redis };
      },
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    expect(redis.map((span) => span.service)).toContain('telemetry-probe');
    expect(redis.every((span) => span.traceId === server.traceId)).toBe(true);
  }, 30_000);

  it('serves request durations by route, observed gauges and counters on /metrics; probes stay out', async () => {
    await fetch(`${base}/items/7`);
    await fetch(`${base}/healthz`);
    await fetch(`${base}/runs`, { method: 'POST' });
    const text = await eventually(async () => {
      const body = await (await fetch(metricsUrl)).text();
      if (!body.includes('pulse_ingestion_runs_total')) throw new Error(body.slice(0, 500));
      return body;
    });
    expect(text).toMatch(/http_server_request_duration_count\{[^}]*http_route="\/items\/:id"[^}]*\} [1-9]/);
    expect(text).not.toContain('http_route="/healthz"');
    expect(text).toMatch(/pulse_outbox_backlog\{[^}]*pulse_outbox_collection="probe"[^}]*\} 3/);
    expect(text).toMatch(/pulse_ingestion_runs_total\{[^}]*pulse_run_outcome="ok"[^}]*\} 1/);
  });

  // The alerts and the dashboard (k8s/components/monitoring) query these names; test/tooling/monitoring.spec.ts
  // checks they use no name outside docs/observability.md's table, and this, that the table's names are real.
  it('names every counter and gauge as docs/observability.md lists them', async () => {
    await fetch(`${base}/every-counter`, { method: 'POST' });
    const text = await eventually(async () => {
      const body = await (await fetch(metricsUrl)).text();
      if (!body.includes('pulse_mail_deliveries_total')) throw new Error(body.slice(0, 500));
      return body;
    });
    expect(text).toMatch(/pulse_llm_tokens_total\{[^}]*gen_ai_token_type="input"[^}]*\} 12/);
    expect(text).toMatch(/pulse_llm_cost_total\{[^}]*pulse_llm_use="probe"[^}]*\} 0.01/);
    expect(text).toMatch(/pulse_mail_deliveries_total\{[^}]*pulse_mail_outcome="refused"[^}]*\} 1/);
    expect(text).toMatch(/pulse_consumer_lag\{[^}]*messaging_consumer_group_name="probe"[^}]*\} 5/);
    // The Node runtime's own (runtime-node instrumentation).
    expect(text).toMatch(/^nodejs_eventloop_delay_p99\{[^}]*\} \d/m);
    expect(text).toMatch(/^nodejs_eventloop_utilization\{[^}]*\} \d/m);
  });

  it('makes an outgoing HTTP call a client span between caller and callee, with one traceparent (undici)', async () => {
    const { received } = (await (await fetch(`${base}/relay`)).json()) as { received: unknown };
    expect(typeof received).toBe('string');
    const { relay, client, callee } = await eventually(
      () => {
        const spans = collector.spans();
        const relay = spans.find((span) => span.name === 'GET /relay');
        const client = spans.find(
          (span) => span.scope === '@opentelemetry/instrumentation-undici' && span.traceId === relay?.traceId,
        );
        const callee = spans.find(
          (span) => span.name === 'GET /traceparent' && span.traceId === relay?.traceId,
        );
        if (!relay || !client || !callee)
          throw new Error(`spans so far: ${spans.map((s) => `${s.scope}:${s.name}`)}\n${output}`);
        return { relay, client, callee };
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(client.parentSpanId).toBe(relay.spanId);
    expect(callee.parentSpanId).toBe(client.spanId);
    expect(received).toBe(`00-${relay.traceId}-${client.spanId}-01`);
    const metrics = await eventually(async () => {
      const body = await (await fetch(metricsUrl)).text();
      if (!body.includes('http_client_request_duration_count')) throw new Error(body.slice(0, 500));
      return body;
    });
    expect(metrics).toMatch(
      /http_client_request_duration_count\{[^}]*server_address="127.0.0.1"[^}]*\} [1-9]/,
    );
  });

  it('pushes the same metrics to the collector over OTLP', async () => {
    await eventually(
      () => {
        const names = collector.metricNames('telemetry-probe');
        for (const name of ['http.server.request.duration', 'pulse.ingestion.runs', 'pulse.outbox.backlog'])
          if (!names.has(name)) throw new Error(`metrics so far: ${[...names]}`);
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
  });
});
