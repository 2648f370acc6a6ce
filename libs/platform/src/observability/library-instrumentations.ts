import { metrics, trace } from '@opentelemetry/api';
import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { RuntimeNodeInstrumentation } from '@opentelemetry/instrumentation-runtime-node';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';

let enabled: Instrumentation[] | undefined;

/**
 * Turns on the OpenTelemetry instrumentations of the client libraries the adapters use — the MongoDB
 * driver (under mongoose), ioredis, kafkajs and undici (every outgoing HTTP call: the gateway's calls to
 * the services, fetch for feeds, the LLM and the services' reads of one another) — so each database,
 * cache, Kafka and HTTP call is a span in the request's or event's trace; and the Node runtime's own
 * metrics (event-loop delay and utilisation, heap, GC). They patch a library when it is first loaded, so this runs before any
 * adapter is imported: every entry point's first import is `observability/instrument`
 * (docs/observability.md). Idempotent; off when OTEL_SDK_DISABLED=true.
 *
 * They take their tracer and meter from the global API, whose tracer is a proxy: spans recorded before
 * startTelemetry registers the SDK are dropped, later ones reach it. The HTTP server spans stay our own
 * fastify hooks (http-tracing.ts), which also name the route.
 */
export function enableLibraryInstrumentations(): void {
  if (enabled || process.env.OTEL_SDK_DISABLED === 'true') return;
  enabled = [
    new MongoDBInstrumentation({ enhancedDatabaseReporting: false }),
    new IORedisInstrumentation(),
    new KafkaJsInstrumentation(),
    new UndiciInstrumentation(),
    new RuntimeNodeInstrumentation(),
  ];
  registerInstrumentations({ instrumentations: enabled });
}

/**
 * Whether outgoing HTTP requests get their `traceparent` from the undici instrumentation (its client
 * span's), so that code must not set one by hand: two headers make the receiver drop both.
 */
export function injectsOutgoingTraceparent(): boolean {
  return enabled !== undefined;
}

/** Points the enabled instrumentations at the providers startTelemetry has just registered. */
export function bindLibraryInstrumentations(): void {
  for (const instrumentation of enabled ?? []) {
    instrumentation.setTracerProvider(trace.getTracerProvider());
    instrumentation.setMeterProvider(metrics.getMeterProvider());
  }
}
