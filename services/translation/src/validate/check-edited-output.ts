import { BadRequestException } from '@nestjs/common';
import type { ArticleCollectedPayload } from '@pulse/contracts';
import { checkLinkRule, linkRuleReasons } from '@pulse/platform';
import {
  describeOutputError,
  translationOutputSchema,
  type TranslationOutput,
} from '../output/translation-output.schema';
import { sourceAddresses } from './url-check';

/**
 * The checks an output must pass before an editor may store or release it: the translator's schema and
 * the link rule (ARCHITECTURE.md, "What an LLM may write"). An editor's output is held to the same rule
 * as the model's, so a review cannot publish what the translator would have held. Throws a 400 naming the
 * first field that breaks it.
 */
export function assertPublishable(output: unknown, source: ArticleCollectedPayload): TranslationOutput {
  const parsed = translationOutputSchema.safeParse(output);
  if (!parsed.success) throw new BadRequestException(describeOutputError(parsed.error));
  const valid = parsed.data;
  const findings = checkLinkRule(
    [valid.bodyHtml],
    { title: valid.title, summary: valid.summary, tags: valid.tags, keyInsights: valid.keyInsights },
    sourceAddresses(source),
  );
  const [reason] = linkRuleReasons(findings);
  if (findings.markedUpFields.length > 0)
    throw new BadRequestException(`${findings.markedUpFields[0]}: must be plain text (no markup, no URL)`);
  if (reason) throw new BadRequestException(`bodyHtml: ${reason}`);
  return valid;
}
