import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer.js';

export function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent');
    },
    async close() {
      transport.close();
    },
  };
}
