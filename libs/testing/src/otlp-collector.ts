import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, with the name of the service that sent it. */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  scope: string;
  attributes: Record<string, unknown>;
}

export interface OtlpCollector {
  /** Base URL for OTEL_EXPORTER_OTLP_ENDPOINT (with OTEL_EXPORTER_OTLP_PROTOCOL=http/json). */
  url: string;
  spans(): CollectedSpan[];
  /** Names of the metrics received so far, per service. */
  metricNames(service: string): Set<string>;
  close(): Promise<void>;
}

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}

const valueOf = (value: Record<string, unknown>): unknown => Object.values(value)[0];
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map((attribute) => [attribute.key, valueOf(attribute.value)]));

/**
 * A local OpenTelemetry collector for tests: the OTLP/HTTP JSON receiver part of one (POST /v1/traces,
 * /v1/metrics), keeping what the processes under test export so a test can read whole traces back.
 */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  const metrics = new Map<string, Set<string>>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (request.url === '/v1/traces') {
          for (const resource of body.resourceSpans ?? []) {
            const service = String(attributesOf(resource.resource?.attributes)['service.name']);
            for (const scope of resource.scopeSpans ?? [])
              for (const span of scope.spans ?? [])
                spans.push({
                  service,
                  traceId: span.traceId,
                  spanId: span.spanId,
                  parentSpanId: span.parentSpanId || undefined,
                  name: span.name,
                  scope: scope.scope?.name ?? '',
                  attributes: attributesOf(span.attributes),
                });
          }
        } else if (request.url === '/v1/metrics') {
          for (const resource of body.resourceMetrics ?? []) {
            const service = String(attributesOf(resource.resource?.attributes)['service.name']);
            const names = metrics.get(service) ?? new Set<string>();
            metrics.set(service, names);
            for (const scope of resource.scopeMetrics ?? [])
              for (const metric of scope.metrics ?? []) names.add(metric.name);
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...spans],
    metricNames: (service) => new Set(metrics.get(service)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
