import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer.js';

/**
 * Writes each message as an RFC 822 `.eml` file under the outbox folder, built by the same
 * nodemailer composer that SMTP uses, and logs its links so a developer can follow them.
 */
export function outboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const info = await composer.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      // Written aside and renamed, so a reader never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, file, links }, 'e-mail written to outbox');
    },
    async close() {
      composer.close();
    },
  };
}
