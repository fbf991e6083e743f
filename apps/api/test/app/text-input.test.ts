import { type RouteDefinition, routes } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, type SignedInUser, signUp } from '../support/accounts.js';
import { createProject } from '../support/projects.js';
import { type TestApp, createTestApp } from '../support/test-app.js';

const CONTROL = 'This field may not contain control characters.';
const DIRECTION = 'This field may not contain text-direction control characters.';

let t: TestApp;
let user: SignedInUser;
let projectId: number;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app, t.config.mail.outboxDir);
  projectId = await createProject(t.app, user.headers);
});
afterAll(() => t.close());

interface Endpoint {
  route: RouteDefinition;
  /** A body every field of which passes validation, so the only problem is the one a test adds. */
  body: Record<string, string>;
}

const registration = {
  username: 'nul_diver',
  email: 'nul.diver@shipping-company.com',
  first_name: 'Ada',
  last_name: 'Keel',
  password: STRONG_PASSWORD,
  password2: STRONG_PASSWORD,
};

/** Every JSON endpoint with text in its body (spec §7). */
const endpoints: Record<string, Endpoint> = {
  login: {
    route: routes.obtainTokens,
    body: { username: 'nobody', password: STRONG_PASSWORD },
  },
  refresh: { route: routes.refreshToken, body: { refresh: 'x.y.z' } },
  register: { route: routes.register, body: registration },
  'confirm registration': {
    route: routes.confirmRegistration,
    body: { uid: '1', token: 'abc' },
  },
  'password reset e-mail': {
    route: routes.requestPasswordReset,
    body: { email: 'nul.diver@shipping-company.com' },
  },
  'reset password': {
    route: routes.resetPassword,
    body: { user_id: '1', token: 'abc', password: STRONG_PASSWORD, password2: STRONG_PASSWORD },
  },
  'profile update': {
    route: routes.updateUser,
    body: { username: 'renamed', email: 'ada@fleet-operator.de', first_name: 'Ada', last_name: 'Keel' },
  },
  'password change': {
    route: routes.changePassword,
    body: { old_password: STRONG_PASSWORD, password: STRONG_PASSWORD, password2: STRONG_PASSWORD },
  },
  'company update': {
    route: routes.updateCompany,
    body: {
      name: 'Fleet GmbH',
      address: 'Kai 1',
      address_2: 'Halle 2',
      city: 'Kiel',
      zip: '24103',
      state: 'SH',
      tax_id: 'DE123456789',
      country: 'DE',
    },
  },
  'project create': {
    route: routes.createProject,
    body: { name: 'Hull', location: 'Kiel', description: 'Survey' },
  },
  'project update': {
    route: routes.updateProject,
    body: { name: 'Hull', location: 'Kiel', description: 'Survey' },
  },
  // The body is checked before the vessel is looked up, so the project's id serves for the path.
  'vessel create': {
    route: routes.createVessel,
    body: { name: 'MV Nordstern', vessel_type: 'Bulk carrier', antifouling_system: 'Silicone' },
  },
  'vessel update': {
    route: routes.updateVessel,
    body: { name: 'MV Nordstern', vessel_type: 'Bulk carrier', antifouling_system: 'Silicone' },
  },
};

function send({ route }: Endpoint, body: Record<string, string>) {
  return t.app.inject({
    method: route.method,
    url: route.path.replace(':id', String(projectId)),
    headers: route.auth ? user.headers : {},
    payload: body,
  });
}

/** The value with `inserted` in its middle, so trimming cannot remove it. */
function withInside(value: string, inserted: string): string {
  const middle = value.indexOf('@') > 0 ? value.indexOf('@') : Math.ceil(value.length / 2);
  return `${value.slice(0, middle)}${inserted}${value.slice(middle)}`;
}

describe('control characters in request bodies', () => {
  const cases = Object.entries(endpoints).flatMap(([name, endpoint]) =>
    Object.keys(endpoint.body).map((field) => ({ name, endpoint, field })),
  );

  it.each(cases)('$name: a NUL in $field is a 400 on that field', async ({ endpoint, field }) => {
    const response = await send(endpoint, {
      ...endpoint.body,
      [field]: withInside(endpoint.body[field]!, '\0'),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()[field]).toContain(CONTROL);
  });

  it('refuses other C0 controls, DEL and C1 controls too', async () => {
    for (const control of ['\u0001', '\u001b', '\u007f', '\u0085', '\u009f']) {
      const response = await send(endpoints['project create']!, {
        name: `Hull${control}1`,
        location: 'Kiel',
      });
      expect(response.json(), JSON.stringify(control)).toEqual({ name: [CONTROL] });
    }
  });

  it('keeps line breaks and tabs in a project description, and stores it as sent', async () => {
    const description = 'Port side:\n\tbarnacles\r\nStarboard: clean';
    const response = await send(endpoints['project create']!, {
      name: 'Lines',
      location: 'Kiel',
      description,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().description).toBe(description);
  });
});

describe('text-direction controls in names', () => {
  // "Hull <RLO>fdp.exe" shows as "Hull exe.pdf": a name that reads as something it is not.
  const spoof = '\u202Efdp.exe';

  it('refuses an override or isolate in a project name', async () => {
    for (const control of ['\u202A', '\u202E', '\u2066', '\u2069', '\u200F']) {
      const response = await send(endpoints['project create']!, {
        name: `Hull ${control}x`,
        location: 'Kiel',
      });
      expect(response.statusCode, JSON.stringify(control)).toBe(400);
      expect(response.json()).toEqual({ name: [DIRECTION] });
    }
    const renamed = await send(endpoints['project update']!, { name: `Hull ${spoof}` });
    expect(renamed.json()).toEqual({ name: [DIRECTION] });
  });

  it('refuses them in user and company names', async () => {
    const profile = endpoints['profile update']!;
    const names = await send(profile, {
      ...profile.body,
      first_name: `Ada${spoof}`,
      last_name: `${spoof}Keel`,
    });
    expect(names.json()).toEqual({ first_name: [DIRECTION], last_name: [DIRECTION] });
    const company = await send(endpoints['company update']!, { name: `Fleet ${spoof}`, country: 'DE' });
    expect(company.json()).toEqual({ name: [DIRECTION] });
  });

  it('accepts names in right-to-left and accented scripts', async () => {
    const response = await send(endpoints['project create']!, { name: 'מספנה Ærøskøbing', location: 'حيفا' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: 'מספנה Ærøskøbing', location: 'حيفا' });
  });
});
