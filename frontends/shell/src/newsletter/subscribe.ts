import { sendJson, type ToastOptions } from '@pulse/frontend-ui';
import type { SubscribeBody } from '@pulse/contracts';
import { NEWSLETTER } from '../copy';

/** docs/spec-content.md §5: the client blocks only an empty address or one without '@'; the server checks the rest. */
export function isPlausibleEmail(value: string): boolean {
  const email = value.trim();
  return email !== '' && email.includes('@');
}

export const INVALID_EMAIL_TOAST: ToastOptions = {
  title: NEWSLETTER.invalidTitle,
  description: NEWSLETTER.invalidDescription,
  variant: 'destructive',
};
export const SUBSCRIBED_TOAST: ToastOptions = {
  title: NEWSLETTER.successTitle,
  description: NEWSLETTER.successDescription,
};
export const SUBSCRIBE_FAILED_TOAST: ToastOptions = {
  title: NEWSLETTER.failedTitle,
  description: NEWSLETTER.failedDescription,
  variant: 'destructive',
};

/**
 * POST /api/subscribers {email} (docs/spec-content.md §7). The answer's body is not read; any failure, including a
 * newsletter service that is not running, is the 'subscription failed' toast (docs/spec-content.md §8).
 */
export async function subscribe(email: string): Promise<ToastOptions> {
  const body: SubscribeBody = { email: email.trim() };
  try {
    await sendJson('POST', '/api/subscribers', body);
    return SUBSCRIBED_TOAST;
  } catch {
    return SUBSCRIBE_FAILED_TOAST;
  }
}
