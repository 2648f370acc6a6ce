import { Injectable, NotFoundException } from '@nestjs/common';
import type { ListRunsQuery, TriggerRunsBody, TriggerRunsResponse } from '@pulse/contracts';
import { RunQueue } from '../schedule/run-queue';
import { SourceRepository } from '../sources/source.repository';
import { toRunAdminView, toRunView, type RunAdminView, type RunView } from './run.record';
import { RunRepository } from './run.repository';

@Injectable()
export class RunsService {
  constructor(
    private readonly runs: RunRepository,
    private readonly sources: SourceRepository,
    private readonly queue: RunQueue,
  ) {}

  async list({ sourceId, limit }: ListRunsQuery): Promise<RunView[]> {
    return (await this.runs.latest({ sourceId }, limit)).map(toRunView);
  }

  /** The same runs with each failure's own message, for the admin. */
  async listForAdmin({ sourceId, limit }: ListRunsQuery): Promise<RunAdminView[]> {
    return (await this.runs.latest({ sourceId }, limit)).map(toRunAdminView);
  }

  /** One named source runs even when paused (an admin asked for it); "all" means every unpaused source. */
  async trigger({ sourceId }: TriggerRunsBody): Promise<TriggerRunsResponse> {
    let ids: string[];
    if (sourceId) {
      if (!(await this.sources.findById(sourceId))) throw new NotFoundException('Source not found');
      ids = [sourceId];
    } else ids = await this.sources.listIds({ paused: false });
    const result: TriggerRunsResponse = { queued: [], alreadyRunning: [] };
    for (const id of ids)
      (this.queue.enqueue(id, 'manual') === 'queued' ? result.queued : result.alreadyRunning).push(id);
    return result;
  }
}
