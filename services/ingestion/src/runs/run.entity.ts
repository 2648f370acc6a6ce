import type { IngestionRun } from '@pulse/contracts';

export type RunTrigger = 'schedule' | 'manual';
export type RunOutcome = 'ok' | 'not-modified' | 'failed';

/** One run of one source, as stored in `runs`. */
export interface RunDocument {
  _id: string;
  sourceId: string;
  sourceName: string;
  trigger: RunTrigger;
  startedAt: string;
  durationMs: number;
  outcome: RunOutcome;
  /** Of the source's own URL (the last hop); null when no response came. */
  httpStatus: number | null;
  itemsNew: number;
  /** Near-duplicates of a story another source already carried: added to that story, not emitted again. */
  itemsJoined: number;
  itemsDuplicate: number;
  itemsRejected: number;
  /** The first few rejections with why, for an admin looking at a feed that loses items. */
  rejections: Array<{ reason: string; title?: string }>;
  /** Why the run failed (fetch reason and message, parse or store error); null on success. */
  error: string | null;
}

/** What GET /api/ingestion/runs answers (libs/contracts, api/ingestion.ts). */
export type RunView = IngestionRun;

export const toRunView = ({ _id, ...run }: RunDocument): RunView => ({ id: _id, ...run });
