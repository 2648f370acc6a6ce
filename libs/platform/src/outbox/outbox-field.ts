import type { EventEnvelope } from '@pulse/contracts';
import type { Projection } from '../store';

/**
 * The field of a document that holds the events its last writes implied and the relay has not yet
 * published, oldest first. It is storage plumbing, never part of an entity: repositories keep it out of
 * everything they return (project it away with excludeOutbox, or strip it with withoutOutbox), so an
 * event payload — which may carry data meant for other services only — never reaches an API response.
 */
export const OUTBOX_FIELD = '_outbox';

/** A stored document as the relay sees it. Entities do not declare the field; only this module does. */
export type WithOutbox<T> = T & { [OUTBOX_FIELD]?: EventEnvelope[] };

/** The document without its pending events, for a repository that read it whole. */
export function withoutOutbox<T extends object>(doc: T): Omit<T, typeof OUTBOX_FIELD>;
export function withoutOutbox<T extends object>(doc: T | null): Omit<T, typeof OUTBOX_FIELD> | null;
export function withoutOutbox<T extends object>(doc: T | null): Omit<T, typeof OUTBOX_FIELD> | null {
  if (doc === null || !(OUTBOX_FIELD in doc)) return doc;
  const { [OUTBOX_FIELD]: _pending, ...rest } = doc as T & { [OUTBOX_FIELD]?: unknown };
  return rest as Omit<T, typeof OUTBOX_FIELD>;
}

/**
 * A projection that leaves the outbox out: `find(filter, { projection: excludeOutbox() })`. An
 * inclusion projection already leaves it out and is returned as it is; MongoDB refuses a projection
 * that mixes inclusion and exclusion, so one is never added to the other.
 */
export function excludeOutbox(projection?: Projection): Projection {
  if (!projection) return { [OUTBOX_FIELD]: 0 };
  const includes = Object.entries(projection).some(([path, on]) => path !== '_id' && Boolean(on));
  if (includes) {
    if (Object.keys(projection).some((path) => isOutboxPath(path))) {
      throw new Error(
        `a projection must not include ${OUTBOX_FIELD}: pending events never leave a repository`,
      );
    }
    return projection;
  }
  return { ...projection, [OUTBOX_FIELD]: 0 };
}

export const isOutboxPath = (path: string): boolean =>
  path === OUTBOX_FIELD || path.startsWith(`${OUTBOX_FIELD}.`);
