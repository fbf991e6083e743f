import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.js';
import { outboxMailer } from './outbox-mailer.js';
import { smtpMailer } from './smtp-mailer.js';

/** SMTP when SMTP_URL is set; otherwise `.eml` files in the outbox folder. */
export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.from, log)
    : outboxMailer(config.outboxDir, config.from, log);
}
