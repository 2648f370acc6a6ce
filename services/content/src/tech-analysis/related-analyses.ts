import type { TechAnalysisRecord } from './tech-analysis.record';

export const RELATED_ANALYSES_LIMIT = 3;

type Candidate = Pick<TechAnalysisRecord, '_id' | 'technologyCategory' | 'keywordKeys' | 'publishedAt'>;

/**
 * Related analyses when no editor chose them: the same technology category first, then analyses sharing
 * SEO keywords; within each group more shared keywords first, then newer. An analysis that shares neither
 * is not related. Pure, so the ranking is tested without a store.
 */
export function rankRelated<T extends Candidate>(
  self: Candidate,
  candidates: readonly T[],
  limit = RELATED_ANALYSES_LIMIT,
): T[] {
  const keys = new Set(self.keywordKeys);
  return candidates
    .filter((candidate) => candidate._id !== self._id)
    .map((candidate) => ({
      candidate,
      sameCategory: candidate.technologyCategory === self.technologyCategory,
      shared: candidate.keywordKeys.filter((key) => keys.has(key)).length,
    }))
    .filter(({ sameCategory, shared }) => sameCategory || shared > 0)
    .sort(
      (a, b) =>
        Number(b.sameCategory) - Number(a.sameCategory) ||
        b.shared - a.shared ||
        (b.candidate.publishedAt ?? '').localeCompare(a.candidate.publishedAt ?? '') ||
        a.candidate._id.localeCompare(b.candidate._id),
    )
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
