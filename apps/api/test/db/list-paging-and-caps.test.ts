import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../support/accounts.js';
import { type TestApp, createTestApp } from '../support/test-app.js';

const CAP = 5;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAX_PROJECTS_PER_ACCOUNT: String(CAP), MAX_VESSELS_PER_ACCOUNT: String(CAP) });
});
afterAll(() => t.close());

/** The two lists an account can grow without bound otherwise: paged the same way, capped the same way. */
const lists = [
  { what: 'projects', url: '/api/projects/', body: (name: string) => ({ name, location: 'Yard' }) },
  { what: 'vessels', url: '/api/vessels/', body: (name: string) => ({ name }) },
];

describe.each(lists)('the $what list', ({ what, url, body }) => {
  const create = (user: SignedInUser, name: string) =>
    t.app.inject({ method: 'POST', url, headers: user.headers, payload: body(name) });
  const read = (user: SignedInUser, query = '') =>
    t.app.inject({ method: 'GET', url: `${url}${query}`, headers: user.headers });
  const ids = (response: { json: () => { id: number }[] }) => response.json().map((entry) => entry.id);

  async function fill(user: SignedInUser, count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      const response = await create(user, `Item ${index}`);
      expect(response.statusCode, response.body).toBe(201);
    }
  }

  it('answers the whole list without parameters, and the pages asked for with them, the total in X-Total-Count', async () => {
    const owner = await signUp(t.app, t.config.mail.outboxDir);
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    await fill(owner, CAP);
    await fill(stranger, 2);

    const whole = await read(owner);
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toHaveLength(CAP);
    expect(whole.headers['x-total-count']).toBe(String(CAP));

    const pages = await Promise.all(
      ['?limit=2', '?offset=2&limit=2', '?offset=4', '?offset=5&limit=2', '?offset=99'].map((query) =>
        read(owner, query),
      ),
    );
    expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(pages.map((page) => page.headers['x-total-count'])).toEqual(Array(5).fill(String(CAP)));
    expect(pages.map((page) => page.json().length)).toEqual([2, 2, 1, 0, 0]);
    // The pages, in order, are the plain list: same entries, same order, same fields.
    expect(pages.flatMap((page) => page.json())).toEqual(whole.json());

    const strangers = await read(stranger, '?limit=10');
    expect(strangers.headers['x-total-count']).toBe('2');
    expect(ids(strangers).some((id) => ids(whole).includes(id))).toBe(false);
  });

  it('refuses paging parameters that are not whole numbers in range, naming the field', async () => {
    const owner = await signUp(t.app, t.config.mail.outboxDir);
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=501', 'limit'],
      ['?limit=1.5', 'limit'],
      ['?limit=', 'limit'],
      ['?limit=1&limit=2', 'limit'],
      ['?offset=-1', 'offset'],
      ['?offset=two', 'offset'],
    ] as const) {
      const response = await read(owner, query);
      expect([query, response.statusCode, Object.keys(response.json())]).toEqual([query, 400, [field]]);
    }
  });

  it(`refuses a create past the account's cap with a message saying so, until one is deleted`, async () => {
    const owner = await signUp(t.app, t.config.mail.outboxDir);
    await fill(owner, CAP - 1);
    // Sent together at one below the cap: exactly one gets through.
    const together = await Promise.all([1, 2, 3].map((index) => create(owner, `Together ${index}`)));
    expect(together.map((response) => response.statusCode).sort()).toEqual([201, 400, 400]);

    const refused = await create(owner, 'One too many');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      non_field_errors: [
        `You already have ${CAP} ${what}, the most one account may have. Delete one you no longer need to add another.`,
      ],
    });
    expect((await read(owner)).headers['x-total-count']).toBe(String(CAP));

    // The cap is the owner's: another account still creates.
    const other = await signUp(t.app, t.config.mail.outboxDir);
    expect((await create(other, 'Elsewhere')).statusCode).toBe(201);

    const [first] = ids(await read(owner, '?limit=1'));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${url}${first}/delete/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await create(owner, 'After a delete')).statusCode).toBe(201);
  });
});
