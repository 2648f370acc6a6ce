/**
 * One lease (`leases` collection of the service's own store), keyed by the job it guards, e.g.
 * 'ingestion.poll:<sourceId>' or 'newsletter.edition:weekly-2026-03-02'. The document is never deleted:
 * `token` only grows, so a released and re-taken lease never hands out a token an earlier holder had.
 */
export interface LeaseDocument {
  _id: string;
  /** Who holds it (a replica's holder id), or null once released. */
  holder: string | null;
  /** Fencing token: raised by one at every acquisition, by whichever holder. */
  token: number;
  /** ISO-8601: from then on another holder may take it. */
  expiresAt: string;
  acquiredAt: string;
}
