import { ORGANISATION_HEADER, type OrganisationRole } from '@hullscope/contract';
import { expect } from 'vitest';
import { type SignedInUser, signUp } from './accounts.js';
import { readOutbox } from './outbox.js';
import type { TestApp } from './test-app.js';

export type TeamHeaders = { authorization: string; [ORGANISATION_HEADER]: string };

/** The user's headers acting in one organisation. */
export function actingIn(user: SignedInUser, organisationId: number): TeamHeaders {
  return { ...user.headers, [ORGANISATION_HEADER]: String(organisationId) };
}

/** The token of the newest invitation link e-mailed to `email` (compared as mail does, ignoring case). */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = (await readOutbox(t.config.mail.outboxDir))
      .filter((sent) => sent.to.some((to) => to.toLowerCase() === email.toLowerCase()))
      .filter((sent) => /invites you/.test(sent.email.subject ?? ''))
      .pop();
    const link = mail?.links.find((candidate) => new URL(candidate).pathname === '/invitation');
    if (link) return new URL(link).searchParams.get('token')!;
    if (Date.now() > deadline) throw new Error(`no invitation mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Invites `email` into the inviter's organisation with `role`, through the API. */
export async function invite(
  t: TestApp,
  inviter: SignedInUser,
  organisationId: number,
  email: string,
  role: Exclude<OrganisationRole, 'owner'>,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/organisation/invitations/',
    headers: actingIn(inviter, organisationId),
    payload: { email, role },
  });
}

/**
 * A new user who joined the owner's organisation with `role` (an owner is invited as admin, then
 * made owner): signed up, invited by e-mail and accepted, as a person would.
 */
export async function teammate(
  t: TestApp,
  owner: SignedInUser,
  organisationId: number,
  role: OrganisationRole,
): Promise<SignedInUser & { team: TeamHeaders }> {
  const user = await signUp(t.app, t.config.mail.outboxDir);
  const invited = await invite(
    t,
    owner,
    organisationId,
    user.registration.email,
    role === 'owner' ? 'admin' : role,
  );
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/invitations/accept/',
    headers: user.headers,
    payload: { token: await invitationToken(t, user.registration.email) },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  if (role === 'owner') {
    const promoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/organisation/members/${user.userId}/update/`,
      headers: actingIn(owner, organisationId),
      payload: { role: 'owner' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
  }
  return { ...user, team: actingIn(user, organisationId) };
}
