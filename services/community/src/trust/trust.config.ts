import { z } from 'zod';

/** Settings of trust levels (docs/abuse/trust-levels.md). */
export const trustConfigSchema = z.object({
  COMMUNITY_REPORT_WEIGHT_TO_HOLD: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(4)
    .describe(
      "Summed trust weight of a post's reporters that holds it for moderation (one reporter per network counts; new 0, basic 1, member 2, regular 3).",
    ),
});
export type TrustConfig = z.output<typeof trustConfigSchema>;
export const TRUST_CONFIG = Symbol.for('pulse.community.TrustConfig');
