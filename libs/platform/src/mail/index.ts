export * from './mail.port';
export * from './mail.config';
export * from './mail.errors';
export * from './mail.factory';
export { MailDropMailer, type MailDropOptions, type DroppedMail } from './mail-drop.mailer';
export { SmtpMailer, parseSmtpUrl, type SmtpMailerOptions, type SmtpServerOptions } from './smtp.mailer';
