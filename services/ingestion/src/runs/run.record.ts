import type { IngestionRun, IngestionRunAdmin } from '@pulse/contracts';
import { storedCategory } from './error-category';

export type RunTrigger = IngestionRun['trigger'];
export type RunOutcome = IngestionRun['outcome'];

/**
 * One run of one source, as stored in `runs`, keyed by `_id`: the failure's message and its category
 * (absent on runs stored before categories were kept).
 */
export type RunDocument = Omit<IngestionRunAdmin, 'id' | 'errorCategory'> & {
  _id: string;
  errorCategory?: IngestionRunAdmin['errorCategory'];
};

/** What GET /api/ingestion/runs answers (libs/contracts, api/ingestion.ts): the category, never the message. */
export type RunView = IngestionRun;
/** What GET /api/ingestion/admin/runs answers: the message too. */
export type RunAdminView = IngestionRunAdmin;

export const toRunAdminView = ({ _id, ...run }: RunDocument): RunAdminView => ({
  id: _id,
  ...run,
  errorCategory: storedCategory(run.errorCategory, run.error),
});

export const toRunView = (document: RunDocument): RunView => {
  const { error: _message, ...run } = toRunAdminView(document);
  return run;
};
