import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { FileOutboxMailer } from './file-outbox.mailer';
import { mailConfigSchema } from './mail.config';
import { createMailer } from './mail.factory';
import { SmtpMailer } from './smtp.mailer';

const logger = pino({ level: 'silent' });

describe('mail configuration', () => {
  it('defaults to the file outbox with the Pulse sender', () => {
    expect(mailConfigSchema.parse({})).toEqual({
      MAIL_DRIVER: 'outbox',
      MAIL_OUTBOX_DIR: '.data/outbox',
      SMTP_MAX_CONNECTIONS: 5,
      MAIL_FROM: 'Pulse 펄스 <no-reply@pulse.local>',
    });
  });

  it('names SMTP_URL when the smtp driver has none or a wrong scheme', () => {
    expect(mailConfigSchema.safeParse({ MAIL_DRIVER: 'smtp' }).error?.issues[0].path).toEqual(['SMTP_URL']);
    expect(
      mailConfigSchema.safeParse({ MAIL_DRIVER: 'smtp', SMTP_URL: 'http://x' }).error?.issues[0].path,
    ).toEqual(['SMTP_URL']);
  });

  it('describes every variable for the README table', () => {
    for (const [name, field] of Object.entries(mailConfigSchema.shape)) {
      expect([name, field.description]).toEqual([name, expect.any(String)]);
    }
  });

  it('builds the adapter the driver names', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pulse-mail-config-'));
    const outbox = createMailer(mailConfigSchema.parse({ MAIL_OUTBOX_DIR: dir }), { logger });
    expect(outbox).toBeInstanceOf(FileOutboxMailer);
    const smtp = createMailer(
      mailConfigSchema.parse({ MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://u:p@127.0.0.1:2525' }),
      { logger },
    );
    expect(smtp).toBeInstanceOf(SmtpMailer);
    await Promise.all([outbox.close(), smtp.close(), rm(dir, { recursive: true, force: true })]);
  });
});
