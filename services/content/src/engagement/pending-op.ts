import { randomBytes } from 'node:crypto';

/** The engagements that need a per-reader marker beside the article's counter (shares need none). */
export type MarkedKind = 'view' | 'like' | 'unlike';

/**
 * A counter change claimed in a reader's marker and not yet settled (engagement-applier.ts explains the
 * protocol). Stored in the marker as `op`; `op: null` means nothing is pending.
 */
export interface PendingOp {
  /** Random; the article remembers it in `engagementOps` while the op is in flight. */
  id: string;
  kind: MarkedKind;
  /** When the reader did it: the event's occurredAt, the same on every attempt. */
  at: string;
  /** When the current applier took the op; another takes over only once this is RECOVER_AFTER_MS old. */
  leaseAt: string;
  /**
   * What article.engaged carries for trending's filter (ReaderContext), kept in the op so a recoverer
   * sends the same event. Absent on ops claimed before these fields existed.
   */
  networkHash?: string;
  sessionIssuedAt?: string;
}

/** The reader facts an op carries onto its event. */
export interface OpReader {
  networkHash: string;
  issuedAtMs: number;
}

/** What the applier needs from a marker collection: the pending op and how to settle or take it over. */
export interface PendingMarker {
  _id: string;
  articleId: string;
  /** readerHash of the session. */
  session: string;
  op: PendingOp | null;
}

export interface MarkerStore {
  readonly name: string;
  /** Ends the op (it was applied, or there was nothing to apply); false when it was no longer pending. */
  settle(markerId: string, op: PendingOp): Promise<boolean>;
  /** Renews a stale op's lease for a recoverer; false when it settled or someone else took it. */
  takeOver(markerId: string, opId: string, staleBefore: string, now: string): Promise<boolean>;
  /** Markers whose op lease is older than `staleBefore`: their applier crashed or stalled. */
  stalePending(staleBefore: string, limit: number): Promise<(PendingMarker & { op: PendingOp })[]>;
  /** Whether an op with this id is still pending in this collection. */
  isPending(opId: string): Promise<boolean>;
}

/**
 * An applier gives up on an op it claimed this long ago rather than write the counter late: by then a
 * recoverer may own it (RECOVER_AFTER_MS), and two appliers must never both write.
 */
export const LIVE_LIMIT_MS = 20_000;
/** A pending op whose lease is this old is taken over by the recovery sweep (or a later request). */
export const RECOVER_AFTER_MS = 60_000;

export function newOp(kind: MarkedKind, now: number, reader?: OpReader): PendingOp {
  const at = new Date(now).toISOString();
  return {
    id: randomBytes(12).toString('base64url'),
    kind,
    at,
    leaseAt: at,
    ...(reader
      ? { networkHash: reader.networkHash, sessionIssuedAt: new Date(reader.issuedAtMs).toISOString() }
      : {}),
  };
}

/** The optional article.engaged fields of an op (none for an op that predates them). */
export function readerFieldsOf(op: Pick<PendingOp, 'networkHash' | 'sessionIssuedAt'>) {
  return {
    ...(op.networkHash ? { networkHash: op.networkHash } : {}),
    ...(op.sessionIssuedAt ? { sessionIssuedAt: op.sessionIssuedAt } : {}),
  };
}
