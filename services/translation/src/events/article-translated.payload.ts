import {
  SUMMARY_MAX_LENGTH,
  type ArticleCollectedPayload,
  type ArticleTranslatedPayload,
} from '@pulse/contracts';
import { toPlainText } from '@pulse/platform';
import { bilingualOf } from '../alignment/alignment';
import type { Classification } from '../classify/keyword-classifier';
import type { TranslationOutput } from '../output/translation-output.schema';
import { htmlToText, sanitiseHtml } from '../sanitise/sanitise-html';
import type { TokenTally } from '../translation.record';

const TITLE_MAX = 300;
/** The contracts' bound on a story's original sources. */

/** Cuts at a word boundary and marks the cut, so a shortened English summary still reads as prose. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const common = (source: ArticleCollectedPayload, articleId: string, at: string) => ({
  articleId,
  clusterId: source.clusterId,
  sources: source.sources,
  imageUrl: source.imageUrl,
  youtubeVideos: source.youtubeVideoIds.map((embedId) => ({ embedId })),
  translatedAt: at,
  collectedAt: source.collectedAt,
});

/** The Korean article, from an output already sanitised and reviewed. */
export function translatedPayload(
  source: ArticleCollectedPayload,
  articleId: string,
  output: TranslationOutput,
  model: string,
  usage: TokenTally,
  at: string,
): ArticleTranslatedPayload {
  const bilingual = bilingualOf(source, output.bodyHtml, output.paragraphSources);
  return {
    ...common(source, articleId, at),
    ...(bilingual ? { bilingual } : {}),
    title: output.title,
    summary: output.summary,
    bodyHtml: output.bodyHtml,
    primaryCategory: output.primaryCategory,
    secondaryCategory: output.secondaryCategory,
    tags: output.tags,
    contentType: output.contentType,
    keyInsights: output.contentType === 'insight' ? output.keyInsights : [],
    translationStatus: 'translated',
    model,
    usage: { ...usage, totalTokens: usage.promptTokens + usage.completionTokens },
  };
}

/**
 * The English original, unchanged but for length and sanitising, marked pending (docs/design.md §5: nothing
 * invented). Tags and key insights would have to be written, so they are empty.
 */
export function pendingPayload(
  source: ArticleCollectedPayload,
  articleId: string,
  classification: Classification,
  at: string,
): ArticleTranslatedPayload {
  const summary = toPlainText(
    source.summary.trim() ? htmlToText(source.summary) : htmlToText(source.bodyHtml),
  );
  return {
    ...common(source, articleId, at),
    title: truncate(toPlainText(htmlToText(source.title)), TITLE_MAX),
    summary: truncate(summary, SUMMARY_MAX_LENGTH),
    bodyHtml: sanitiseHtml(source.bodyHtml),
    primaryCategory: classification.primaryCategory,
    secondaryCategory: classification.secondaryCategory,
    tags: [],
    contentType: classification.contentType,
    keyInsights: [],
    translationStatus: 'pending',
    model: null,
    usage: null,
  };
}
