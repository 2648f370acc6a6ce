/**
 * A message the mail server would not take. `permanent` (an SMTP 5xx reply) means retrying the same
 * message will not help (bad address, auth refused); otherwise a later retry may succeed.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}
