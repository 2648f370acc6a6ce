import { NEWSLETTER_KINDS, type CategorySlug, type NewsletterKind } from '@pulse/contracts';

export const FREQUENCIES = NEWSLETTER_KINDS;
export type Frequency = NewsletterKind;

/**
 * One address on the list (`newsletter_subscribers`). Only `confirmed` ones get digests. A `pending`
 * sign-up is forgotten at `forgetAt`; `bounced` means the mail server refused the address for good.
 */
export interface SubscriberRecord {
  _id: string;
  /** Normalised (email-address.ts); unique. */
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';
  categories: CategorySlug[];
  frequency: Frequency;
  createdAt: string;
  updatedAt: string;
  /** Pending only: the confirmation links that may confirm carry this value; a new sign-up cycle changes it. */
  confirmNonce?: string;
  /** Pending only. */
  forgetAt?: string;
  confirmedAt?: string;
  unsubscribedAt?: string;
  bouncedAt?: string;
}
