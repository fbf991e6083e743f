import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoInSeconds } from '../../../src/db/time.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { postForm, sandboxLink, setCompany, startCheckout } from '../../support/billing.js';
import { solidImage, upload } from '../../support/images.js';
import { readOutbox } from '../../support/outbox.js';
import { predictWithFixtureModel } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { type TeamHeaders, actingIn } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { webhookHeadersOf, webhookReceiver } from '../../support/webhook-receiver.js';
import { createWebhook, deliveriesOf, runRetriesNow, waitForDeliveries } from '../../support/webhooks.js';

// Issue 41 §2 against a real receiver on loopback, which only an on-premises setting may reach.
let t: TestApp;
let owner: SignedInUser;
let headers: TeamHeaders;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_DISABLE_AFTER_DAYS: '5' });
  owner = await signUp(t.app, t.config.mail.outboxDir);
  headers = actingIn(owner, owner.organisationId);
  receiver = await webhookReceiver();
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const ping = (webhookId: number) =>
  t.app.inject({ method: 'POST', url: `/api/organisation/webhooks/${webhookId}/test/`, headers });

async function receivedAfter(count: number) {
  const deadline = Date.now() + 10_000;
  while (receiver.received.length < count) {
    if (Date.now() > deadline) throw new Error(`receiver got ${receiver.received.length} of ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return receiver.received[count - 1]!;
}

describe('webhook deliveries', () => {
  it('signs a test ping as Standard Webhooks says, verified by the standardwebhooks package', async () => {
    receiver.answer([200]);
    const endpoint = await createWebhook(t, headers, { url: receiver.url, events: ['purchase.paid'] });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const before = receiver.received.length;
    const sent = await ping(endpoint.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const got = await receivedAfter(before + 1);
    const verified = new Webhook(endpoint.secret).verify(got.body, webhookHeadersOf(got)) as {
      type: string;
      data: { version: number; webhook_id: number };
    };
    expect(verified.type).toBe('webhook.test');
    expect(verified.data).toMatchObject({ version: 1, webhook_id: endpoint.id });
    expect(got.headers['webhook-id']).toBe(sent.json().message_id);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got.body, webhookHeadersOf(got)),
    ).toThrow(WebhookVerificationError);
    const [logged] = await waitForDeliveries(
      t,
      headers,
      endpoint.id,
      ([first]) => first?.status === 'succeeded',
    );
    expect(logged!.attempts).toEqual([
      expect.objectContaining({ response_status: 200, response_excerpt: 'answered 200', error: null }),
    ]);
  });

  it('retries a receiver that fails twice on the back-off schedule and logs all three attempts', async () => {
    receiver.answer([500, 503, 204]);
    const endpoint = await createWebhook(t, headers, { url: receiver.url, events: ['images.uploaded'] });
    const projectId = await createProject(t.app, headers);
    const before = receiver.received.length;
    const uploaded = await upload(t.app, headers, projectId, [
      { name: 'a.png', data: await solidImage('png') },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    const afterFirst = await waitForDeliveries(t, headers, endpoint.id, ([d]) => d?.attempt_count === 1);
    expect(afterFirst[0]!.status).toBe('pending');
    // The second attempt is 5 s after the first, not at once: nothing more arrives until then.
    const firstAt = Date.parse(afterFirst[0]!.attempts[0]!.attempted_at);
    expect(Date.parse(afterFirst[0]!.next_attempt_at!) - firstAt).toBeGreaterThanOrEqual(4_900);
    expect(receiver.received.length).toBe(before + 1);

    await runRetriesNow(t);
    const afterSecond = await waitForDeliveries(t, headers, endpoint.id, ([d]) => d?.attempt_count === 2);
    const secondAt = Date.parse(afterSecond[0]!.attempts[1]!.attempted_at);
    expect(Date.parse(afterSecond[0]!.next_attempt_at!) - secondAt).toBe(300_000);

    await runRetriesNow(t);
    const [delivery] = await waitForDeliveries(t, headers, endpoint.id, ([d]) => d?.status === 'succeeded');
    expect(delivery!.attempt_count).toBe(3);
    expect(delivery!.next_attempt_at).toBeNull();
    // Each attempt's job, the retries' too, counts against the organisation's deliveries at once.
    const jobs = await t.app.database.db
      .selectFrom('jobs')
      .select('fair_key')
      .where('name', '=', 'webhook-delivery')
      .where('payload', '=', JSON.stringify({ deliveryId: delivery!.id }))
      .execute();
    expect(jobs).toEqual(Array(3).fill({ fair_key: `org:${owner.organisationId}` }));
    expect(delivery!.attempts.map((attempt) => [attempt.response_status, attempt.response_excerpt])).toEqual([
      [500, 'answered 500'],
      [503, 'answered 503'],
      [204, ''],
    ]);
    for (const attempt of delivery!.attempts) expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);

    // Three requests of one message: the same id and body, each signed at its own time.
    const requests = receiver.received.slice(before);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    const event = JSON.parse(requests[2]!.body);
    expect(event).toMatchObject({
      type: 'images.uploaded',
      data: {
        version: 1,
        project_id: projectId,
        image_ids: uploaded.json().data.map((image: { id: number }) => image.id),
        count: 1,
        hull_zone: null,
        uploaded_by: owner.userId,
      },
    });
    for (const request of requests)
      new Webhook(endpoint.secret).verify(request.body, webhookHeadersOf(request));

    // Resend: the same message again, as a new delivery with its own attempts.
    receiver.answer([200]);
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/webhooks/${endpoint.id}/deliveries/${delivery!.id}/resend/`,
      headers,
    });
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toMatchObject({ message_id: delivery!.message_id, attempt_count: 0 });
    const again = await receivedAfter(before + 4);
    expect(again.headers['webhook-id']).toBe(delivery!.message_id);
    expect(JSON.parse(again.body)).toEqual(event);
    const log = await waitForDeliveries(t, headers, endpoint.id, ([d]) => d?.status === 'succeeded');
    expect(log.map((entry) => entry.id)).toEqual([resent.json().id, delivery!.id]);
  });

  it('signs with both secrets for a day after a rotation, then with the new one alone', async () => {
    receiver.answer([200]);
    const endpoint = await createWebhook(t, headers, { url: receiver.url, events: ['images.uploaded'] });
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/webhooks/${endpoint.id}/rotate-secret/`,
      headers,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, previous_secret_expires_at: until } = rotated.json();
    expect(secret).not.toBe(endpoint.secret);
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const before = receiver.received.length;
    await ping(endpoint.id);
    const during = await receivedAfter(before + 1);
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    new Webhook(secret).verify(during.body, webhookHeadersOf(during));
    new Webhook(endpoint.secret).verify(during.body, webhookHeadersOf(during));

    // A day later the old secret no longer signs.
    await t.app.database.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_expires_at: isoInSeconds(-1) })
      .where('id', '=', endpoint.id)
      .execute();
    await ping(endpoint.id);
    const after = await receivedAfter(before + 2);
    new Webhook(secret).verify(after.body, webhookHeadersOf(after));
    expect(() => new Webhook(endpoint.secret).verify(after.body, webhookHeadersOf(after))).toThrow(
      WebhookVerificationError,
    );
    const audit = await t.app.inject({ method: 'GET', url: '/api/organisation/audit/', headers });
    expect(audit.json().map((entry: { action: string }) => entry.action)).toContain('webhook.rotate_secret');

    // Rotated again: the secret it replaces, the one of the rotation before, signs beside the new one.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/webhooks/${endpoint.id}/rotate-secret/`,
      headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    await ping(endpoint.id);
    const afterSecond = await receivedAfter(before + 3);
    new Webhook(again.json().secret).verify(afterSecond.body, webhookHeadersOf(afterSecond));
    new Webhook(secret).verify(afterSecond.body, webhookHeadersOf(afterSecond));
  });

  it('disables an endpoint whose deliveries have failed for days and e-mails the admins and owners', async () => {
    receiver.answer([500]);
    const endpoint = await createWebhook(t, headers, { url: receiver.url, events: ['images.uploaded'] });
    await ping(endpoint.id);
    await waitForDeliveries(t, headers, endpoint.id, ([d]) => d?.attempt_count === 1);
    const listed = await t.app.inject({ method: 'GET', url: '/api/organisation/webhooks/', headers });
    expect(listed.json().find((entry: { id: number }) => entry.id === endpoint.id).enabled).toBe(true);

    // Failing since six days: the next failure disables it.
    await t.app.database.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: isoInSeconds(-6 * 86_400) })
      .where('id', '=', endpoint.id)
      .execute();
    await runRetriesNow(t);
    await waitForDeliveries(t, headers, endpoint.id, ([d]) => d?.attempt_count === 2);
    const after = (await t.app.inject({ method: 'GET', url: '/api/organisation/webhooks/', headers }))
      .json()
      .find((entry: { id: number }) => entry.id === endpoint.id);
    expect(after).toMatchObject({ enabled: false, disabled_reason: 'Every delivery failed for 5 days.' });

    const deadline = Date.now() + 5000;
    let mail;
    while (!mail && Date.now() < deadline) {
      mail = (await readOutbox(t.config.mail.outboxDir)).find((sent) =>
        /webhook .* was disabled/.test(sent.email.subject ?? ''),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mail?.to).toEqual([owner.registration.email]);
    expect(mail?.email.text).toContain(receiver.url);

    // Nothing more is sent: its pending retry ends unsent, and events pass it by.
    const sentSoFar = receiver.received.length;
    await runRetriesNow(t);
    const [retried] = await waitForDeliveries(t, headers, endpoint.id, ([d]) => d?.status === 'failed');
    expect(retried!.attempt_count).toBe(2);
    expect(receiver.received.length).toBe(sentSoFar);

    // Enabled again, it is sent to once more.
    const enabled = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/webhooks/${endpoint.id}/update/`,
      headers,
      payload: { enabled: true },
    });
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('disables an endpoint once when several failing deliveries to it end together', async () => {
    receiver.answer([500]);
    const endpoint = await createWebhook(t, headers, { url: receiver.url, events: ['images.uploaded'] });
    await t.app.database.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: isoInSeconds(-6 * 86_400) })
      .where('id', '=', endpoint.id)
      .execute();
    const disabledMails = async () =>
      (await readOutbox(t.config.mail.outboxDir)).filter((sent) =>
        /webhook .* was disabled/.test(sent.email.subject ?? ''),
      ).length;
    const mailsBefore = await disabledMails();
    const before = receiver.received.length;
    // Two pings in flight at once (as many as one organisation's deliveries may be): the worker
    // sends deliveries side by side.
    const release = receiver.holdAnswers();
    try {
      for (let ping_ = 0; ping_ < 2; ping_ += 1) expect((await ping(endpoint.id)).statusCode).toBe(201);
      // Only this endpoint's pings count: another test's retry may reach the shared receiver too.
      const pingsOfEndpoint = () =>
        receiver.received.slice(before).filter((got) => got.body.includes(`"webhook_id":${endpoint.id}`))
          .length;
      const deadline = Date.now() + 10_000;
      while (pingsOfEndpoint() < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(pingsOfEndpoint()).toBe(2);
    } finally {
      release();
    }
    await waitForDeliveries(
      t,
      headers,
      endpoint.id,
      (deliveries) => deliveries.filter((delivery) => delivery.attempt_count === 1).length === 2,
    );
    const disables = await t.app.database.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'webhook.disable')
      .where('target_id', '=', String(endpoint.id))
      .execute();
    expect(disables).toHaveLength(1);
    const deadline = Date.now() + 5000;
    while ((await disabledMails()) === mailsBefore && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await disabledMails()).toBe(mailsBefore + 1);
  });

  it("sends another organisation's webhooks while one organisation's slow receiver holds 2 of its deliveries", async () => {
    const busy = await signUp(t.app, t.config.mail.outboxDir);
    const busyTeam = actingIn(busy, busy.organisationId);
    const other = await signUp(t.app, t.config.mail.outboxDir);
    const otherTeam = actingIn(other, other.organisationId);
    const slow = await webhookReceiver();
    try {
      const slowEndpoint = await createWebhook(t, busyTeam, { url: slow.url, events: ['purchase.paid'] });
      receiver.answer([200]);
      const endpoint = await createWebhook(t, otherTeam, { url: receiver.url, events: ['purchase.paid'] });
      const pingAs = (team: TeamHeaders, webhookId: number) =>
        t.app.inject({ method: 'POST', url: `/api/organisation/webhooks/${webhookId}/test/`, headers: team });
      const release = slow.holdAnswers();
      try {
        // Four of the busy organisation's, more than the worker's 4 delivery slots leave for others.
        for (let ping_ = 0; ping_ < 4; ping_ += 1) {
          expect((await pingAs(busyTeam, slowEndpoint.id)).statusCode).toBe(201);
        }
        const deadline = Date.now() + 10_000;
        while (slow.received.length < 2 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect((await pingAs(otherTeam, endpoint.id)).statusCode).toBe(201);
        await waitForDeliveries(t, otherTeam, endpoint.id, ([d]) => d?.status === 'succeeded');
        // Meanwhile the slow receiver has answered nothing, and the last two pings wait their turn.
        expect(slow.received).toHaveLength(2);
        const waiting = await deliveriesOf(t, busyTeam, slowEndpoint.id);
        expect(waiting.map((delivery) => [delivery.status, delivery.attempt_count])).toEqual(
          Array(4).fill(['pending', 0]),
        );
      } finally {
        release();
      }
      const delivered = await waitForDeliveries(t, busyTeam, slowEndpoint.id, (all) =>
        all.every((delivery) => delivery.status === 'succeeded'),
      );
      expect(delivered.map((delivery) => delivery.attempt_count)).toEqual([1, 1, 1, 1]);
      expect(slow.received).toHaveLength(4);
    } finally {
      await slow.close();
    }
  });

  it('tells a prediction request finished, with its counts and credits, and credits.low when a charge crosses the threshold', async () => {
    receiver.answer([200]);
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const team = actingIn(user, user.organisationId);
    const { credits } = (await t.app.inject({ method: 'GET', url: '/api/credits/', headers: team })).json();
    const endpoint = await createWebhook(t, team, {
      url: receiver.url,
      events: ['prediction_request.finished', 'credits.low'],
      credits_low_threshold: credits,
    });
    const projectId = await createProject(t.app, team);
    await predictWithFixtureModel(t.app, team, projectId, [
      { name: 'one.png', data: await solidImage('png') },
      { name: 'two.png', data: await solidImage('jpeg') },
    ]);
    const log = await waitForDeliveries(
      t,
      team,
      endpoint.id,
      (all) => all.length === 2 && all.every((d) => d.status === 'succeeded'),
    );
    const byType = Object.fromEntries(log.map((delivery) => [delivery.event_type, delivery.payload]));
    const finished = byType['prediction_request.finished'] as { data: Record<string, unknown> };
    expect(finished.data).toMatchObject({
      version: 1,
      project_id: projectId,
      status: 'DONE',
      images_total: 2,
      images_done: 2,
      images_failed: 0,
      credits_refunded: 0,
    });
    const charged = finished.data.credits_charged as number;
    expect(charged).toBeGreaterThan(0);
    expect((byType['credits.low'] as { data: unknown }).data).toEqual({
      version: 1,
      balance: credits - charged,
      threshold: credits,
    });
  });

  it('tells a purchase was paid, once, however many times the payment is confirmed', async () => {
    receiver.answer([200]);
    const buyer = await signUp(t.app, t.config.mail.outboxDir);
    const team = actingIn(buyer, buyer.organisationId);
    const endpoint = await createWebhook(t, team, { url: receiver.url, events: ['purchase.paid'] });
    await setCompany(t.app, buyer, { country: 'DE', name: 'Reederei Nord' });
    const { path, token } = sandboxLink(await startCheckout(t.app, buyer, 100));
    await Promise.all([
      postForm(t.app, `${path}/pay`, { token, tax_id: '' }),
      postForm(t.app, `${path}/pay`, { token, tax_id: '' }),
    ]);
    const [paid] = await waitForDeliveries(t, team, endpoint.id, ([d]) => d?.status === 'succeeded');
    expect(paid!.payload).toMatchObject({
      type: 'purchase.paid',
      data: { version: 1, credits: 100, currency: expect.any(String) },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await deliveriesOf(t, team, endpoint.id)).toHaveLength(1);
  });

  it('tells an inspection was signed, with its revision and the SHA-256 of its report.json', async () => {
    receiver.answer([200]);
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const team = actingIn(user, user.organisationId);
    const endpoint = await createWebhook(t, team, { url: receiver.url, events: ['inspection.signed'] });
    const projectId = await createProject(t.app, team);
    await predictWithFixtureModel(t.app, team, projectId, [
      { name: 'one.png', data: await solidImage('png') },
    ]);
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/sign/`,
      headers: team,
      payload: { name: 'Grace Hopper', position: 'Superintendent' },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const [delivery] = await waitForDeliveries(t, team, endpoint.id, ([d]) => d?.status === 'succeeded');
    expect(delivery!.payload).toMatchObject({
      type: 'inspection.signed',
      data: {
        version: 1,
        project_id: projectId,
        revision: 1,
        name: 'Grace Hopper',
        position: 'Superintendent',
        signed_by: user.userId,
        report_sha256: signed.json().report_sha256,
      },
    });
  });

  it('sends no event an endpoint did not subscribe to', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const team = actingIn(user, user.organisationId);
    const endpoint = await createWebhook(t, team, { url: receiver.url, events: ['purchase.paid'] });
    const projectId = await createProject(t.app, team);
    await upload(t.app, team, projectId, [{ name: 'a.png', data: await solidImage('png') }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await deliveriesOf(t, team, endpoint.id)).toEqual([]);
  });
});
