import { trace } from '@opentelemetry/api';
import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  service: string;
  level?: string;
  pretty?: boolean;
}

/**
 * One pino logger per process, with each line stamped with the service and, when a span is active,
 * its trace and span ids so logs and traces join up in the collector.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino({
    name: options.service,
    level: options.level ?? 'info',
    base: { service: options.service },
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'headers.authorization',
      '*.apiKey',
      '*.password',
    ],
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    transport: options.pretty
      ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } }
      : undefined,
  });
}
