import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRegistration, register } from '../support/accounts.js';
import { readOutbox } from '../support/outbox.js';
import { type TestApp, createTestApp } from '../support/test-app.js';

interface Received {
  from: string;
  to: string[];
  raw: Buffer;
}

let server: SMTPServer;
let t: TestApp;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Hullscope <robot@hullscope.test>',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(resolve));
});

describe('with SMTP_URL set', () => {
  it('delivers the confirmation e-mail over SMTP, with text and HTML, and writes no outbox file', async () => {
    const registration = newRegistration();
    expect((await register(t.app, registration)).statusCode).toBe(201);
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery?.from).toBe('robot@hullscope.test');
    expect(delivery?.to).toEqual([registration.email]);
    const email = await PostalMime.parse(delivery!.raw);
    expect(email.subject).toBe('Confirm your Hullscope account');
    expect(email.text).toContain('http://hullscope.test/user/confirm-registration?uid=');
    expect(email.html).toContain('/user/confirm-registration?uid=');
    expect(await readOutbox(t.config.mail.outboxDir)).toEqual([]);
  });

  it('undoes the registration when the mail server refuses, so the user can try again', async () => {
    const registration = newRegistration();
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const response = await register(broken.app, registration);
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toMatch(/could not send the confirmation e-mail/);
      const users = await broken.app.database.db.selectFrom('users').selectAll().execute();
      expect(users).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
