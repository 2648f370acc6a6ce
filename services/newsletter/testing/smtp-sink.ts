import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SinkMail {
  to: string;
  raw: Buffer;
  parsed: ParsedMail;
  /** A header's value as sent (unfolded), e.g. header('list-unsubscribe'). */
  header(name: string): string | undefined;
}

export interface SmtpSinkOptions {
  /** An SMTP reply code to refuse a recipient with (550 permanent, 451 temporary); undefined accepts. */
  refuse?: (recipient: string) => number | undefined;
}

/**
 * A real SMTP server (the smtp-server library) on a loopback port that keeps what it accepts. A message
 * counts only once the server has answered 250 to it, as for any mail server: a client that dies before
 * that has not delivered. `hold()` stops answering, so a test can kill a sender while mails are in flight.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const accepted: Array<{ to: string; raw: Buffer }> = [];
  const held: Array<() => void> = [];
  let holding = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.(address.address);
      if (code) return callback(Object.assign(new Error(`refused ${code}`), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          if (session.envelope.rcptTo.length === 0) return callback();
          // Counted when the 250 goes out; a dropped connection means it was never delivered.
          for (const rcpt of session.envelope.rcptTo)
            accepted.push({ to: rcpt.address, raw: Buffer.concat(chunks) });
          callback();
        };
        if (holding) held.push(accept);
        else accept();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    count: () => accepted.length,
    recipients: () => accepted.map((mail) => mail.to),
    async mails(): Promise<SinkMail[]> {
      return Promise.all(accepted.map(async (mail) => toSinkMail(mail.to, mail.raw)));
    },
    async to(address: string): Promise<SinkMail[]> {
      return (await this.mails()).filter((mail) => mail.to === address);
    },
    /** Stop answering DATA (mails wait unanswered); `heldCount` says how many wait. */
    hold() {
      holding = true;
    },
    heldCount: () => held.length,
    /** Drop what is held unanswered (its senders are gone) and answer normally again. */
    dropHeld() {
      held.length = 0;
      holding = false;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

async function toSinkMail(to: string, raw: Buffer): Promise<SinkMail> {
  const parsed = await simpleParser(raw);
  const unfolded = raw
    .toString('utf8')
    .split(/\r?\n\r?\n/)[0]
    .replace(/\r?\n[ \t]+/g, ' ');
  return {
    to,
    raw,
    parsed,
    header(name: string) {
      const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
      return line?.slice(name.length + 1).trim();
    },
  };
}

/** The first https link to `path` in a mail's text part. */
export function linkIn(mail: SinkMail, path: string): string {
  const text = mail.parsed.text ?? '';
  const match = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=[\\w.-]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in mail: ${text.slice(0, 300)}`);
  return match[0];
}
