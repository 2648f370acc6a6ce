import type { Mailer } from '@pulse/platform/mail';

/** What reached the other side: the raw RFC 5322 bytes, plus the SMTP envelope when there was one. */
export interface DeliveredMail {
  raw: Buffer;
  envelopeTo?: string[];
}

export interface MailerUnderTest {
  mailer: Mailer;
  /** The From the mailer was configured with. */
  from: string;
  /** Every message delivered so far, oldest first (mail-drop files, or what a real SMTP server received). */
  delivered(): Promise<DeliveredMail[]>;
  dispose?(): Promise<void>;
}

// ---- A small RFC 5322 / MIME reader, so the contract checks the bytes and not the adapter's own view.

interface MimePart {
  headers: Map<string, string>;
  body: string;
  parts: MimePart[];
}

function parseMime(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const boundary = /multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}--`)[0]
        .split(`--${boundary}`)
        .slice(1)
        .map((chunk) => parseMime(chunk.replace(/^\r?\n/, '')))
    : [];
  return { headers, body, parts };
}

function bytesToUtf8(latin1: string): string {
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

function decodeQuotedPrintable(text: string): string {
  return bytesToUtf8(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/** RFC 2047 encoded words (UTF-8, B or Q); whitespace between adjacent words is not part of the text. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return bytesToUtf8(part.body);
}

function findPart(part: MimePart, mimeType: string): MimePart | undefined {
  if (part.parts.length === 0)
    return (part.headers.get('content-type') ?? '').startsWith(mimeType) ? part : undefined;
  return part.parts.map((child) => findPart(child, mimeType)).find(Boolean);
}

/** Bodies end with the encoder's line break; compare content, not the trailing newline. */
const bodyText = (part: MimePart | undefined) =>
  part ? decodeBody(part).replace(/\r\n/g, '\n').replace(/\n$/, '') : undefined;

// ---- The contract

export function describeMailerContract(name: string, make: () => Promise<MailerUnderTest>): void {
  describe(`Mailer contract: ${name}`, () => {
    let subject: MailerUnderTest;

    beforeAll(async () => {
      subject = await make();
    });
    afterAll(async () => {
      await subject?.mailer.close();
      await subject?.dispose?.();
    });

    async function lastDelivered(): Promise<DeliveredMail> {
      const all = await subject.delivered();
      expect(all.length).toBeGreaterThan(0);
      return all[all.length - 1];
    }

    it('reports healthy', async () => {
      await expect(subject.mailer.check()).resolves.toEqual({ ok: true });
    });

    it('delivers a Korean message as a correctly encoded RFC 5322 message', async () => {
      const message = {
        to: 'reader@example.com',
        subject: '[펄스] 구독을 확인해 주세요 — 이번 주 AI·블록체인 소식',
        text: '안녕하세요, 펄스입니다.\n아래 링크로 구독을 확인해 주세요: https://pulse.local/newsletter/confirm?token=abc',
        html: '<p>안녕하세요, <strong>펄스</strong>입니다.</p><p><a href="https://pulse.local/newsletter/confirm?token=abc">구독 확인</a></p>',
        headers: { 'List-Unsubscribe': '<https://pulse.local/newsletter/unsubscribe?token=abc>' },
      };
      const sent = await subject.mailer.send(message);
      expect(sent.messageId).toMatch(/^<[^<>\s]+@[^<>\s]+>$/);

      const delivered = await lastDelivered();
      const raw = delivered.raw.toString('latin1');
      // Headers and bodies travel as 7-bit ASCII: Korean is carried by encoded words and transfer encodings.
      expect([...delivered.raw].every((byte) => byte < 128)).toBe(true);
      const mime = parseMime(raw);
      expect(mime.headers.get('subject')).toMatch(/=\?utf-8\?[BQ]\?/i);
      expect(decodeHeader(mime.headers.get('subject') ?? '')).toBe(message.subject);
      expect(decodeHeader(mime.headers.get('from') ?? '').replace(/"/g, '')).toBe(subject.from);
      expect(mime.headers.get('to')).toBe('reader@example.com');
      expect(mime.headers.get('message-id')).toBe(sent.messageId);
      expect(mime.headers.get('list-unsubscribe')).toBe(message.headers['List-Unsubscribe']);
      expect(mime.headers.get('mime-version')).toBe('1.0');
      expect(Number.isNaN(Date.parse(mime.headers.get('date') ?? ''))).toBe(false);
      expect(bodyText(findPart(mime, 'text/plain'))).toBe(message.text);
      expect(bodyText(findPart(mime, 'text/html'))).toBe(message.html);
      if (delivered.envelopeTo) expect(delivered.envelopeTo).toEqual(['reader@example.com']);
    });

    it('sends a text-only message as a single text/plain part', async () => {
      await subject.mailer.send({ to: 'solo@example.com', subject: 'plain', text: '본문만 있습니다.' });
      const mime = parseMime((await lastDelivered()).raw.toString('latin1'));
      expect(mime.parts).toHaveLength(0);
      expect(mime.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
      expect(bodyText(mime)).toBe('본문만 있습니다.');
    });

    it('addresses several recipients in one message', async () => {
      await subject.mailer.send({ to: ['a@example.com', 'b@example.com'], subject: 'digest', text: 'hi' });
      const delivered = await lastDelivered();
      const to = parseMime(delivered.raw.toString('latin1')).headers.get('to') ?? '';
      expect(to.split(',').map((address) => address.trim())).toEqual(['a@example.com', 'b@example.com']);
      if (delivered.envelopeTo) expect(delivered.envelopeTo).toEqual(['a@example.com', 'b@example.com']);
    });

    it('gives each message its own Message-ID and delivers in order', async () => {
      const before = (await subject.delivered()).length;
      const first = await subject.mailer.send({ to: 'x@example.com', subject: 'one', text: '1' });
      const second = await subject.mailer.send({ to: 'x@example.com', subject: 'two', text: '2' });
      expect(first.messageId).not.toBe(second.messageId);
      const ids = (await subject.delivered())
        .slice(before)
        .map((mail) => parseMime(mail.raw.toString('latin1')).headers.get('message-id'));
      expect(ids).toEqual([first.messageId, second.messageId]);
    });
  });
}
