import path from 'node:path';
import type { Logger } from 'pino';
import { CountedMailer } from './counted.mailer';
import { MailDropMailer } from './mail-drop.mailer';
import { mailDropDir, type MailConfig } from './mail.config';
import type { Mailer } from './mail.port';
import { SmtpMailer, parseSmtpUrl } from './smtp.mailer';

export interface MailDeps {
  logger: Logger;
}

/** The configured adapter, its sends counted by outcome (counted.mailer.ts). */
export function createMailer(config: MailConfig, deps: MailDeps): Mailer {
  return new CountedMailer(createAdapter(config, deps));
}

function createAdapter(config: MailConfig, deps: MailDeps): Mailer {
  if (config.MAIL_DRIVER === 'smtp') {
    if (!config.SMTP_URL) throw new Error('SMTP_URL is required when MAIL_DRIVER=smtp');
    const server = parseSmtpUrl(config.SMTP_URL);
    // Host and port only: the URL carries the password.
    deps.logger.info({ adapter: 'smtp', host: server.host, port: server.port }, 'mail: SMTP');
    return new SmtpMailer({
      ...server,
      from: config.MAIL_FROM,
      logger: deps.logger,
      maxConnections: config.SMTP_MAX_CONNECTIONS,
    });
  }
  const dir = path.resolve(mailDropDir(config));
  deps.logger.info({ adapter: 'mail-drop', dir }, 'mail: mail drop, .eml files (nothing is sent)');
  return new MailDropMailer({ dir, from: config.MAIL_FROM });
}
