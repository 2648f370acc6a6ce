import { z } from 'zod';

/** The admin credentials (docs/admin.md): source management, authoring, /admin and /analytics need one. */
export const adminConfigSchema = z.object({
  ADMIN_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .describe(
      'Bearer token for the admin API (automation and first-run bootstrap; acts as an owner). Unset, and STAFF_ASSERTION_SECRET unset too: admin routes answer 503 "admin API disabled" instead of being open.',
    ),
  STAFF_ASSERTION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      "HMAC-SHA256 key of the gateway's staff assertions (X-Pulse-Staff-Assertion): the gateway signs one per request of a signed-in staff member, every service with admin routes verifies it. Give the gateway and those services the same value. Unset: staff sign-in is off and only ADMIN_TOKEN admits.",
    ),
});

export type AdminConfig = z.output<typeof adminConfigSchema>;
