import { z } from 'zod';

/** Mail port. Embedded mode writes .eml files you can open; production speaks SMTP. */
export const mailConfigSchema = z
  .object({
    MAIL_DRIVER: z
      .enum(['outbox', 'smtp'])
      .default('outbox')
      .describe(
        '`outbox` writes each message as an .eml file (nothing is sent); `smtp` sends through SMTP_URL.',
      ),
    MAIL_OUTBOX_DIR: z
      .string()
      .default('.data/outbox')
      .describe('Folder of the file outbox (MAIL_DRIVER=outbox). Relative to the working directory.'),
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
