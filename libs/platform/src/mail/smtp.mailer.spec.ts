import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { describeMailerContract, type DeliveredMail } from '@pulse/testing';
import { MailDeliveryError } from './mail.errors';
import { SmtpMailer, parseSmtpUrl } from './smtp.mailer';

const logger = pino({ level: 'silent' });
const from = 'Pulse 펄스 <no-reply@pulse.local>';
const credentials = { user: 'pulse', pass: 's3cret:비밀' };

interface Received extends DeliveredMail {
  mailFrom: string;
  authUser: unknown;
}

/** A real SMTP server (the smtp-server library) on an ephemeral loopback port, requiring AUTH. */
async function startSmtpServer(): Promise<{ port: number; received: Received[]; stop(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    // Loopback test traffic: plain AUTH without STARTTLS (the library's self-signed certificate would be refused).
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass)
        return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          raw: Buffer.concat(chunks),
          envelopeTo: session.envelope.rcptTo.map((address) => address.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          authUser: session.user,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SMTP adapter against a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.stop());

  const mailerFor = (pass = credentials.pass) =>
    new SmtpMailer({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: credentials.user,
      pass,
      from,
      logger,
      timeoutMs: 5_000,
    });

  describeMailerContract('smtp', async () => ({
    mailer: mailerFor(),
    from,
    delivered: async () => smtp.received,
  }));

  it('authenticates and sends the From address as the envelope sender', async () => {
    const mailer = mailerFor();
    await mailer.send({ to: 'reader@example.com', subject: 'envelope', text: 'x' });
    expect(smtp.received.at(-1)).toMatchObject({
      mailFrom: 'no-reply@pulse.local',
      authUser: credentials.user,
    });
    await mailer.close();
  });

  it('fails with a permanent MailDeliveryError when the server refuses the credentials', async () => {
    const mailer = mailerFor('wrong');
    const attempt = mailer.send({ to: 'reader@example.com', subject: 's', text: 't' });
    await expect(attempt).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(attempt).rejects.toMatchObject({ permanent: true, responseCode: 535 });
    await expect(mailer.check()).resolves.toMatchObject({ ok: false });
    await mailer.close();
  });

  it('reports unhealthy when nothing listens', async () => {
    const stopped = await startSmtpServer();
    await stopped.stop();
    const mailer = new SmtpMailer({
      host: '127.0.0.1',
      port: stopped.port,
      secure: false,
      from,
      logger,
      timeoutMs: 2_000,
    });
    await expect(mailer.check()).resolves.toMatchObject({
      ok: false,
      reason: expect.stringContaining(`127.0.0.1:${stopped.port}`),
    });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toMatchObject({
      permanent: false,
    });
    await mailer.close();
  });
});

describe('parseSmtpUrl', () => {
  it('reads host, port, TLS mode and percent-encoded credentials', () => {
    expect(parseSmtpUrl('smtp://user%40example.com:p%3Ass@mail.example.com:2525')).toEqual({
      host: 'mail.example.com',
      port: 2525,
      secure: false,
      user: 'user@example.com',
      pass: 'p:ss',
    });
    expect(parseSmtpUrl('smtps://mail.example.com')).toMatchObject({
      port: 465,
      secure: true,
      user: undefined,
    });
    expect(parseSmtpUrl('smtp://mail.example.com')).toMatchObject({ port: 587, secure: false });
  });
});
