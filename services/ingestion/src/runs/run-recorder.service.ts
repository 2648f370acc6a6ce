import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, pulseMetrics, CLOCK, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import type { RunTally } from '../pipeline/run-tally';
import type { SourceDocument } from '../sources/source.record';
import type { RunDocument, RunTrigger } from './run.record';
import { RunRepository } from './run.repository';

const iso = (ms: number) => new Date(ms).toISOString();

/** Stores the record of one run of a source (polled or pushed), counts it and logs it. */
@Injectable()
export class RunRecorder {
  constructor(
    private readonly runs: RunRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async record(
    source: SourceDocument,
    trigger: RunTrigger,
    startedAt: number,
    tally: RunTally,
    result: Pick<RunDocument, 'outcome' | 'httpStatus' | 'error'> & {
      errorCategory: NonNullable<RunDocument['errorCategory']> | null;
    },
  ): Promise<RunDocument> {
    const run: RunDocument = {
      _id: randomUUID(),
      sourceId: source._id,
      sourceName: source.name,
      trigger,
      startedAt: iso(startedAt),
      durationMs: Math.max(0, this.clock.now() - startedAt),
      ...result,
      itemsNew: tally.itemsNew,
      itemsJoined: tally.itemsJoined,
      itemsDuplicate: tally.itemsDuplicate,
      itemsRejected: tally.itemsRejected,
      rejections: tally.rejections,
    };
    await this.runs.insert(run);
    pulseMetrics().ingestionRuns.add(1, { 'pulse.run.outcome': run.outcome });
    this.logger.info(
      {
        sourceId: source._id,
        trigger,
        outcome: run.outcome,
        new: run.itemsNew,
        rejected: run.itemsRejected,
        error: run.error,
        errorCategory: run.errorCategory,
      },
      'source run finished',
    );
    return run;
  }
}
