export * from './mail.port';
export * from './mail.config';
export * from './mail.errors';
export * from './mail.factory';
export { FileOutboxMailer, type FileOutboxOptions, type OutboxEntry } from './file-outbox.mailer';
export { SmtpMailer, parseSmtpUrl, type SmtpMailerOptions, type SmtpServerOptions } from './smtp.mailer';
