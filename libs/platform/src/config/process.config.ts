import { z } from 'zod';

/** Variables every process reads, whatever ports it uses. */
export const processConfigSchema = z.object({
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .optional()
    .describe(
      "HTTP port. Defaults to each service's own port (gateway 3000, content 3101 … newsletter 3106); in embedded mode the one port of the whole site.",
    ),
  HOST: z.string().default('127.0.0.1').describe('Interface to listen on. Containers set 0.0.0.0.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino log level.'),
  LOG_PRETTY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('Human-readable logs instead of JSON lines (set by `npm start`).'),
  PULSE_DATA_DIR: z
    .string()
    .default('.data')
    .describe(
      'Folder for the embedded adapters (store log, bus log, outbox, processed ids). Relative to the working directory.',
    ),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .url()
    .optional()
    .describe(
      'OTLP/HTTP collector base URL (e.g. http://otel-collector:4318). Unset: spans are created and propagated but not exported.',
    ),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(20_000)
    .default(0)
    .describe(
      "After SIGTERM, how long /readyz answers 503 ('shutting down') while requests are still served, before the listener closes: a load balancer stops sending first. Part of the 25 s shutdown budget. The Kubernetes manifests set 5000.",
    ),
  OTEL_SERVICE_NAME: z
    .string()
    .optional()
    .describe("Overrides the service name in traces (default: the service's own name)."),
});

export type ProcessConfig = z.output<typeof processConfigSchema>;
