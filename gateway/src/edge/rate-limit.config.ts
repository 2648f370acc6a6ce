import { networkConfigSchema } from '@pulse/platform';
import { z } from 'zod';

/**
 * The gateway's settings for telling clients apart (rate-limit.ts): the networks its buckets key on, and
 * the community's signing key, so a signed-in member's requests get a bucket of their own.
 */
export const rateLimitIdentityConfigSchema = z.object({
  ...networkConfigSchema.shape,
  COMMUNITY_TOKEN_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      "HS256 key signing community identity tokens. The community service signs with it (unset there: one is generated once and kept in its store, community_settings); the gateway verifies community credentials (bearer or cookie) with it, so a signed-in member gets a rate-limit bucket of its own beside its network's. Unset in the gateway: every community credential counts as anonymous, in its network's bucket. Give both the same value.",
    ),
});
