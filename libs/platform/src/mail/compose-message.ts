import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mail.port';

/** Both adapters hand nodemailer the same fields, so the mail drop's .eml is exactly what SMTP would carry. */
export function composeMessage(message: MailMessage, from: string): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    // Korean is three bytes a character: quoted-printable writes each byte as =XX (nine characters a
    // character), base64 four per three bytes, and encodes in native code (docs/services.md 'The newsletter').
    textEncoding: 'base64',
  };
}

export function recipientsOf(message: MailMessage): string[] {
  return Array.isArray(message.to) ? message.to : [message.to];
}
