import { z } from 'zod';

/** The admin credential (docs/design.md §10): source management, authoring, /admin and /analytics need it. */
export const adminConfigSchema = z.object({
  ADMIN_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .describe(
      'Bearer token for the admin API (source management, authoring, /admin). Unset: admin routes answer 503 "admin API disabled" instead of being open.',
    ),
});

export type AdminConfig = z.output<typeof adminConfigSchema>;
