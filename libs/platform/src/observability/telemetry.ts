import { context, propagation, trace, type Span, type Context } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

let provider: NodeTracerProvider | undefined;

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP/HTTP base URL; without it spans still carry context across HTTP and events, but go nowhere. */
  otlpEndpoint?: string;
}

/**
 * Sets tracing up once per process (in embedded mode every service shares it). Call it first in
 * main.ts, before Nest or fastify load `http`, so the HTTP instrumentation can carry `traceparent`
 * on incoming and outgoing requests.
 */
export function startTelemetry(options: TelemetryOptions): void {
  if (provider) return;
  const spanProcessors: SpanProcessor[] = [];
  if (options.otlpEndpoint) {
    const url = `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces`;
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url })));
  }
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors,
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Probes hit these every few seconds; tracing them would drown the useful spans.
        ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz)/.test(request.url ?? ''),
      }),
    ],
  });
}

export async function stopTelemetry(): Promise<void> {
  const current = provider;
  provider = undefined;
  await current?.shutdown();
}

/** The W3C `traceparent` of the active span, to put into an event envelope or header. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs `work` in a span whose parent is the producer's `traceparent` (from an event envelope). */
export async function withConsumerSpan<T>(
  name: string,
  traceparent: string | undefined,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent: Context = traceparent
    ? propagation.extract(context.active(), { traceparent })
    : context.active();
  return trace.getTracer('pulse').startActiveSpan(name, {}, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: 2 });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Runs `work` in a producer-side span, so the envelope's traceparent points at it. */
export async function withSpan<T>(name: string, work: (span: Span) => Promise<T>): Promise<T> {
  return trace.getTracer('pulse').startActiveSpan(name, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: 2 });
      throw error;
    } finally {
      span.end();
    }
  });
}
