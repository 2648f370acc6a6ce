import { z } from 'zod';

const int = (min: number, max: number, fallback: number, description: string) =>
  z.coerce.number().int().min(min).max(max).default(fallback).describe(description);
const price = (description: string) => z.coerce.number().nonnegative().optional().describe(description);

/** Settings of the assistant (services/community/README.md, 'The assistant'). The LLM itself is the llm port's. */
export const assistantConfigSchema = z.object({
  ASSISTANT_MESSAGES_PER_MINUTE: int(1, 1000, 6, 'Assistant messages one identity may send per minute.'),
  ASSISTANT_MESSAGES_PER_DAY: int(
    1,
    100_000,
    100,
    'Assistant messages one identity may send in any 24 hours (the daily cap).',
  ),
  ASSISTANT_MESSAGES_PER_NETWORK_MINUTE: int(
    1,
    100_000,
    20,
    'Assistant messages all identities of one network (an IPv4 address, an IPv6 /64: NETWORK_*) may send per minute.',
  ),
  ASSISTANT_MESSAGES_PER_NETWORK_DAY: int(
    1,
    1_000_000,
    300,
    'Assistant messages all identities of one network may send in any 24 hours, so fresh nicknames do not reset the cap.',
  ),
  ASSISTANT_PASSAGES: int(1, 10, 4, 'Articles retrieved for one answer (the current article counts as one).'),
  ASSISTANT_MAX_TOKENS: int(50, 4000, 700, 'Longest answer, in completion tokens.'),
  ASSISTANT_PROMPT_PRICE_PER_1K: price(
    'Price of 1,000 prompt tokens (USD), for the per-session cost tally. Unset: no estimate.',
  ),
  ASSISTANT_COMPLETION_PRICE_PER_1K: price('Price of 1,000 completion tokens (USD), for the cost tally.'),
});
export type AssistantConfig = z.output<typeof assistantConfigSchema>;
export const ASSISTANT_CONFIG = Symbol.for('pulse.community.AssistantConfig');

/** null when no price is configured: an estimate from made-up prices would mislead (as in translation). */
export function estimateCostUsd(
  config: AssistantConfig,
  usage: { promptTokens: number; completionTokens: number },
): number | null {
  const { ASSISTANT_PROMPT_PRICE_PER_1K: prompt, ASSISTANT_COMPLETION_PRICE_PER_1K: completion } = config;
  if (prompt === undefined && completion === undefined) return null;
  const cost = ((prompt ?? 0) * usage.promptTokens + (completion ?? 0) * usage.completionTokens) / 1000;
  return Math.round(cost * 1e6) / 1e6;
}
