import { Injectable, NotFoundException } from '@nestjs/common';
import { listRunsQuerySchema, triggerRunsBodySchema, type TriggerRunsResponse } from '@pulse/contracts';
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

  async list(query: unknown): Promise<RunView[]> {
    const { sourceId, limit } = listRunsQuerySchema.parse(query);
    return (await this.runs.latest({ sourceId }, limit)).map(toRunView);
  }

  /** The same runs with each failure's own message, for the admin. */
  async listForAdmin(query: unknown): Promise<RunAdminView[]> {
    const { sourceId, limit } = listRunsQuerySchema.parse(query);
    return (await this.runs.latest({ sourceId }, limit)).map(toRunAdminView);
  }

  /** One named source runs even when paused (an admin asked for it); "all" means every unpaused source. */
  async trigger(body: unknown): Promise<TriggerRunsResponse> {
    const { sourceId } = triggerRunsBodySchema.parse(body ?? {});
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
