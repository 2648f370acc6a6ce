import type { EventEnvelope } from '@pulse/contracts';
import type { BackoffOptions, BusLogger, EventBus } from '../bus';
import { backoffDelay } from '../bus/core/backoff';
import type { Adapter, HealthResult } from '../lifecycle';
import { observeGauge, type GaugeReading } from '../observability/metrics';
import { inTraceOf } from '../observability/telemetry';
import type { Collection, DocumentStore } from '../store';
import { OUTBOX_FIELD } from './outbox-field';
import {
  OUTBOX_INDEX,
  PENDING_COUNT_LIMIT,
  PENDING_COUNT_PIPELINE,
  PENDING_FILTER,
  PENDING_SORT,
} from './pending-events.query';
import { pause, RelayAlarm } from './relay-alarm';

export interface OutboxRelayOptions {
  store: DocumentStore;
  bus: EventBus;
  logger?: Pick<BusLogger, 'error' | 'info'>;
  /** Poll period while idle; a local write nudges the relay sooner. Default 500 ms. */
  intervalMs?: number;
  /** Wait after a failed pass. Default 500 ms doubling up to 30 s. */
  backoff?: BackoffOptions;
  /** Documents read per collection per pass; a full batch is followed at once by another pass. Default 100. */
  batchSize?: number;
}

interface PendingDocument {
  _id: string;
  [OUTBOX_FIELD]: EventEnvelope[];
}

interface Failure {
  /** 'publish': the bus refused; 'store': reading or emptying the outbox failed. */
  stage: 'publish' | 'store';
  message: string;
}

class PublishFailed extends Error {}

// At most 5 s between tries: a pass that finds the bus or the store still down costs one request, and
// events should move again within seconds of the outage's end, not after a long backoff.
const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 5_000 };

/**
 * Moves the events repositories wrote into documents (OutboxWriter) onto the bus, one relay per service
 * process. At-least-once: it publishes first and then `$pull`s what it published by envelope id, so a
 * crash between the two publishes those events again and consumers, which deduplicate by envelope id,
 * apply them once. A document's events are published in the order they were added and a failure stops
 * the pass before any later one, so one aggregate's events keep their order. Pulling by id (never
 * rewriting the array) keeps events a concurrent write appends meanwhile.
 *
 * Several replicas may relay the same collection; each publishes what it finds, and the duplicates this
 * can cause are absorbed like any redelivery. The loop never throws: failures are logged, reported by
 * check() for /readyz and retried with backoff.
 */
export class OutboxRelay implements Adapter {
  readonly adapterName = 'in-document';
  private readonly collections = new Map<string, Collection<PendingDocument>>();
  private readonly stop = new AbortController();
  private readonly alarm = new RelayAlarm();
  private readonly intervalMs: number;
  private readonly backoff: BackoffOptions;
  private readonly batchSize: number;
  private loop?: Promise<void>;
  private lastFailure?: Failure;
  private stopObserving?: () => void;

  constructor(private readonly options: OutboxRelayOptions) {
    this.intervalMs = options.intervalMs ?? 500;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.batchSize = options.batchSize ?? 100;
  }

  /** Adds a collection whose documents may hold events. Repositories call it in their constructor. */
  register(collectionName: string): void {
    if (this.collections.has(collectionName)) return;
    this.collections.set(
      collectionName,
      this.options.store.collection<PendingDocument>(collectionName, { indexes: [OUTBOX_INDEX] }),
    );
  }

  isRegistered(collectionName: string): boolean {
    return this.collections.has(collectionName);
  }

  /** Starts the loop (createServiceApp does, once every repository has registered). Idempotent. */
  start(): void {
    if (this.loop || this.stop.signal.aborted) return;
    this.loop = this.run();
    this.stopObserving = observeGauge('pulse.outbox.backlog', () => this.backlog());
  }

  /** A local write just stored events: relay them now instead of at the next poll. */
  nudge(): void {
    this.alarm.nudge();
  }

  /** Ready when the last pass succeeded, or nothing is pending (a failure with nothing to do harms no one). */
  async check(): Promise<HealthResult> {
    const failure = this.lastFailure;
    if (!failure) return { ok: true };
    const what = failure.stage === 'publish' ? 'last publish failed' : 'last relay pass failed';
    try {
      const { documents, events } = await this.countPending();
      if (events === 0) return { ok: true };
      const count = documents >= PENDING_COUNT_LIMIT ? `at least ${events}` : String(events);
      return {
        ok: false,
        reason: `${count} event${events === 1 ? '' : 's'} pending, ${what}: ${failure.message}`,
      };
    } catch (error) {
      return {
        ok: false,
        reason: `${what}: ${failure.message}; pending events unknown: ${messageOf(error)}`,
      };
    }
  }

  /** Stops the loop, letting a publish in flight finish and its $pull run. Idempotent. */
  async close(): Promise<void> {
    this.stop.abort();
    this.stopObserving?.();
    await this.loop;
  }

  /**
   * After close(): publishes what is still pending, for a graceful shutdown (README.md
   * 'Graceful shutdown'), so the events the last requests and handlers stored leave with this process
   * instead of waiting for the next one. Bounded by `timeoutMs`; a failure or the deadline leaves the
   * rest stored for the next relay, as a crash would. Returns how many events it published.
   */
  async flush(timeoutMs = 10_000): Promise<number> {
    const signal = AbortSignal.timeout(timeoutMs);
    let published = 0;
    try {
      const before = await this.countPending();
      if (before.events === 0) return 0;
      while (!signal.aborted && (await this.pass(signal))) {
        // A full batch: another pass, until every collection is read to its end.
      }
      published = before.events - (await this.countPending()).events;
      this.options.logger?.info({ published }, 'outbox relay flushed before shutdown');
    } catch (error) {
      this.options.logger?.error(
        { err: error },
        'outbox relay flush failed; the rest stays for the next relay',
      );
    }
    return published;
  }

  private async run(): Promise<void> {
    const { signal } = this.stop;
    let failures = 0;
    while (!signal.aborted) {
      this.alarm.reset();
      let more = false;
      try {
        more = await this.pass(signal);
        if (failures > 0) this.options.logger?.info({ failures }, 'outbox relay recovered');
        failures = 0;
        this.lastFailure = undefined;
      } catch (error) {
        failures += 1;
        const stage = error instanceof PublishFailed ? 'publish' : 'store';
        const cause = error instanceof PublishFailed ? error.cause : error;
        this.lastFailure = { stage, message: messageOf(cause) };
        const retryInMs = backoffDelay(this.backoff, failures);
        this.options.logger?.error({ err: cause, stage, failures, retryInMs }, 'outbox relay pass failed');
        await pause(retryInMs, signal);
        continue;
      }
      if (!more) await this.alarm.idle(this.intervalMs, signal);
    }
  }

  /** One sweep of every registered collection; true when a batch was full and more may be waiting. */
  private async pass(signal: AbortSignal): Promise<boolean> {
    let more = false;
    for (const collection of this.collections.values()) {
      const documents = await collection.find<PendingDocument>(PENDING_FILTER, {
        sort: PENDING_SORT,
        limit: this.batchSize,
        projection: { [OUTBOX_FIELD]: 1 },
      });
      for (const document of documents) {
        if (signal.aborted) return false;
        await this.relay(collection, document);
      }
      if (documents.length === this.batchSize) more = true;
    }
    return more;
  }

  private async relay(collection: Collection<PendingDocument>, document: PendingDocument): Promise<void> {
    for (const run of runsByTopic(document[OUTBOX_FIELD])) {
      try {
        // In the trace of the change that stored the events, so the bus client's own spans (the Kafka
        // produce) join it instead of starting a trace per relay pass.
        await inTraceOf(run.events[0]?.traceparent, () => this.options.bus.publish(run.topic, run.events));
      } catch (error) {
        throw new PublishFailed(`publish to ${run.topic} failed`, { cause: error });
      }
      await collection.updateOne(
        { _id: document._id },
        { $pull: { [OUTBOX_FIELD]: { id: { $in: run.events.map((event) => event.id) } } } },
      );
    }
  }

  /** Pending events per collection, for the `pulse.outbox.backlog` gauge (counted up to PENDING_COUNT_LIMIT documents). */
  private async backlog(): Promise<GaugeReading[]> {
    const readings: GaugeReading[] = [];
    for (const [name, collection] of this.collections) {
      const [counted] = await collection.aggregate<{ events: number }>(PENDING_COUNT_PIPELINE);
      readings.push({ value: counted?.events ?? 0, attributes: { 'pulse.outbox.collection': name } });
    }
    return readings;
  }

  private async countPending(): Promise<{ documents: number; events: number }> {
    let documents = 0;
    let events = 0;
    for (const collection of this.collections.values()) {
      const [counted] = await collection.aggregate<{ documents: number; events: number }>(
        PENDING_COUNT_PIPELINE,
      );
      documents += counted?.documents ?? 0;
      events += counted?.events ?? 0;
    }
    return { documents, events };
  }
}

/**
 * Consecutive events of one topic go out in one publish call (fewer round trips); a topic change starts
 * a new call, so the document's order is kept across topics too.
 */
function runsByTopic(events: EventEnvelope[]): Array<{ topic: string; events: EventEnvelope[] }> {
  const runs: Array<{ topic: string; events: EventEnvelope[] }> = [];
  for (const event of events) {
    const last = runs.at(-1);
    if (last && last.topic === event.type) last.events.push(event);
    else runs.push({ topic: event.type, events: [event] });
  }
  return runs;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
