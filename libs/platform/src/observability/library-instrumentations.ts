import { metrics, trace } from '@opentelemetry/api';
import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';

let enabled: Instrumentation[] | undefined;

/**
 * Turns on the OpenTelemetry instrumentations of the client libraries the adapters use — the MongoDB
 * driver (under mongoose), ioredis and kafkajs — so each database, cache and Kafka call is a span in the
 * request's or event's trace. They patch a library when it is first loaded, so this runs before any
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
  ];
  registerInstrumentations({ instrumentations: enabled });
}

/** Points the enabled instrumentations at the providers startTelemetry has just registered. */
export function bindLibraryInstrumentations(): void {
  for (const instrumentation of enabled ?? []) {
    instrumentation.setTracerProvider(trace.getTracerProvider());
    instrumentation.setMeterProvider(metrics.getMeterProvider());
  }
}
