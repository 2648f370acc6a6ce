import { strictParams } from '@pulse/contracts';
import { z } from 'zod';
import { normaliseAddress } from './email-address';

export const INVALID_EMAIL = '올바른 이메일 주소를 입력해주세요';

/** POST /api/subscribers {email}: the seed's body; the address is checked and normalised here. */
export const subscribeDto = strictParams({
  email: z
    .string({ error: () => '이메일 주소가 필요합니다' })
    // Refused before normalising, so a 10,000-character value costs nothing.
    .max(512, { error: INVALID_EMAIL })
    .transform((value, ctx) => {
      const address = normaliseAddress(value);
      if (!address) {
        ctx.addIssue({ code: 'custom', message: INVALID_EMAIL });
        return z.NEVER;
      }
      return address;
    }),
});
export type SubscribeDto = z.output<typeof subscribeDto>;

/** The preferences form: the schema the OpenAPI document publishes (libs/contracts api/newsletter.ts). */
export { newsletterPreferencesFormSchema as preferencesDto } from '@pulse/contracts';
