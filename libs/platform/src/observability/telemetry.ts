import { randomFillSync } from 'node:crypto';
import {
  context,
  metrics,
  propagation,
  trace,
  TraceFlags,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import {
  AlwaysOffSampler,
  NoopSpanProcessor,
  ParentBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { bindLibraryInstrumentations, injectsOutgoingTraceparent } from './library-instrumentations';
import { pulseMetrics, resetPulseMetrics } from './metrics';

/** What startTelemetry started: the whole SDK, or the unexported set-up; stopTelemetry shuts it down. */
let sdk: { shutdown(): Promise<void> } | undefined;
/** True while the SDK runs with our default of recording nothing this process starts (startTelemetry). */
let startsUnrecorded = false;

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP base URL (OTEL_EXPORTER_OTLP_ENDPOINT); without it and without OTEL_*_EXPORTER nothing is exported. */
  otlpEndpoint?: string;
}

/** True when the operator named exporters for this signal in the standard variable (and not only `none`). */
function exporterNamed(variable: 'OTEL_TRACES_EXPORTER' | 'OTEL_METRICS_EXPORTER'): boolean {
  const names = (process.env[variable] ?? '').split(',').map((name) => name.trim());
  return names.some((name) => name !== '' && name !== 'none');
}

/**
 * Starts the OpenTelemetry SDK once per process (in embedded mode every service shares it), configured by
 * the standard OTEL_* variables: exporters (OTEL_TRACES_EXPORTER, OTEL_METRICS_EXPORTER=otlp,prometheus,
 * OTEL_EXPORTER_PROMETHEUS_PORT), protocol, sampler (OTEL_TRACES_SAMPLER), resource attributes.
 *
 * One deliberate default differs from the SDK's: with no collector configured (no endpoint, no exporter
 * named) nothing is exported, instead of retrying localhost:4318 forever, yet spans are still created (unsampled) so
 * `traceparent` travels across HTTP and events. Then, unless a sampler or propagators are named, the SDK
 * package is not even loaded (startUnexported). docs/observability.md lists the variables.
 */
export function startTelemetry(options: TelemetryOptions): void {
  if (sdk) return;
  const exportsTraces = Boolean(options.otlpEndpoint) || exporterNamed('OTEL_TRACES_EXPORTER');
  const exportsMetrics = Boolean(options.otlpEndpoint) || exporterNamed('OTEL_METRICS_EXPORTER');
  const configured = Boolean(process.env.OTEL_TRACES_SAMPLER || process.env.OTEL_PROPAGATORS);
  sdk =
    exportsTraces || exportsMetrics || configured
      ? startSdk(options.serviceName, exportsTraces, exportsMetrics)
      : startUnexported();
  startsUnrecorded = !exportsTraces && !process.env.OTEL_TRACES_SAMPLER;
  bindLibraryInstrumentations();
  resetPulseMetrics();
  pulseMetrics(); // registers the observed gauges with the new provider
}

/**
 * Nothing exported and nothing configured: the parts of the SDK's set-up that still do something, which
 * are the async context, W3C propagation (trace context and baggage) and a tracer provider that makes
 * unsampled spans. No meter provider, as the SDK registers none without a reader. The SDK package itself
 * is not loaded: it requires every exporter it could be configured with, about 900 modules and 9 MB
 * of heap in every process (ARCHITECTURE.md 'The embedded store's memory').
 */
function startUnexported(): { shutdown(): Promise<void> } {
  if (process.env.OTEL_SDK_DISABLED === 'true') return { shutdown: async () => undefined };
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  );
  const tracing = new TracerProvider({
    sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }),
    spanProcessors: [new NoopSpanProcessor()],
  });
  trace.setGlobalTracerProvider(tracing);
  return tracing;
}

/** The SDK, configured by the standard OTEL_* variables, with our two defaults (no export, unrecorded). */
function startSdk(serviceName: string, exportsTraces: boolean, exportsMetrics: boolean): NodeSDK {
  // Loaded only here: see startUnexported.
  const { NodeSDK: Sdk } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const started = new Sdk({
    serviceName,
    // Logs go to stdout as JSON lines (pino); the collector tails them, so no OTel log exporter.
    logRecordProcessors: [],
    // Nothing reads a recorded span that is never exported: spans this process starts are then unsampled,
    // which keeps their ids (traceparent travels, logs carry the traceId) but skips recording them, a few
    // per cent of every request's CPU (docs/benchmarks.md 'Reads beside bare Node'). A caller's sampled trace stays sampled (parent-based), so
    // the services after this one still record it. An operator's OTEL_TRACES_SAMPLER still wins.
    ...(exportsTraces
      ? {}
      : {
          spanProcessors: [new NoopSpanProcessor()],
          ...(process.env.OTEL_TRACES_SAMPLER
            ? {}
            : { sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }) }),
        }),
    ...(exportsMetrics ? {} : { metricReaders: [] }),
  });
  started.start();
  return started;
}

/** Flushes what is buffered and unregisters the SDK, so a later startTelemetry (tests) starts afresh. */
export async function stopTelemetry(): Promise<void> {
  const current = sdk;
  sdk = undefined;
  startsUnrecorded = false;
  await current?.shutdown();
  trace.disable();
  metrics.disable();
  propagation.disable();
  context.disable();
  resetPulseMetrics();
}

/**
 * The span the SDK would start under `parent` when it records nothing (our default without a collector,
 * and a parent that is not sampled): ids only, so traceparent travels and logs carry the trace id. Made
 * here without the SDK's sampler, attribute checks and self-metrics, which were a few per cent of a held
 * read's CPU at the gateway (docs/benchmarks.md 'Reads beside bare Node'). Undefined when the SDK decides:
 * a collector or a sampler is configured, telemetry is not started, or the parent is sampled.
 */
export function unrecordedSpan(parent: Context): Span | undefined {
  if (!startsUnrecorded) return undefined;
  const parentContext = trace.getSpanContext(parent);
  const valid = parentContext !== undefined && trace.isSpanContextValid(parentContext);
  if (valid && (parentContext.traceFlags & TraceFlags.SAMPLED) !== 0) return undefined;
  return trace.wrapSpanContext({
    traceId: valid ? parentContext.traceId : randomHex(16),
    spanId: randomHex(8),
    traceFlags: TraceFlags.NONE,
    traceState: valid ? parentContext.traceState : undefined,
  });
}

/** Random bytes drawn a page at a time: one system call per 256 spans, not two per span. */
const randomPool = Buffer.alloc(4096);
let randomOffset = randomPool.length;

function randomHex(bytes: number): string {
  if (randomOffset + bytes > randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const hex = randomPool.toString('hex', randomOffset, randomOffset + bytes);
  randomOffset += bytes;
  // All zeros is the invalid id (W3C Trace Context); one chance in 2^64, drawn again.
  return /[^0]/.test(hex) ? hex : randomHex(bytes);
}

/** The W3C `traceparent` of the active span, to put into an event envelope or header. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/**
 * The `traceparent` to set by hand on an outgoing HTTP request: none where the undici instrumentation
 * runs (every process's entry point; it injects its client span's), else the active span's, else what
 * the caller received (`incoming`). In-process tests run without the instrumentation.
 */
export function outgoingTraceparent(incoming?: string | string[]): string | undefined {
  if (injectsOutgoingTraceparent()) return undefined;
  return currentTraceparent() ?? (typeof incoming === 'string' ? incoming : undefined);
}

/** Context whose parent is the given carrier's trace (HTTP headers or an envelope's traceparent). */
export function extractContext(carrier: Record<string, unknown>): Context {
  return propagation.extract(context.active(), carrier);
}

/** Runs `work` with the given `traceparent` as its context (no span of its own); as is without one. */
export function inTraceOf<T>(traceparent: string | undefined, work: () => T): T {
  return traceparent ? context.with(extractContext({ traceparent }), work) : work();
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
