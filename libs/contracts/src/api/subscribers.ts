import { z } from 'zod';
import { strictParams } from './params';

/** The newsletter sign-up (docs/spec-content.md §2 'Newsletter banner and form', §5, §7 POST /api/subscribers). */

/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The client only blocks an empty value or one without '@' (docs/spec-content.md §5); the server checks the form
 * properly and stores the address lower-cased so one reader subscribes once.
 */
export const subscribeBodySchema = strictParams({
  email: z
    .string({ error: () => 'email is required' })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: `email must be at most ${EMAIL_MAX_LENGTH} characters` })
    .pipe(z.email({ error: 'email must be a valid email address' }))
    .transform((email) => email.toLowerCase()),
});
export type SubscribeBody = z.output<typeof subscribeBodySchema>;

/**
 * The seed's client does not read the response body; chosen here. The answer is the same whether or not the
 * address was already on the list, so the form does not reveal who subscribes; a confirmation mail follows
 * (docs/design.md §1: subscribe, confirm, unsubscribe).
 */
export const subscribeResponseSchema = z
  .object({
    status: z.literal('pending-confirmation'),
  })
  .meta({ id: 'SubscribeResponse' });
export type SubscribeResponse = z.output<typeof subscribeResponseSchema>;
