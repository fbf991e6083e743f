import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRegistration, type SignedInUser, login, register, signUp } from '../../support/accounts.js';
import { readOutbox } from '../../support/outbox.js';
import { actingIn, invitationToken, invite } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ INVITATIONS_PER_HOUR: '6', ORGANISATION_MAX_MEMBERS: '5' });
  owner = await signUp(t.app, t.config.mail.outboxDir, { first_name: 'Ada', last_name: 'Keel' });
});
afterAll(() => t.close());

const accept = (user: SignedInUser, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/invitations/accept/',
    headers: user.headers,
    payload: { token },
  });

describe('an invitation', () => {
  it('e-mails a 7-day single-use link that an existing account accepts once, with its role', async () => {
    const diver = await signUp(t.app, t.config.mail.outboxDir);
    const sent = await invite(
      t,
      owner,
      owner.organisationId,
      diver.registration.email.toUpperCase(),
      'member',
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const invitation = sent.json();
    expect(invitation).toMatchObject({
      role: 'member',
      status: 'PENDING',
      invited_by: owner.registration.username,
    });
    const days = (Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const token = await invitationToken(t, diver.registration.email);
    // Only its hash is stored.
    const stored = await t.app.database.db.selectFrom('invitations').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/preview/',
      payload: { token },
    });
    expect(preview.json()).toMatchObject({ organisation: 'Ada Keel', role: 'member', account_exists: true });

    const joined = await accept(diver, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ id: owner.organisationId, role: 'member', members: 2 });
    const again = await accept(diver, token);
    expect(again.statusCode).toBe(404);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/organisation/invitations/',
      headers: actingIn(owner, owner.organisationId),
    });
    expect(listed.json()[0]).toMatchObject({ id: invitation.id, status: 'ACCEPTED' });
  });

  it('works only for the account of the invited address', async () => {
    const invited = newRegistration();
    const someoneElse = await signUp(t.app, t.config.mail.outboxDir);
    expect((await invite(t, owner, owner.organisationId, invited.email, 'viewer')).statusCode).toBe(201);
    const token = await invitationToken(t, invited.email);
    const refused = await accept(someoneElse, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain(invited.email);
  });

  it('signs up a new account from the link: the address fixed, confirmed at once, in the organisation', async () => {
    const invited = newRegistration();
    expect((await invite(t, owner, owner.organisationId, invited.email, 'viewer')).statusCode).toBe(201);
    const token = await invitationToken(t, invited.email);
    const otherAddress = await register(t.app, { ...newRegistration(), invitation_token: token });
    expect(otherAddress.statusCode).toBe(400);
    expect(otherAddress.json().email[0]).toContain(invited.email);

    const mailsBefore = (await readOutbox(t.config.mail.outboxDir)).length;
    const registered = await register(t.app, { ...invited, invitation_token: token });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().message).toMatch(/You can now login/);
    // No confirmation mail: the invitation's link already reached the address.
    expect((await readOutbox(t.config.mail.outboxDir)).length).toBe(mailsBefore);
    const loggedIn = await login(t.app, invited.username, invited.password);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const headers = { authorization: `Bearer ${loggedIn.json().access}` };
    const current = await t.app.inject({ method: 'GET', url: '/api/organisation/', headers });
    expect(current.json()).toMatchObject({ id: owner.organisationId, role: 'viewer' });
    const all = await t.app.inject({ method: 'GET', url: '/api/organisations/', headers });
    expect(all.json()).toHaveLength(2);
  });

  it('stops working when revoked, and a resend replaces the link', async () => {
    const invited = newRegistration();
    const sent = await invite(t, owner, owner.organisationId, invited.email, 'member');
    const first = await invitationToken(t, invited.email);
    const team = actingIn(owner, owner.organisationId);
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/invitations/${sent.json().id}/resend/`,
      headers: team,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await invitationToken(t, invited.email);
    expect(second).not.toBe(first);
    const preview = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/invitations/preview/', payload: { token } });
    expect((await preview(first)).statusCode).toBe(404);
    expect((await preview(second)).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/organisation/invitations/${sent.json().id}/delete/`,
      headers: team,
    });
    expect(revoked.json()).toMatchObject({ status: 'REVOKED' });
    expect((await preview(second)).statusCode).toBe(404);
    const signUpAfter = await register(t.app, { ...invited, invitation_token: second });
    expect(signUpAfter.statusCode).toBe(400);
    expect(Object.keys(signUpAfter.json())).toEqual(['invitation_token']);
  });

  it('expires after its 7 days', async () => {
    const late = await signUp(t.app, t.config.mail.outboxDir);
    const sent = await invite(t, owner, owner.organisationId, late.registration.email, 'member');
    const token = await invitationToken(t, late.registration.email);
    await t.app.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sent.json().id)
      .execute();
    expect((await accept(late, token)).statusCode).toBe(404);
  });
});

describe('limits', () => {
  it('refuses a second invitation of the same address and one for a member', async () => {
    const invited = newRegistration();
    expect((await invite(t, owner, owner.organisationId, invited.email, 'member')).statusCode).toBe(201);
    const twice = await invite(t, owner, owner.organisationId, invited.email, 'viewer');
    expect(twice.statusCode).toBe(409);
    const member = await invite(t, owner, owner.organisationId, owner.registration.email, 'viewer');
    expect(member.statusCode).toBe(409);
    expect(member.json().detail).toMatch(/already a member/);
  });

  it('counts members and pending invitations against the organisation size, and invitations an hour', async () => {
    // 5 members at most (this app's setting), pending invitations included.
    let answer = await invite(t, owner, owner.organisationId, newRegistration().email, 'member');
    while (answer.statusCode === 201) {
      answer = await invite(t, owner, owner.organisationId, newRegistration().email, 'member');
    }
    expect([409, 429]).toContain(answer.statusCode);
    expect(answer.json().detail).toMatch(/5 members|invitations an hour/);
  });
});
