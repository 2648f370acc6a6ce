import type { ArticleCollectedPayload } from '@pulse/contracts';
import { checkLinkRule, linkRuleReasons } from '@pulse/platform';
import { checkGlossary, GLOSSARY_HOLD_THRESHOLD, type GlossaryIssue } from '../glossary/glossary';
import type { TranslationOutput } from '../output/translation-output.schema';
import { htmlToText } from '../sanitise/sanitise-html';
import { sourceAddresses } from './url-check';

export interface OutputReview {
  verdict: 'publish' | 'hold';
  /** Why it is held, for the reviewer; empty when published. */
  reasons: string[];
  /** Every address the output points to or writes that its source did not allow. */
  addedUrls: string[];
  /** Recorded even when published, so slips can be fixed in the prompt or glossary. */
  glossaryIssues: GlossaryIssue[];
}

/**
 * The checks a schema-valid output still has to pass before it is published. Run on the output as the
 * model wrote it, before sanitising: a link the sanitiser would drop still shows that the model followed
 * something other than its instructions, so the whole output is held, not patched.
 */
export function reviewOutput(output: TranslationOutput, source: ArticleCollectedPayload): OutputReview {
  const findings = checkLinkRule(
    [output.bodyHtml],
    { title: output.title, summary: output.summary, tags: output.tags, keyInsights: output.keyInsights },
    sourceAddresses(source),
  );
  const plain = [output.title, output.summary, htmlToText(output.bodyHtml), ...output.keyInsights].join('\n');
  const glossaryIssues = checkGlossary(plain);
  const reasons = [
    ...linkRuleReasons(findings),
    ...(glossaryIssues.length >= GLOSSARY_HOLD_THRESHOLD
      ? [
          `${glossaryIssues.length} glossary terms in a wrong form: ${glossaryIssues.map((i) => i.found).join(', ')}`,
        ]
      : []),
  ];
  const addedUrls = [...new Set([...findings.foreignLinks, ...findings.addedUrls])];
  return { verdict: reasons.length > 0 ? 'hold' : 'publish', reasons, addedUrls, glossaryIssues };
}
