import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_LIMITS } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInternalAddress } from '../../../src/features/webhooks/webhook-target.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { type TeamHeaders, actingIn, teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { createWebhook, waitForDeliveries } from '../../support/webhooks.js';

// Issue 41 §2 with the default settings: internal targets refused, at creation and at every delivery.
let t: TestApp;
let owner: SignedInUser;
let headers: TeamHeaders;
/** A TCP listener on loopback that counts connections: none may ever reach it. */
let listener: ReturnType<typeof createServer>;
let connections = 0;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir);
  headers = actingIn(owner, owner.organisationId);
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  await t.close();
});

const create = (payload: Record<string, unknown>, as: TeamHeaders = headers) =>
  t.app.inject({ method: 'POST', url: '/api/organisation/webhooks/', headers: as, payload });

describe('webhook targets', () => {
  it.each([
    ['https://127.0.0.1/hooks', '127.0.0.1 is an internal address'],
    ['https://10.0.0.1/hooks', '10.0.0.1 is an internal address'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is an internal address'],
    ['https://[::ffff:127.0.0.1]/hooks', 'is an internal address'],
    ['https://[::1]/hooks', '::1 is an internal address'],
    ['https://localhost/hooks', 'localhost resolves to 127.0.0.1, an internal address'],
    ['http://receiver.invalid/hooks', 'Use an https URL.'],
    ['ftp://receiver.invalid/hooks', 'Use an http or https URL.'],
    ['not a url', 'Enter a valid URL.'],
  ])('refuses %s when it is added', async (url, message) => {
    const refused = await create({ url, events: ['images.uploaded'] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().url.join(' ')).toContain(message);
  });

  it.each([
    [`https://127.0.0.1:PORT/hooks`, '127.0.0.1 is an internal address'],
    [`https://localhost:PORT/hooks`, 'localhost resolves to 127.0.0.1, an internal address'],
  ])(
    'checks %s again at delivery, after DNS, so a name that turned internal reaches nothing',
    async (url, message) => {
      const endpoint = await createWebhook(t, headers, {
        url: 'https://receiver.invalid/hooks',
        events: ['images.uploaded'],
      });
      // As if the name had resolved publicly when added and to loopback now (DNS rebinding).
      await t.app.database.db
        .updateTable('webhook_endpoints')
        .set({ url: url.replace('PORT', String(port)) })
        .where('id', '=', endpoint.id)
        .execute();
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/organisation/webhooks/${endpoint.id}/test/`,
        headers,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const [delivery] = await waitForDeliveries(t, headers, endpoint.id, ([d]) => d?.attempt_count === 1);
      expect(delivery!.attempts[0]).toMatchObject({ response_status: null });
      expect(delivery!.attempts[0]!.error).toContain(message);
      expect(connections).toBe(0);
    },
  );

  it('classifies addresses as the organisations need them refused', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::7f00:1',
      '64:ff9b::a00:1',
      'ff02::1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });
});

describe('webhook endpoints', () => {
  it('creates, lists, changes and deletes an endpoint, each in the audit log', async () => {
    const created = await createWebhook(t, headers, {
      url: 'https://receiver.invalid/a',
      events: ['images.uploaded', 'purchase.paid'],
      description: 'Fleet system',
    });
    expect(created).toMatchObject({
      url: 'https://receiver.invalid/a',
      description: 'Fleet system',
      events: ['images.uploaded', 'purchase.paid'],
      enabled: true,
      created_by: owner.registration.username,
    });
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/organisation/webhooks/', headers })
    ).json();
    const shown = listed.find((entry: { id: number }) => entry.id === created.id);
    // The secret is shown once, at creation.
    expect(shown).not.toHaveProperty('secret');
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/webhooks/${created.id}/update/`,
      headers,
      payload: { events: ['credits.low'], credits_low_threshold: 20, enabled: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      events: ['credits.low'],
      credits_low_threshold: 20,
      enabled: false,
    });
    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/webhooks/${created.id}/delete/`,
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/organisation/webhooks/${created.id}/deliveries/`,
      headers,
    });
    expect(gone.statusCode).toBe(404);
    const audit = (await t.app.inject({ method: 'GET', url: '/api/organisation/audit/', headers })).json();
    const actions = audit.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['webhook.create', 'webhook.update', 'webhook.delete']));
  });

  it('names the field of a request it refuses', async () => {
    const empty = await create({ url: 'https://receiver.invalid/', events: [] });
    expect(empty.json()).toEqual({ events: ['Choose at least one event.'] });
    const unknown = await create({ url: 'https://receiver.invalid/', events: ['images.deleted'] });
    expect(Object.keys(unknown.json())).toEqual(['events']);
    const long = await create({
      url: `https://receiver.invalid/${'a'.repeat(WEBHOOK_LIMITS.urlLength)}`,
      events: ['images.uploaded'],
    });
    expect(long.json().url).toEqual([
      `Ensure this field has no more than ${WEBHOOK_LIMITS.urlLength} characters.`,
    ]);
    const description = await create({
      url: 'https://receiver.invalid/',
      events: ['images.uploaded'],
      description: 'd'.repeat(WEBHOOK_LIMITS.descriptionLength + 1),
    });
    expect(Object.keys(description.json())).toEqual(['description']);
  });

  it(`allows ${WEBHOOK_LIMITS.endpointsPerOrganisation} endpoints per organisation`, async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const team = actingIn(user, user.organisationId);
    for (let index = 0; index < WEBHOOK_LIMITS.endpointsPerOrganisation; index += 1) {
      await createWebhook(t, team, { url: `https://receiver.invalid/${index}`, events: ['images.uploaded'] });
    }
    const refused = await create({ url: 'https://receiver.invalid/x', events: ['images.uploaded'] }, team);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(
      `at most ${WEBHOOK_LIMITS.endpointsPerOrganisation} webhook endpoints`,
    );
  });

  it(`sends at most ${WEBHOOK_LIMITS.manualSendsPerMinute} test pings and resends a minute per endpoint`, async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const team = actingIn(user, user.organisationId);
    const endpoint = await createWebhook(t, team, {
      url: 'https://receiver.invalid/',
      events: ['images.uploaded'],
    });
    const ping = () =>
      t.app.inject({ method: 'POST', url: `/api/organisation/webhooks/${endpoint.id}/test/`, headers: team });
    for (let sent = 0; sent < WEBHOOK_LIMITS.manualSendsPerMinute; sent += 1) {
      expect((await ping()).statusCode).toBe(201);
    }
    const refused = await ping();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    // Another endpoint has its own allowance.
    const other = await createWebhook(t, team, {
      url: 'https://receiver.invalid/2',
      events: ['images.uploaded'],
    });
    const otherPing = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/webhooks/${other.id}/test/`,
      headers: team,
    });
    expect(otherPing.statusCode).toBe(201);
  });

  it('is for admins and owners: viewers and members get 403, another organisation’s endpoint is 404', async () => {
    const mine = await createWebhook(t, headers, {
      url: 'https://receiver.invalid/m',
      events: ['images.uploaded'],
    });
    for (const role of ['viewer', 'member'] as const) {
      const { team } = await teammate(t, owner, owner.organisationId, role);
      const listed = await t.app.inject({ method: 'GET', url: '/api/organisation/webhooks/', headers: team });
      expect(listed.statusCode).toBe(403);
      const deleted = await t.app.inject({
        method: 'POST',
        url: `/api/organisation/webhooks/${mine.id}/delete/`,
        headers: team,
      });
      expect(deleted.statusCode).toBe(403);
    }
    const { team: admin } = await teammate(t, owner, owner.organisationId, 'admin');
    const seen = await t.app.inject({ method: 'GET', url: '/api/organisation/webhooks/', headers: admin });
    expect(seen.json().map((entry: { id: number }) => entry.id)).toContain(mine.id);

    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    const theirs = actingIn(stranger, stranger.organisationId);
    const ping = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/webhooks/${mine.id}/test/`,
      headers,
    });
    for (const [method, url] of [
      ['POST', `/api/organisation/webhooks/${mine.id}/update/`],
      ['POST', `/api/organisation/webhooks/${mine.id}/delete/`],
      ['POST', `/api/organisation/webhooks/${mine.id}/rotate-secret/`],
      ['POST', `/api/organisation/webhooks/${mine.id}/test/`],
      ['GET', `/api/organisation/webhooks/${mine.id}/deliveries/`],
      ['POST', `/api/organisation/webhooks/${mine.id}/deliveries/${ping.json().id}/resend/`],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers: theirs, payload: {} });
      expect([url, answer.statusCode, answer.json()]).toEqual([url, 404, { detail: 'Not found.' }]);
    }
    const listedByThem = await t.app.inject({
      method: 'GET',
      url: '/api/organisation/webhooks/',
      headers: theirs,
    });
    expect(listedByThem.json()).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('describes each webhook event, its versioned payload and its signature headers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.webhooks).sort()).toEqual([
      'credits.low',
      'images.uploaded',
      'inspection.signed',
      'prediction_request.finished',
      'purchase.paid',
      'webhook.test',
    ]);
    const finished = document.webhooks['prediction_request.finished'].post;
    expect(finished.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const body = finished.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['type', 'timestamp', 'data']);
    const reference: string = body.properties.data.$ref;
    const data = document.components.schemas[reference.replace('#/components/schemas/', '')];
    expect(Object.keys(data.properties)).toEqual(
      expect.arrayContaining([
        'version',
        'images_done',
        'images_failed',
        'credits_charged',
        'credits_refunded',
      ]),
    );
    // Every reference in the document resolves.
    for (const [, name] of JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      expect(document.components.schemas, name).toHaveProperty(name!);
    }
  });
});
