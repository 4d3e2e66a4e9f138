import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger.js';

/** One e-mail to one person. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (notification mail has both). */
  html?: string;
  /** Extra headers, e.g. `List-Unsubscribe` (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * What a developer without a mail server needs from this message (e.g. the code). Printed in the
   * log only in outbox mode, so that sign-up works on a laptop; never logged when SMTP is set.
   */
  outboxNote: string;
}

/** Sends mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * With an SMTP URL, sends through it. Without, renders each message exactly as it would be sent
 * into `outboxDir/*.eml` and logs where it is, plus its outbox note.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string; outboxDir: string },
  log: Logger,
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelope(options.from, message));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(options.from, message));
      // Messages hold sign-in codes: readable by the server's account alone.
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await fs.writeFile(file, info.message, { mode: 0o600 });
      log.info(
        { outboxFile: file },
        `No SMTP_URL set: mail to ${message.to} written to the outbox. ${message.outboxNote}`,
      );
    },
    close: () => transport.close(),
  };
}

/** What nodemailer sends for a message: its parts and headers, from `from`. */
function envelope(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.headers === undefined ? {} : { headers: message.headers }),
  };
}
