import type { HeldItemDetail, HeldItemSummary, ReviewState } from '@pulse/contracts';
import { htmlToText, sanitiseHtml } from '../sanitise/sanitise-html';
import type { TranslationRecord } from '../translation.record';

/** Where a job stands in review; a job that was never held has no review state. */
export function reviewStateOf(record: TranslationRecord): ReviewState | null {
  if (record.status === 'held') return 'held';
  if (record.status === 'rejected') return 'rejected';
  if (record.status === 'translated' && record.decision?.state === 'released') return 'released';
  return null;
}

export function toHeldSummary(record: TranslationRecord): HeldItemSummary {
  const source = record.source;
  return {
    id: record._id,
    articleId: record.articleId,
    state: reviewStateOf(record) ?? 'held',
    // A title from a feed is untrusted text: shown as plain text, never as markup.
    title: record.output?.title ?? htmlToText(source.title),
    sourceTitle: htmlToText(source.title),
    sourceName: source.sources[0]?.sourceName ?? '',
    hasOutput: record.output !== null,
    reasons: record.review?.reasons ?? [],
    addedUrls: record.review?.addedUrls ?? [],
    removedInstructions: record.review?.removedInstructions ?? [],
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** The source beside the output; the source's body is sanitised like any HTML from outside. */
export function toHeldDetail(record: TranslationRecord): HeldItemDetail {
  const source = record.source;
  return {
    ...toHeldSummary(record),
    source: {
      title: htmlToText(source.title),
      summary: htmlToText(source.summary),
      bodyHtml: sanitiseHtml(source.bodyHtml),
      sources: source.sources,
      collectedAt: source.collectedAt,
    },
    output: record.output,
    model: record.model,
    lastError: record.lastError,
    editedAt: record.editedAt ?? null,
    decision: record.decision ?? null,
  };
}
