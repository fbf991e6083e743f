import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, type SignedInUser, login, signUp } from '../../support/accounts.js';
import { linkParameters, readOutbox, waitForMail } from '../../support/outbox.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let outbox: string;
beforeAll(async () => {
  t = await createTestApp();
  outbox = t.config.mail.outboxDir;
});
afterAll(() => t.close());

const freshAddress = () => `ops.${randomBytes(4).toString('hex')}@fleet-operator.de`;

/** Saves the profile with `email` (names as registered), as the Account page does. */
function updateEmail(user: SignedInUser, email: string) {
  const { username, first_name, last_name } = user.registration;
  return t.app.inject({
    method: 'PATCH',
    url: '/api/user/update/',
    headers: user.headers,
    payload: { username, email, first_name, last_name },
  });
}

/** The uid and token of the newest change link mailed to `address`. */
async function changeLink(address: string) {
  const mail = await waitForMail(outbox, address, /Confirm your new Hullscope e-mail address/);
  return linkParameters(mail, '/confirm-email-change');
}

function confirmChange(link: { uid: string; token: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/confirm-email-change/',
    payload: { uid: link.uid, token: link.token },
  });
}

async function readUser(user: SignedInUser) {
  return (await t.app.inject({ method: 'GET', url: '/api/user/', headers: user.headers })).json();
}

const NEW_PASSWORD = 'Tidal-Gauge-Orbit-58';
const INVALID_LINK = { token: ['This confirmation link is invalid, has expired or has already been used.'] };

describe('changing the e-mail address', () => {
  it('keeps the old address until confirmed, mails a link to the new one and a notice to the old', async () => {
    const user = await signUp(t.app, outbox);
    const oldAddress = user.registration.email;
    const newAddress = freshAddress();
    const { username } = user.registration;
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update/',
      headers: user.headers,
      payload: { username, email: newAddress, first_name: 'Adaline', last_name: 'Keel-Smith' },
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      id: user.userId,
      username,
      email: oldAddress,
      first_name: 'Adaline',
      last_name: 'Keel-Smith',
      pending_email: newAddress,
    };
    expect(response.json()).toEqual(expected);
    expect(await readUser(user)).toEqual(expected);

    const link = await changeLink(newAddress);
    expect(link.url.origin).toBe('http://hullscope.test');
    expect(link.uid).toBe(String(user.userId));
    const notice = await waitForMail(outbox, oldAddress, /e-mail address is about to change/);
    expect(notice.email.text).toContain(newAddress);
    expect(notice.links).toEqual([]);

    // Until confirmed, the account is not found under the new address: no reset link goes there.
    await t.app.inject({
      method: 'POST',
      url: '/api/user/request-password-reset/',
      payload: { email: newAddress },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const toNewAddress = (await readOutbox(outbox)).filter((mail) => mail.to.includes(newAddress));
    expect(toNewAddress.map((mail) => mail.email.subject)).toEqual([
      'Confirm your new Hullscope e-mail address',
    ]);
  });

  it('switches when the link is opened, once; reset links sent to the old address stop working', async () => {
    const user = await signUp(t.app, outbox);
    const oldAddress = user.registration.email;
    await t.app.inject({
      method: 'POST',
      url: '/api/user/request-password-reset/',
      payload: { email: oldAddress },
    });
    const reset = linkParameters(await waitForMail(outbox, oldAddress, /Reset/), '/user/reset-password');

    const newAddress = freshAddress();
    expect((await updateEmail(user, newAddress)).statusCode).toBe(200);
    const link = await changeLink(newAddress);
    const confirmed = await confirmChange(link);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: `Your e-mail address is now ${newAddress}.` });
    const read = await readUser(user);
    expect(read.email).toBe(newAddress);
    expect(read).not.toHaveProperty('pending_email');

    const again = await confirmChange(link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await readUser(user)).email).toBe(newAddress);

    const resetLater = await t.app.inject({
      method: 'PUT',
      url: '/api/user/reset-password/',
      payload: {
        user_id: reset.uid,
        token: reset.token,
        password: NEW_PASSWORD,
        password2: NEW_PASSWORD,
      },
    });
    expect(resetLater.statusCode).toBe(400);
    expect(resetLater.json()).toEqual({
      token: ['This password reset link is invalid, has expired or has already been used.'],
    });
    expect((await login(t.app, user.registration.username, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link whose address another account took in between, and keeps the old address', async () => {
    const user = await signUp(t.app, outbox);
    const wanted = freshAddress();
    expect((await updateEmail(user, wanted)).statusCode).toBe(200);
    const link = await changeLink(wanted);

    // A pending address reserves nothing: its real owner can still sign up with it.
    const owner = await signUp(t.app, outbox, { email: wanted });
    expect((await readUser(owner)).email).toBe(wanted);

    const refused = await confirmChange(link);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['A user with that email already exists.'] });
    const read = await readUser(user);
    expect(read.email).toBe(user.registration.email);
    expect(read).not.toHaveProperty('pending_email');
    expect((await readUser(owner)).email).toBe(wanted);
  });

  it('voids the earlier link when another address is asked for', async () => {
    const user = await signUp(t.app, outbox);
    const first = freshAddress();
    const second = freshAddress();
    expect((await updateEmail(user, first)).statusCode).toBe(200);
    const firstLink = await changeLink(first);
    expect((await updateEmail(user, second)).json().pending_email).toBe(second);

    expect((await confirmChange(firstLink)).json()).toEqual(INVALID_LINK);
    expect((await confirmChange(await changeLink(second))).statusCode).toBe(200);
    expect((await readUser(user)).email).toBe(second);
  });

  it('is cancelled by a password change, as the notice to the old address says', async () => {
    const user = await signUp(t.app, outbox);
    const wanted = freshAddress();
    expect((await updateEmail(user, wanted)).statusCode).toBe(200);
    const link = await changeLink(wanted);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password/',
      headers: user.headers,
      payload: { old_password: STRONG_PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    // The change ended the earlier session: read with the tokens it answered.
    const signedIn = { ...user, headers: { authorization: `Bearer ${changed.json().access}` } };
    const after = await readUser(signedIn);
    expect(after.email).toBe(user.registration.email);
    expect(after).not.toHaveProperty('pending_email');
    expect((await confirmChange(link)).json()).toEqual(INVALID_LINK);
    expect((await readUser(signedIn)).email).toBe(user.registration.email);
  });

  it('is cancelled by a password reset too', async () => {
    const user = await signUp(t.app, outbox);
    const wanted = freshAddress();
    expect((await updateEmail(user, wanted)).statusCode).toBe(200);
    const link = await changeLink(wanted);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/request-password-reset/',
      payload: { email: user.registration.email },
    });
    const reset = linkParameters(
      await waitForMail(outbox, user.registration.email, /Reset your Hullscope password/),
      '/user/reset-password',
    );
    const done = await t.app.inject({
      method: 'PUT',
      url: '/api/user/reset-password/',
      payload: { user_id: reset.uid, token: reset.token, password: NEW_PASSWORD, password2: NEW_PASSWORD },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await confirmChange(link)).json()).toEqual(INVALID_LINK);
    const signedIn = await login(t.app, user.registration.username, NEW_PASSWORD);
    const after = await readUser({ ...user, headers: { authorization: `Bearer ${signedIn.json().access}` } });
    expect(after.email).toBe(user.registration.email);
    expect(after).not.toHaveProperty('pending_email');
  });

  it('refuses a taken or free-mail address at once, as before', async () => {
    const user = await signUp(t.app, outbox);
    const other = await signUp(t.app, outbox);
    const taken = await updateEmail(user, other.registration.email.toUpperCase());
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ['A user with that email already exists.'] });
    const freeMail = await updateEmail(user, 'ada@gmail.com');
    expect(freeMail.statusCode).toBe(400);
    expect(await readUser(user)).not.toHaveProperty('pending_email');
  });

  it('mails at most the hourly limit of changes per account; the next is refused with 429 and sends nothing', async () => {
    const user = await signUp(t.app, outbox);
    const oldAddress = user.registration.email;
    const limit = t.config.accountRequestLimits.emailChangeMailsPerAccountPerHour;
    const asked = Array.from({ length: limit + 2 }, () => freshAddress());
    const statuses: number[] = [];
    for (const address of asked.slice(0, limit)) {
      statuses.push((await updateEmail(user, address)).statusCode);
      await changeLink(address);
    }
    const refused = await updateEmail(user, asked[limit]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json()).toEqual({
      detail: 'Too many e-mail address changes for this account. Please try again in an hour.',
    });
    statuses.push(refused.statusCode, (await updateEmail(user, asked[limit + 1]!)).statusCode);
    expect(statuses).toEqual([...Array<number>(limit).fill(200), 429, 429]);

    // The refused changes wrote nothing: no mail to either side, and the last link asked for stays open.
    const mails = await readOutbox(outbox);
    const sentTo = (address: string) => mails.filter((mail) => mail.to.includes(address)).length;
    expect(asked.map(sentTo)).toEqual([...Array<number>(limit).fill(1), 0, 0]);
    expect(
      mails.filter(
        (mail) => mail.to.includes(oldAddress) && /about to change/.test(mail.email.subject ?? ''),
      ),
    ).toHaveLength(limit);
    expect((await readUser(user)).pending_email).toBe(asked[limit - 1]);
  });
});
