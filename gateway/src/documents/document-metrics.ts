import { metrics, type Counter } from '@opentelemetry/api';

/** What the page documents count (docs/abuse/cache-busting.md): renders, and readers turned away unrendered. */
export interface DocumentCounters {
  /** `trigger`: 'reader' (someone waits for it) or 'refresh' (behind the readers of a lapsed copy). */
  renders: Counter;
  /** Readers given the busy document because the render budget was spent (GATEWAY_RENDER_CONCURRENCY). */
  busy: Counter;
}

/**
 * Made when the document handler is built, after the process started its telemetry (bootProcess): the
 * OpenTelemetry API hands out no-op instruments for good before a meter provider exists. With no exporter
 * configured (`npm start`) they count nothing anywhere.
 */
export function documentCounters(): DocumentCounters {
  const meter = metrics.getMeter('pulse');
  return {
    renders: meter.createCounter('pulse.document.renders', {
      description: 'Page documents rendered, by trigger (a reader waiting, or a refresh of a lapsed copy)',
      unit: '{document}',
    }),
    busy: meter.createCounter('pulse.document.busy', {
      description: 'Document requests answered with the busy document: no copy held, render budget spent',
      unit: '{request}',
    }),
  };
}
