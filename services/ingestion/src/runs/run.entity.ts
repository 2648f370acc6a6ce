import type { IngestionRun } from '@pulse/contracts';

export type RunTrigger = IngestionRun['trigger'];
export type RunOutcome = IngestionRun['outcome'];

/** One run of one source, as stored in `runs`: what GET answers (libs/contracts), keyed by `_id`. */
export type RunDocument = Omit<IngestionRun, 'id'> & { _id: string };

/** What GET /api/ingestion/runs answers (libs/contracts, api/ingestion.ts). */
export type RunView = IngestionRun;

export const toRunView = ({ _id, ...run }: RunDocument): RunView => ({ id: _id, ...run });
