import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { DEFAULT_MAIL_DROP_DIR, mailConfigSchema, mailDropDir } from './mail.config';
import { createMailer } from './mail.factory';

const logger = pino({ level: 'silent' });

describe('mail configuration', () => {
  it('defaults to the mail drop with the Pulse sender', () => {
    expect(mailConfigSchema.parse({})).toEqual({
      MAIL_DRIVER: 'mail-drop',
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
    const drop = createMailer(mailConfigSchema.parse({ MAIL_DROP_DIR: dir }), { logger });
    expect(drop.adapterName).toBe('mail-drop');
    const smtp = createMailer(
      mailConfigSchema.parse({ MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://u:p@127.0.0.1:2525' }),
      { logger },
    );
    expect(smtp.adapterName).toBe('smtp');
    await Promise.all([drop.close(), smtp.close(), rm(dir, { recursive: true, force: true })]);
  });

  it("still reads the mail drop's former names (MAIL_DRIVER=outbox, MAIL_OUTBOX_DIR), the new folder name first", () => {
    const old = mailConfigSchema.parse({ MAIL_DRIVER: 'outbox', MAIL_OUTBOX_DIR: 'old-dir' });
    expect(createMailer(old, { logger }).adapterName).toBe('mail-drop');
    expect(mailDropDir(old)).toBe('old-dir');
    expect(
      mailDropDir(mailConfigSchema.parse({ MAIL_OUTBOX_DIR: 'old-dir', MAIL_DROP_DIR: 'new-dir' })),
    ).toBe('new-dir');
    expect(mailDropDir(mailConfigSchema.parse({}))).toBe(DEFAULT_MAIL_DROP_DIR);
  });
});
