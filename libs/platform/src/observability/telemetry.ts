import { context, propagation, trace, type Context, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
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
 * Sets tracing up once per process (in embedded mode every service shares it). HTTP spans are made by
 * our own fastify hooks (http-tracing.ts) and the gateway's upstreams inject `traceparent` themselves:
 * explicit propagation does not depend on patching `http` before it is first loaded, which Nest's
 * import order (and Jest's module registry) make unreliable.
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

/** Context whose parent is the given carrier's trace (HTTP headers or an envelope's traceparent). */
export function extractContext(carrier: Record<string, unknown>): Context {
  return propagation.extract(context.active(), carrier);
}

/** Runs `work` in a span whose parent is the producer's `traceparent` (from an event envelope). */
export async function withConsumerSpan<T>(
  name: string,
  traceparent: string | undefined,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = traceparent ? extractContext({ traceparent }) : context.active();
  return trace.getTracer('pulse').startActiveSpan(name, {}, parent, (span) => endWhenDone(span, work));
}

/** Runs `work` in a producer-side span, so the envelope's traceparent points at it. */
export async function withSpan<T>(name: string, work: (span: Span) => Promise<T>): Promise<T> {
  return trace.getTracer('pulse').startActiveSpan(name, (span) => endWhenDone(span, work));
}

/** Ends the span however `work` finishes, marking it failed (with the exception) when it throws. */
async function endWhenDone<T>(span: Span, work: (span: Span) => Promise<T>): Promise<T> {
  try {
    return await work(span);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: 2 });
    throw error;
  } finally {
    span.end();
  }
}
