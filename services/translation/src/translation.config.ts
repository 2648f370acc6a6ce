import { z } from 'zod';

/** The translation service's own settings (the LLM itself is configured by the llm port). */
export const translationConfigSchema = z.object({
  TRANSLATION_PROMPT_PRICE_PER_1K: z.coerce
    .number()
    .nonnegative()
    .optional()
    .describe('Price of 1,000 prompt tokens (USD), for the per-article cost estimate. Unset: no estimate.'),
  TRANSLATION_COMPLETION_PRICE_PER_1K: z.coerce
    .number()
    .nonnegative()
    .optional()
    .describe('Price of 1,000 completion tokens (USD), for the per-article cost estimate.'),
  TRANSLATION_CLAIM_LEASE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 60_000)
    .describe(
      'How long a worker owns a job while calling the LLM. Longer than the worst case (3 output attempts × LLM_TIMEOUT_MS × retries), so a slow call is never translated twice.',
    ),
  DEMO_CORPUS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('Fill an empty store with the Korean sample corpus (embedded mode sets it to true)'),
});

export type TranslationConfig = z.output<typeof translationConfigSchema>;

export const TRANSLATION_CONFIG = Symbol.for('pulse.translation.Config');

/** null when no price is configured: an estimate from made-up prices would mislead. */
export function estimateCostUsd(
  config: TranslationConfig,
  usage: { promptTokens: number; completionTokens: number },
): number | null {
  const { TRANSLATION_PROMPT_PRICE_PER_1K: prompt, TRANSLATION_COMPLETION_PRICE_PER_1K: completion } = config;
  if (prompt === undefined && completion === undefined) return null;
  const cost = ((prompt ?? 0) * usage.promptTokens + (completion ?? 0) * usage.completionTokens) / 1000;
  return Math.round(cost * 1e6) / 1e6;
}
