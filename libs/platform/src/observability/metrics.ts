import { metrics, type Attributes, type Counter, type Histogram } from '@opentelemetry/api';

/** One value of an observed gauge, with the attributes that tell its series apart. */
export interface GaugeReading {
  value: number;
  attributes?: Attributes;
}

/** Gauges whose values are read when a collector or a Prometheus scrape asks, not pushed by the code. */
export type ObservedGauge = 'pulse.consumer.lag' | 'pulse.outbox.backlog';

const GAUGE_DESCRIPTIONS: Record<ObservedGauge, { description: string; unit: string }> = {
  'pulse.consumer.lag': {
    description: 'Records a consumer group has not yet committed, per topic and partition',
    unit: '{record}',
  },
  'pulse.outbox.backlog': {
    description: 'Events stored in an outbox and not yet published',
    unit: '{event}',
  },
};

export interface PulseMetrics {
  /** Per route template and status: rate, errors (status ≥ 500) and latency in one histogram. */
  httpServerDuration: Histogram;
  llmTokens: Counter;
  llmCostUsd: Counter;
  ingestionRuns: Counter;
  mailDeliveries: Counter;
}

type GaugeSource = () => GaugeReading[] | Promise<GaugeReading[]>;

const gaugeSources = new Map<ObservedGauge, Set<GaugeSource>>();
let instruments: PulseMetrics | undefined;

/**
 * The process's metric instruments, made from the meter provider that startTelemetry registered (no-op
 * instruments when none is, as in unit tests). Remade after each start, because the API hands out no-op
 * meters for good before a provider exists. Names follow OpenTelemetry's semantic conventions where one
 * exists (http.server.request.duration); the rest are ours, prefixed `pulse.` (docs/observability.md).
 */
export function pulseMetrics(): PulseMetrics {
  if (instruments) return instruments;
  const meter = metrics.getMeter('pulse');
  for (const name of Object.keys(GAUGE_DESCRIPTIONS) as ObservedGauge[]) {
    meter.createObservableGauge(name, GAUGE_DESCRIPTIONS[name]).addCallback(async (result) => {
      for (const source of gaugeSources.get(name) ?? []) {
        try {
          for (const reading of await source()) result.observe(reading.value, reading.attributes);
        } catch {
          // A source that cannot answer now (a broker away) leaves its series out of this one collection.
        }
      }
    });
  }
  instruments = {
    httpServerDuration: meter.createHistogram('http.server.request.duration', {
      description: 'Duration of HTTP server requests',
      unit: 's',
      advice: { explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] },
    }),
    llmTokens: meter.createCounter('pulse.llm.tokens', {
      description: 'Tokens sent to and received from the language model',
      unit: '{token}',
    }),
    llmCostUsd: meter.createCounter('pulse.llm.cost', {
      description: 'Estimated language-model cost (configured prices per 1,000 tokens)',
      unit: 'USD',
    }),
    ingestionRuns: meter.createCounter('pulse.ingestion.runs', {
      description: 'Source runs of the ingestion service, by outcome',
      unit: '{run}',
    }),
    mailDeliveries: meter.createCounter('pulse.mail.deliveries', {
      description: 'Messages handed to the mail server, by outcome (accepted, refused for good, deferred)',
      unit: '{message}',
    }),
  };
  return instruments;
}

/** Forgets the instruments, so the next pulseMetrics() binds to the provider registered since. */
export function resetPulseMetrics(): void {
  instruments = undefined;
}

/**
 * Adds a source of readings to an observed gauge; returns the function that removes it (call it when the
 * component closes). The source runs only when metrics are collected.
 */
export function observeGauge(name: ObservedGauge, source: GaugeSource): () => void {
  const sources = gaugeSources.get(name) ?? new Set<GaugeSource>();
  gaugeSources.set(name, sources);
  sources.add(source);
  pulseMetrics();
  return () => sources.delete(source);
}
