import { z } from 'zod';

/** Where the mail drop writes when neither MAIL_DROP_DIR nor its former name MAIL_OUTBOX_DIR is set. */
export const DEFAULT_MAIL_DROP_DIR = '.data/mail-drop';

/**
 * Mail port. Embedded mode drops .eml files you can open; production speaks SMTP. The mail drop was called
 * the file outbox until that word went to the transactional event outbox alone: the old driver value and
 * folder variable are still read, so an existing .env keeps working.
 */
export const mailConfigSchema = z
  .object({
    MAIL_DRIVER: z
      .enum(['mail-drop', 'smtp', 'outbox'])
      .default('mail-drop')
      .describe(
        '`mail-drop` writes each message as an .eml file into MAIL_DROP_DIR (nothing is sent); `smtp` sends through SMTP_URL. `outbox` is the former name of `mail-drop`.',
      ),
    MAIL_DROP_DIR: z
      .string()
      .optional()
      .describe(
        `Folder the mail drop writes into (MAIL_DRIVER=mail-drop), relative to the working directory. Unset: MAIL_OUTBOX_DIR if set, else <PULSE_DATA_DIR>/<service>/mail-drop under npm start, else ${DEFAULT_MAIL_DROP_DIR}.`,
      ),
    MAIL_OUTBOX_DIR: z
      .string()
      .optional()
      .describe('Former name of MAIL_DROP_DIR, read only when MAIL_DROP_DIR is unset.'),
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\//,
        'must start with smtp:// (STARTTLS when offered) or smtps:// (TLS from the start)',
      )
      .optional()
      .describe(
        'SMTP server, e.g. smtp://user:pass@smtp.example.com:587 or smtps://…:465. Required when MAIL_DRIVER=smtp.',
      ),
    SMTP_MAX_CONNECTIONS: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(5)
      .describe(
        'SMTP connections each process keeps open and reuses (MAIL_DRIVER=smtp); a send beyond them waits for one.',
      ),
    MAIL_FROM: z
      .string()
      .default('Pulse 펄스 <no-reply@pulse.local>')
      .describe('From header of every message.'),
  })
  .superRefine((config, ctx) => {
    if (config.MAIL_DRIVER === 'smtp' && !config.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when MAIL_DRIVER=smtp' });
    }
  });

export type MailConfig = z.output<typeof mailConfigSchema>;

/** The mail drop's folder: MAIL_DROP_DIR, else its former name, else the default. */
export function mailDropDir(config: MailConfig): string {
  return config.MAIL_DROP_DIR ?? config.MAIL_OUTBOX_DIR ?? DEFAULT_MAIL_DROP_DIR;
}
