import { createHash } from 'node:crypto';
import type { SourceUpdatedPayload } from '@pulse/contracts';
import type { SourceDocument } from './source.record';

/**
 * A source's public catalogue entry as source.updated carries it to the content service (the sources
 * page and the sidebar). Fetch options and run state are ingestion's own and never leave it, except the
 * announced poll interval and WebSub state (the page says how often a source is checked); those are
 * left out while unknown, so sources that never ran keep their fingerprint.
 */
export function sourceUpdatedPayload(
  source: SourceDocument,
  change: { enabled: boolean; updatedAt: string } = {
    enabled: !source.paused,
    updatedAt: source.updatedAt,
  },
): SourceUpdatedPayload {
  return {
    id: source._id,
    name: source.name,
    description: source.description,
    sourceType: source.sourceType,
    url: source.url,
    imageUrl: source.imageUrl,
    ...(source.pollIntervalSeconds ? { pollIntervalSeconds: source.pollIntervalSeconds } : {}),
    ...(source.websub
      ? { websub: { state: source.websub.state, leaseExpiresAt: source.websub.leaseExpiresAt } }
      : {}),
    ...change,
  };
}

/**
 * What the content service would need to hear about, as a short hash: equal fingerprints mean an event
 * would change nothing there, so none is sent (a PATCH of the fetch interval, a restart, a re-seed).
 */
export function catalogueFingerprint(source: SourceDocument): string {
  const { updatedAt: _ignored, ...entry } = sourceUpdatedPayload(source);
  return createHash('sha256').update(JSON.stringify(entry)).digest('base64url').slice(0, 22);
}

/**
 * The updatedAt of the next change: now, but always after the previous one, so consumers ordering by it
 * never see two versions of a source with the same time (two edits within a millisecond, a slow clock).
 */
export function nextUpdatedAt(previous: string | undefined, nowMs: number): string {
  const after = previous ? Date.parse(previous) + 1 : -Infinity;
  return new Date(Math.max(nowMs, after)).toISOString();
}
