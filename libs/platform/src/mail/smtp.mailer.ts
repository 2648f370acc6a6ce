import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { HealthResult } from '../lifecycle';
import { composeMessage } from './compose-message';
import { MailDeliveryError } from './mail.errors';
import type { MailMessage, Mailer, SentMail } from './mail.port';

export interface SmtpServerOptions {
  host: string;
  port: number;
  /** TLS from the first byte (smtps, usually 465). Otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
}

export interface SmtpMailerOptions extends SmtpServerOptions {
  from: string;
  logger: Logger;
  /** Bound on connecting and on each reply, so a stuck server fails a send instead of hanging it. */
  timeoutMs?: number;
  /** Connections kept open and reused (nodemailer's pool); sends beyond this many wait for one. */
  maxConnections?: number;
}

const DEFAULT_MAX_CONNECTIONS = 5;
const MESSAGES_PER_CONNECTION = 1000;

/** smtp://user:pass@host:587 → options; user and password may be percent-encoded. */
export function parseSmtpUrl(url: string): SmtpServerOptions {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  if (!secure && parsed.protocol !== 'smtp:')
    throw new Error(`SMTP_URL must use smtp:// or smtps://, got ${parsed.protocol}`);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    user: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    pass: parsed.password ? decodeURIComponent(parsed.password) : undefined,
  };
}

/**
 * Sends through one pool of SMTP connections (nodemailer's pooled transport): a bulk send such as a
 * newsletter edition pays for connecting, the greeting and EHLO/AUTH once per connection, not per mail.
 * A connection is replaced after MESSAGES_PER_CONNECTION mails, and one the server closes is reopened.
 */
export class SmtpMailer implements Mailer {
  readonly adapterName = 'smtp';
  private readonly transporter: Transporter;
  private readonly timeoutMs: number;

  constructor(private readonly options: SmtpMailerOptions) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.transporter = createTransport({
      pool: true,
      maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
      maxMessages: MESSAGES_PER_CONNECTION,
      host: options.host,
      port: options.port,
      secure: options.secure,
      auth: options.user ? { user: options.user, pass: options.pass ?? '' } : undefined,
      connectionTimeout: this.timeoutMs,
      greetingTimeout: this.timeoutMs,
      socketTimeout: this.timeoutMs,
    });
  }

  async check(): Promise<HealthResult> {
    try {
      // EHLO and AUTH, then QUIT: proves the server answers and takes our credentials.
      await this.transporter.verify();
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        reason: `smtp ${this.options.host}:${this.options.port}: ${(error as Error).message}`,
      };
    }
  }

  async close(): Promise<void> {
    this.transporter.close();
  }

  async send(message: MailMessage): Promise<SentMail> {
    try {
      const info = await this.transporter.sendMail(composeMessage(message, this.options.from));
      return { messageId: info.messageId };
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode;
      const permanent = responseCode !== undefined && responseCode >= 500;
      this.options.logger.warn(
        { err: error, responseCode, adapter: 'smtp' },
        'mail not accepted by SMTP server',
      );
      throw new MailDeliveryError(`SMTP send failed: ${(error as Error).message}`, permanent, responseCode, {
        cause: error,
      });
    }
  }
}
