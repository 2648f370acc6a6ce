import type { ArticleCollectedPayload } from '@pulse/contracts';
import { checkGlossary, GLOSSARY_HOLD_THRESHOLD, type GlossaryIssue } from '../glossary/glossary';
import type { TranslationOutput } from '../output/translation-output.schema';
import { htmlToText } from '../sanitise/sanitise-html';
import { findUrlsAddedToSource } from './url-check';

export interface OutputReview {
  verdict: 'publish' | 'hold';
  /** Why it is held, for the reviewer; empty when published. */
  reasons: string[];
  addedUrls: string[];
  /** Recorded even when published, so slips can be fixed in the prompt or glossary. */
  glossaryIssues: GlossaryIssue[];
}

/**
 * The checks a schema-valid output still has to pass before it is published (DESIGN §5). Run on the
 * output as the model wrote it, before sanitising: a URL the sanitiser would drop still shows intent.
 */
export function reviewOutput(output: TranslationOutput, source: ArticleCollectedPayload): OutputReview {
  const texts = [output.title, output.summary, output.bodyHtml, ...output.tags, ...output.keyInsights];
  const addedUrls = findUrlsAddedToSource(texts, source);
  const plain = [output.title, output.summary, htmlToText(output.bodyHtml), ...output.keyInsights].join('\n');
  const glossaryIssues = checkGlossary(plain);
  const reasons = [
    ...(addedUrls.length > 0 ? [`adds URLs absent from the source: ${addedUrls.join(', ')}`] : []),
    ...(glossaryIssues.length >= GLOSSARY_HOLD_THRESHOLD
      ? [
          `${glossaryIssues.length} glossary terms in a wrong form: ${glossaryIssues.map((i) => i.found).join(', ')}`,
        ]
      : []),
  ];
  return { verdict: reasons.length > 0 ? 'hold' : 'publish', reasons, addedUrls, glossaryIssues };
}
