import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface OutgoingMail {
  id: number;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`…). */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Where e-mail goes: an SMTP server, or (embedded default) .eml files in the outbox folder. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A mail as nodemailer takes it; its Message-ID names the outbox row, so a resent mail keeps it. */
function messageOf(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
    messageId: `<outbox-${mail.id}@keyland>`,
  };
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, {});
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(messageOf(mail));
    },
    close: () => transporter.close(),
  };
}

/** Writes each mail as `<outboxDir>/<id>.eml` (RFC 5322 with HTML and plain-text parts). */
export function createOutboxTransport(outboxDir: string): MailTransport {
  mkdirSync(outboxDir, { recursive: true });
  return {
    kind: 'outbox',
    async send(mail) {
      const message = await new MailComposer(messageOf(mail)).compile().build();
      writeFileSync(path.join(outboxDir, `${String(mail.id).padStart(8, '0')}.eml`), message, {
        mode: 0o600,
      });
    },
    close: () => {},
  };
}
