import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { HealthResult } from '../lifecycle';
import { composeMessage, recipientsOf } from './compose-message';
import type { MailMessage, Mailer, SentMail } from './mail.port';

export interface MailDropOptions {
  dir: string;
  from: string;
}

/** What the mail drop records beside each .eml, so tests and the newsletter can list without parsing MIME. */
export interface DroppedMail {
  id: string;
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  /** ISO time the message was written. */
  sentAt: string;
  /** File name of the RFC 5322 message inside the mail-drop folder. */
  emlFile: string;
}

/**
 * Embedded-mode mailer: nothing leaves the machine. Each message becomes an .eml file (open it in any
 * mail client) and a .json entry. Files appear whole or not at all (written under a dot-name, then
 * renamed), and the .json is renamed last, so a listed entry always has its .eml.
 */
export class MailDropMailer implements Mailer {
  readonly adapterName = 'mail-drop';
  // Nodemailer's stream transport renders the exact bytes an SMTP server would receive.
  private sequence = 0;
  private readonly renderer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(private readonly options: MailDropOptions) {}

  async check(): Promise<HealthResult> {
    try {
      await mkdir(this.options.dir, { recursive: true });
      await access(this.options.dir, constants.W_OK);
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        reason: `mail drop ${this.options.dir} is not writable: ${(error as Error).message}`,
      };
    }
  }

  async close(): Promise<void> {
    this.renderer.close();
  }

  async send(message: MailMessage): Promise<SentMail> {
    const rendered = await this.renderer.sendMail(composeMessage(message, this.options.from));
    const sentAt = new Date();
    // Time, then a sequence for sends within one millisecond: a plain name sort is the order of sending.
    const sequence = String(++this.sequence).padStart(6, '0');
    const id = `${sentAt.toISOString().replace(/[-:.]/g, '')}-${sequence}-${randomUUID().slice(0, 8)}`;
    const entry: DroppedMail = {
      id,
      messageId: rendered.messageId,
      from: this.options.from,
      to: recipientsOf(message),
      subject: message.subject,
      sentAt: sentAt.toISOString(),
      emlFile: `${id}.eml`,
    };
    await mkdir(this.options.dir, { recursive: true });
    await this.writeAtomically(entry.emlFile, rendered.message as Buffer);
    await this.writeAtomically(`${id}.json`, `${JSON.stringify(entry, null, 2)}\n`);
    return { messageId: rendered.messageId, location: path.join(this.options.dir, entry.emlFile) };
  }

  /** Entries oldest first. */
  async list(): Promise<DroppedMail[]> {
    let names: string[];
    try {
      names = await readdir(this.options.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const entries = names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
    return Promise.all(
      entries.map(
        async (name) => JSON.parse(await readFile(path.join(this.options.dir, name), 'utf8')) as DroppedMail,
      ),
    );
  }

  /** The raw RFC 5322 bytes of one entry. */
  async readRaw(entry: DroppedMail): Promise<Buffer> {
    return readFile(path.join(this.options.dir, entry.emlFile));
  }

  private async writeAtomically(name: string, data: Buffer | string): Promise<void> {
    const temporary = path.join(this.options.dir, `.${name}.${process.pid}.tmp`);
    await writeFile(temporary, data);
    await rename(temporary, path.join(this.options.dir, name));
  }
}
