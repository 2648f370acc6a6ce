import { CATEGORY_SLUGS, strictParams } from '@pulse/contracts';
import { z } from 'zod';
import { normaliseAddress } from './email-address';
import { FREQUENCIES } from './subscriber.record';

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

const token = z.string().min(1).max(1024);

/** ?token= on the pages and the JSON calls. Unknown query parameters are ignored (mail clients add some). */
export const tokenQueryDto = z.object({ token }, { error: () => 'token: 링크가 올바르지 않습니다' });

/** The preferences form (urlencoded: a category box repeated, or absent when none is ticked). */
export const preferencesDto = z.object({
  token,
  categories: z
    .union([z.enum(CATEGORY_SLUGS), z.array(z.enum(CATEGORY_SLUGS)).max(CATEGORY_SLUGS.length)], {
      error: () => `categories must be among: ${CATEGORY_SLUGS.join(', ')}`,
    })
    .optional()
    .transform((value) => [...new Set(value === undefined ? [] : ([] as string[]).concat(value))]),
  frequency: z.enum(FREQUENCIES, { error: () => `frequency must be one of: ${FREQUENCIES.join(', ')}` }),
});
export type PreferencesDto = z.output<typeof preferencesDto>;
