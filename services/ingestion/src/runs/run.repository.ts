import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { RunDocument } from './run.record';

@Injectable()
export class RunRepository {
  private readonly runs: Collection<RunDocument>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.runs = store.collection<RunDocument>('runs', {
      indexes: [
        // GET /runs?sourceId=…: one source's latest runs.
        { key: { sourceId: 1, startedAt: -1 } },
        // GET /runs: the latest runs of all sources.
        { key: { startedAt: -1 } },
      ],
    });
  }

  insert(run: RunDocument): Promise<void> {
    return this.runs.insertOne(run);
  }

  latest(filter: { sourceId?: string }, limit: number): Promise<RunDocument[]> {
    const query = filter.sourceId ? { sourceId: filter.sourceId } : {};
    return this.runs.find(query, { sort: { startedAt: -1 }, limit });
  }
}
