import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Mailer } from './mailer.js';
import { outboxMailer } from './outbox-mailer.js';
import { smtpMailer } from './smtp-mailer.js';

export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.from, log)
    : outboxMailer(config.outboxDir, config.from, log);
}
