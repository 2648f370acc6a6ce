import type { Adapter } from '../lifecycle';

export interface MailMessage {
  to: string | string[];
  subject: string;
  /** Plain-text body; always sent, for clients that do not render HTML. */
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe for the newsletter. */
  headers?: Record<string, string>;
}

export interface SentMail {
  /** The Message-ID header, angle brackets included. */
  messageId: string;
  /** Where the message can be read, when the adapter keeps it: the mail drop's .eml path. */
  location?: string;
}

export interface Mailer extends Adapter {
  send(message: MailMessage): Promise<SentMail>;
}
