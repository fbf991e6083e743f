import { ORGANISATION_HEADER } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  debitAccount,
  InsufficientCreditsError,
  balanceOf,
  ledgerSum,
} from '../../../src/features/credits/ledger.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { solidImage, upload } from '../../support/images.js';
import { fixtureModelId, resolutionId, waitForRequest } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { actingIn, teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir, { first_name: 'Ada', last_name: 'Keel' });
});
afterAll(() => t.close());

async function createOrganisation(user: SignedInUser, name: string): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/organisations/',
    headers: user.headers,
    payload: { name },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

describe('a new account', () => {
  it('has an organisation of one, named after its person, with the sign-up bonus', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/organisation/', headers: owner.headers });
    expect(answer.json()).toEqual({
      id: owner.organisationId,
      name: 'Ada Keel',
      role: 'owner',
      members: 1,
      current: true,
    });
    const credits = await t.app.inject({ method: 'GET', url: '/api/credits/', headers: owner.headers });
    expect(credits.json()).toEqual({ credits: 50 });
  });
});

describe('several organisations', () => {
  it('keeps each one’s projects and credits apart, chosen by the header', async () => {
    const fleet = await createOrganisation(owner, 'Nordic Fleet');
    const inFleet = actingIn(owner, fleet);
    const projectId = await createProject(t.app, inFleet, { name: 'Fleet hull', location: 'Bergen' });

    const fleetProjects = await t.app.inject({ method: 'GET', url: '/api/projects/', headers: inFleet });
    expect(fleetProjects.json().map((project: { name: string }) => project.name)).toEqual(['Fleet hull']);
    const ownProjects = await t.app.inject({
      method: 'GET',
      url: '/api/projects/',
      headers: actingIn(owner, owner.organisationId),
    });
    expect(ownProjects.json()).toEqual([]);
    // The project is the fleet's: from the own organisation it does not exist.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/`,
      headers: actingIn(owner, owner.organisationId),
    });
    expect(elsewhere.statusCode).toBe(404);

    const fleetCredits = await t.app.inject({ method: 'GET', url: '/api/credits/', headers: inFleet });
    expect(fleetCredits.json()).toEqual({ credits: 0 });
  });

  it('acts where the user last chose when a request names no organisation', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${owner.organisationId}/switch/`,
      headers: owner.headers,
    });
    const yard = await createOrganisation(owner, 'Dry Dock Services');
    // Creating one does not move a client that sends no header.
    const before = await t.app.inject({ method: 'GET', url: '/api/organisation/', headers: owner.headers });
    expect(before.json().id).toBe(owner.organisationId);

    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${yard}/switch/`,
      headers: owner.headers,
    });
    expect(switched.json()).toMatchObject({ id: yard, current: true });
    const after = await t.app.inject({ method: 'GET', url: '/api/organisation/', headers: owner.headers });
    expect(after.json()).toMatchObject({ id: yard, name: 'Dry Dock Services' });

    // Naming one in the header makes it the last used too.
    await t.app.inject({
      method: 'GET',
      url: '/api/projects/',
      headers: actingIn(owner, owner.organisationId),
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/organisations/', headers: owner.headers });
    expect(list.json().filter((organisation: { current: boolean }) => organisation.current)).toEqual([
      expect.objectContaining({ id: owner.organisationId }),
    ]);
  });

  it('answers 404 for an organisation of someone else, as for one that does not exist, and 400 for no id', async () => {
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/projects/',
      headers: actingIn(owner, stranger.organisationId),
    });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/projects/',
      headers: actingIn(owner, 987_654),
    });
    expect(theirs.statusCode).toBe(404);
    expect([theirs.statusCode, theirs.json()]).toEqual([none.statusCode, none.json()]);
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${stranger.organisationId}/switch/`,
      headers: owner.headers,
    });
    expect(switched.statusCode).toBe(404);

    for (const header of ['abc', '-1', '0', '99999999999', '1,2']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/projects/',
        headers: { ...owner.headers, [ORGANISATION_HEADER]: header },
      });
      expect(answer.statusCode, header).toBe(400);
      expect(answer.json().detail).toMatch(/must be the id of one of your organisations/);
    }
  });
});

describe('one credit wallet per organisation', () => {
  it('lets two members spend the last credits at once: one wins, the balance never goes below zero', async () => {
    const { db } = t.app.database;
    const fleet = await createOrganisation(owner, 'Wallet Fleet');
    const member = await teammate(t, owner, fleet, 'member');
    await t.app.inject({ method: 'GET', url: '/api/credits/', headers: member.team });
    // The organisation holds 10 credits; both members try to spend 7 of them together.
    await db.updateTable('organisations').set({ credits: 10 }).where('id', '=', fleet).execute();
    await db
      .insertInto('credit_ledger')
      .values({
        organisation_id: fleet,
        user_id: null,
        kind: 'admin_grant',
        amount: 10,
        status: 'SETTLED',
        reason: 'test',
        prediction_request_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const attempts = await Promise.allSettled(
      [owner.userId, member.userId].map((actorId) =>
        debitAccount(db, { organisationId: fleet, actorId, amount: 7, kind: 'prediction' }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    expect(
      attempts.filter(
        (attempt) => attempt.status === 'rejected' && attempt.reason instanceof InsufficientCreditsError,
      ),
    ).toHaveLength(1);
    expect(await balanceOf(db, fleet)).toBe(3);
    expect(await ledgerSum(db, fleet)).toBe(3);
  });

  it('names the member who acted on each transaction', async () => {
    const fleet = await createOrganisation(owner, 'Ledger Fleet');
    const member = await teammate(t, owner, fleet, 'member');
    const { db } = t.app.database;
    await db.updateTable('organisations').set({ credits: 5 }).where('id', '=', fleet).execute();
    await debitAccount(db, { organisationId: fleet, actorId: member.userId, amount: 2, kind: 'prediction' });
    const transactions = await t.app.inject({
      method: 'GET',
      url: '/api/transactions/',
      headers: member.team,
    });
    expect(transactions.json()).toEqual([
      expect.objectContaining({ amount: -2, kind: 'prediction', actor: member.registration.username }),
    ]);
    // The owner's own organisation's ledger is untouched.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/transactions/',
      headers: actingIn(owner, owner.organisationId),
    });
    expect(own.json()).toEqual([expect.objectContaining({ kind: 'signup_bonus', amount: 50 })]);
  });
});

describe('a member removed while their prediction runs', () => {
  it('does not stop it: the run finishes, charged to the organisation in their name', async () => {
    const fleet = await createOrganisation(owner, 'Running Fleet');
    const inFleet = actingIn(owner, fleet);
    await t.app.database.db
      .updateTable('organisations')
      .set({ credits: 10 })
      .where('id', '=', fleet)
      .execute();
    const member = await teammate(t, owner, fleet, 'member');
    const projectId = await createProject(t.app, member.team);
    const uploaded = await upload(t.app, member.team, projectId, [
      { name: 'a.png', data: await solidImage('png') },
    ]);
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/request-predict/`,
      headers: member.team,
      payload: {
        model: await fixtureModelId(t.app, member.team),
        resolution: await resolutionId(t.app, member.team, 'standard'),
        images: [uploaded.json().data[0].id],
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/organisation/members/${member.userId}/delete/`,
      headers: inFleet,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // The member's requests are the organisation's: the owner follows it to the end.
    expect((await waitForRequest(t.app, inFleet, scheduled.json().request_id)).status).toBe('DONE');
    const charged = await t.app.database.db
      .selectFrom('credit_ledger')
      .select(['organisation_id', 'user_id', 'amount'])
      .where('prediction_request_id', '=', scheduled.json().request_id)
      .execute();
    expect(charged).toEqual([{ organisation_id: fleet, user_id: member.userId, amount: -1 }]);
    expect(await balanceOf(t.app.database.db, fleet)).toBe(9);
  });
});

describe('members', () => {
  it('keeps the last owner: they can neither leave nor be demoted, and only an owner makes owners', async () => {
    const fleet = await createOrganisation(owner, 'Owner Fleet');
    const admin = await teammate(t, owner, fleet, 'admin');
    const inFleet = actingIn(owner, fleet);
    const leave = await t.app.inject({ method: 'POST', url: '/api/organisation/leave/', headers: inFleet });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().detail).toMatch(/Owner Fleet needs an owner/);
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/organisation/members/${owner.userId}/update/`,
      headers: inFleet,
      payload: { role: 'member' },
    });
    expect(demote.statusCode).toBe(409);
    const byAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/organisation/members/${admin.userId}/update/`,
      headers: admin.team,
      payload: { role: 'owner' },
    });
    expect(byAdmin.statusCode).toBe(403);
    const removeOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/organisation/members/${owner.userId}/delete/`,
      headers: admin.team,
    });
    expect(removeOwner.statusCode).toBe(403);

    // With a second owner the first may step down and leave.
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/organisation/members/${admin.userId}/update/`,
      headers: inFleet,
      payload: { role: 'owner' },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    const left = await t.app.inject({ method: 'POST', url: '/api/organisation/leave/', headers: inFleet });
    expect(left.statusCode, left.body).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: '/api/organisation/', headers: inFleet });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses to delete the account of the only owner of an organisation with other members, naming it', async () => {
    const boss = await signUp(t.app, t.config.mail.outboxDir);
    const fleet = await createOrganisation(boss, 'Sole Owner Shipping');
    const member = await teammate(t, boss, fleet, 'member');
    const refused = await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: boss.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/only owner of Sole Owner Shipping/);

    // A member's account goes; the organisation stays with its owner.
    const memberGone = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/delete/',
      headers: member.headers,
    });
    expect(memberGone.statusCode, memberGone.body).toBe(200);
    const members = await t.app.inject({
      method: 'GET',
      url: '/api/organisation/members/',
      headers: actingIn(boss, fleet),
    });
    expect(members.json().map((entry: { user_id: number }) => entry.user_id)).toEqual([boss.userId]);
    // Now alone in both, the boss may go, and both organisations with them.
    const bossGone = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/delete/',
      headers: boss.headers,
    });
    expect(bossGone.statusCode, bossGone.body).toBe(200);
    const left = await t.app.database.db
      .selectFrom('organisations')
      .select('id')
      .where('id', 'in', [fleet, boss.organisationId])
      .execute();
    expect(left).toEqual([]);
  });

  it('deletes an organisation only for an owner who types its name', async () => {
    const fleet = await createOrganisation(owner, 'Short Lived');
    const inFleet = actingIn(owner, fleet);
    await createProject(t.app, inFleet);
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/organisation/delete/',
      headers: inFleet,
      payload: { name: 'Short lived' },
    });
    expect(wrong.statusCode).toBe(400);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/organisation/delete/',
      headers: inFleet,
      payload: { name: 'Short Lived' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const projects = await t.app.database.db
      .selectFrom('projects')
      .select('id')
      .where('owner', '=', fleet)
      .execute();
    expect(projects).toEqual([]);
  });
});
