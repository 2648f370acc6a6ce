import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeMailerContract } from '@pulse/testing';
import { MailDropMailer } from './mail-drop.mailer';

const from = 'Pulse 펄스 <no-reply@pulse.local>';

describeMailerContract('mail drop', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'pulse-mail-drop-'));
  const mailer = new MailDropMailer({ dir: path.join(dir, 'mail-drop'), from });
  return {
    mailer,
    from,
    delivered: async () =>
      Promise.all((await mailer.list()).map(async (entry) => ({ raw: await mailer.readRaw(entry) }))),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('MailDropMailer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pulse-mail-drop-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('lists an empty or missing mail drop as empty', async () => {
    await expect(new MailDropMailer({ dir: path.join(dir, 'never-created'), from }).list()).resolves.toEqual(
      [],
    );
  });

  it('records metadata beside each .eml and leaves no temporary files', async () => {
    const mailer = new MailDropMailer({ dir, from });
    const { messageId } = await mailer.send({
      to: ['a@example.com', 'b@example.com'],
      subject: '주간 다이제스트',
      text: '본문',
    });
    const [entry] = await mailer.list();
    expect(entry).toMatchObject({
      messageId,
      from,
      to: ['a@example.com', 'b@example.com'],
      subject: '주간 다이제스트',
    });
    expect(Number.isNaN(Date.parse(entry.sentAt))).toBe(false);
    expect((await readdir(dir)).sort()).toEqual([`${entry.id}.eml`, `${entry.id}.json`]);
    await mailer.close();
  });

  it('reports a mail drop it cannot write as unhealthy', async () => {
    // A folder below a regular file can never be created.
    await writeFile(path.join(dir, 'a-file'), 'x');
    const mailer = new MailDropMailer({ dir: path.join(dir, 'a-file', 'mail-drop'), from });
    await expect(mailer.check()).resolves.toMatchObject({
      ok: false,
      reason: expect.stringContaining('not writable'),
    });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });
});
