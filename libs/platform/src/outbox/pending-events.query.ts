import type { Filter, IndexSpec, PipelineStage, SortSpec } from '../store';
import { OUTBOX_FIELD } from './outbox-field';

const OCCURRED_AT = `${OUTBOX_FIELD}.occurredAt`;

/**
 * Serves the relay's poll (PENDING_FILTER + PENDING_SORT) on every registered collection. Multikey: each
 * pending envelope contributes its occurredAt, and a document with none pending (no field, or an
 * emptied array) has no key in the filter's range, so the poll reads only documents with work to do
 * however large the collection is — no scan on every tick.
 */
export const OUTBOX_INDEX: IndexSpec = { key: { [OCCURRED_AT]: 1 } };

/**
 * Documents holding at least one pending envelope. `$gt: ''` matches any occurredAt (an ISO string) and
 * is an index range; `$exists` on an array element could not be answered from the index.
 */
export const PENDING_FILTER: Filter = { [OCCURRED_AT]: { $gt: '' } };

/**
 * Oldest pending event first (an array field sorts by its smallest element ascending), so a batch limit
 * never starves an old document behind newer ones.
 */
export const PENDING_SORT: SortSpec = { [OCCURRED_AT]: 1 };

/** Bounds the work /readyz does during an outage; at the bound the reason says "at least". */
export const PENDING_COUNT_LIMIT = 1000;

/** { documents, events } pending, reading at most PENDING_COUNT_LIMIT documents. */
export const PENDING_COUNT_PIPELINE: PipelineStage[] = [
  { $match: PENDING_FILTER },
  { $limit: PENDING_COUNT_LIMIT },
  { $unwind: `$${OUTBOX_FIELD}` },
  { $group: { _id: '$_id', events: { $sum: 1 } } },
  { $group: { _id: null, documents: { $sum: 1 }, events: { $sum: '$events' } } },
];
