import type { ArticleBilingualPayload, ArticleCollectedPayload } from '@pulse/contracts';
import { stripInstructionsFromHtml } from '../prompt/strip-instructions';
import { splitParagraphs } from './paragraphs';

/** A paragraph longer than this is cut: the bilingual view quotes, it does not republish. */
const PARAGRAPH_CHARS_MAX = 5_000;

const cut = (text: string) =>
  text.length > PARAGRAPH_CHARS_MAX ? `${text.slice(0, PARAGRAPH_CHARS_MAX - 1)}…` : text;

/**
 * The English paragraphs the model is shown, numbered from 0: the source body with the sentences addressed to the
 * model left out (prompt/strip-instructions.ts), exactly as the prompt carries it.
 */
export function sourceParagraphsOf(source: Pick<ArticleCollectedPayload, 'bodyHtml'>): string[] {
  return splitParagraphs(stripInstructionsFromHtml(source.bodyHtml).html);
}

/** Why an alignment was dropped, or null when it holds. */
export function alignmentProblem(
  paragraphSources: readonly (readonly number[])[],
  koreanCount: number,
  sourceCount: number,
): string | null {
  if (koreanCount === 0 || sourceCount === 0) return 'no paragraphs to align';
  if (paragraphSources.length !== koreanCount)
    return `${paragraphSources.length} mappings for ${koreanCount} Korean paragraphs`;
  for (const [i, indexes] of paragraphSources.entries()) {
    if (indexes.length === 0) return `Korean paragraph ${i} has no source paragraph`;
    const bad = indexes.find((index) => !Number.isInteger(index) || index < 0 || index >= sourceCount);
    if (bad !== undefined) return `Korean paragraph ${i} points at ${bad}, outside 0–${sourceCount - 1}`;
  }
  return null;
}

/**
 * The bilingual view of a translation ('원문 대조'): the source's paragraphs and, per Korean paragraph of the
 * sanitised body, the source paragraphs it came from. Null when the model's mapping does not hold (wrong count,
 * an index out of range, a paragraph mapped to nothing): the translation stands, only the view is dropped.
 */
export function bilingualOf(
  source: Pick<ArticleCollectedPayload, 'bodyHtml'>,
  koreanBodyHtml: string,
  paragraphSources: readonly (readonly number[])[] | undefined,
): ArticleBilingualPayload | null {
  const sourceParagraphs = sourceParagraphsOf(source);
  const korean = splitParagraphs(koreanBodyHtml);
  if (!paragraphSources || alignmentProblem(paragraphSources, korean.length, sourceParagraphs.length))
    return null;
  return {
    sourceParagraphs: sourceParagraphs.map(cut),
    pairs: korean.map((text, i) => ({ korean: cut(text), sources: [...new Set(paragraphSources[i])] })),
  };
}
