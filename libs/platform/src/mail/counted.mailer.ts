import type { HealthResult } from '../lifecycle';
import { pulseMetrics } from '../observability/metrics';
import { MailDeliveryError } from './mail.errors';
import type { Mailer, MailMessage, SentMail } from './mail.port';

/** What became of one message handed to the mail server, as `pulse.mail.deliveries` counts it. */
export type MailOutcome = 'accepted' | 'refused' | 'deferred';

const outcomeOf = (error: unknown): MailOutcome =>
  error instanceof MailDeliveryError && error.permanent ? 'refused' : 'deferred';

/**
 * Counts every send by outcome, whichever adapter sends: 'refused' is a permanent refusal (SMTP 5xx, the
 * address is marked bounced), 'deferred' a temporary one that the sender retries. The bounce-rate alert
 * (k8s/base/monitoring/prometheus-rule.yaml) reads these counts.
 */
export class CountedMailer implements Mailer {
  constructor(private readonly inner: Mailer) {}

  async send(message: MailMessage): Promise<SentMail> {
    try {
      const sent = await this.inner.send(message);
      pulseMetrics().mailDeliveries.add(1, { 'pulse.mail.outcome': 'accepted' satisfies MailOutcome });
      return sent;
    } catch (error) {
      pulseMetrics().mailDeliveries.add(1, { 'pulse.mail.outcome': outcomeOf(error) });
      throw error;
    }
  }

  get adapterName(): string {
    return this.inner.adapterName;
  }

  check(): Promise<HealthResult> {
    return this.inner.check();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
