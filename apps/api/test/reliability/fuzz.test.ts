import { type RouteDefinition, routes } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, newRegistration, signUp } from '../support/accounts.js';
import { organisationResources, pathWith } from '../support/organisation-resources.js';
import { type TestApp, createTestApp } from '../support/test-app.js';
import { type FuzzTargets, hostileRequests } from './hostile-requests.js';

// The probe's fuzzing, bounded: a fixed seed (FUZZ_SEED to explore others), about 100 requests per
// endpoint, every answer below 500, and another organisation's resources never reached.
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const REQUESTS_PER_ROUTE = 100;

let t: TestApp;
let fuzzer: SignedInUser;
let other: SignedInUser;
let targets: FuzzTargets;

/** A user whose organisation holds one of every resource a path can name. */
async function userWithResources(): Promise<{ user: SignedInUser; ids: Record<string, number> }> {
  const user = await signUp(t.app, t.config.mail.outboxDir);
  return { user, ids: await organisationResources(t, user) };
}

/** The id `param` of `ids` stands for in `routePath` (a vessel route's `:id` is the vessel's). */
function pathId(routePath: string, param: string, ids: Record<string, number>): number | undefined {
  return param === 'id' && routePath.startsWith('/api/vessels/') ? ids.vesselId : ids[param];
}

/** The values a request's path gives each of the route's parameters. */
function pathParams(routePath: string, url: string): Record<string, string> {
  const names = [...routePath.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const pattern = new RegExp(`^${routePath.replace(/[.]/g, '\\.').replace(/:\w+/g, '([^/?]*)')}`);
  const values = pattern.exec(url)?.slice(1) ?? [];
  return Object.fromEntries(names.map((name, index) => [name, values[index] ?? '']));
}

beforeAll(async () => {
  t = await createTestApp();
  const mine = await userWithResources();
  const theirs = await userWithResources();
  fuzzer = mine.user;
  other = theirs.user;
  const strong = { password: 'Keel-Inspection-2026', password2: 'Keel-Inspection-2026' };
  const project = {
    name: 'Hull survey',
    location: 'Rotterdam',
    description: 'Dry dock',
    inspection_date: '2025-03-14',
    inspection_method: 'diver',
    inspector: 'Hull Divers Rotterdam',
    visibility: 'good',
  };
  targets = {
    ownIds: mine.ids,
    othersIds: theirs.ids,
    authorization: fuzzer.headers.authorization,
    organisations: { own: fuzzer.organisationId, others: other.organisationId },
    validBodies: {
      obtainTokens: { username: fuzzer.registration.username, password: 'Wrong-Guess-11' },
      refreshToken: { refresh: fuzzer.tokens.refresh },
      register: { ...newRegistration(), ...strong },
      confirmRegistration: { uid: String(fuzzer.userId), token: 'x'.repeat(43) },
      requestPasswordReset: { email: 'someone@shipping-company.com' },
      resetPassword: { user_id: String(fuzzer.userId), token: 'x'.repeat(43), ...strong },
      updateUser: {
        username: fuzzer.registration.username,
        email: fuzzer.registration.email,
        first_name: 'Ada',
        last_name: 'Keel',
      },
      changePassword: { old_password: 'Not-The-Old-One-1', ...strong },
      updateCompany: { name: 'Shipping Co', address: 'Kai 1', city: 'Hamburg', zip: '20457', country: 'DE' },
      createCheckoutSession: { amount: 100 },
      createProject: project,
      updateProject: project,
      updateImage: { hull_zone: 'sea_chest' },
      updateImagesZone: { images: [mine.ids.imageId], hull_zone: 'sea_chest' },
      updateImagePlanPosition: { placement: 'point', view: 'port', from_aft_m: 10, height_above_keel_m: 2 },
      updateVesselGaDrawingZones: { zones: [{ hull_zone: 'rudder', x: 0, y: 0, width: 10, height: 10 }] },
      interpolatePlanPins: { first_image: mine.ids.imageId, last_image: mine.ids.imageId },
      validatePredictRequest: { model: 1, resolution: 1, images: [mine.ids.imageId] },
      requestPredict: { model: 1, resolution: 1, images: [mine.ids.imageId] },
      createOrganisation: { name: 'Fleet Two' },
      renameOrganisation: { name: 'Fleet One' },
      deleteOrganisation: { name: 'Not its name' },
      updateMember: { role: 'viewer' },
      createInvitation: { email: 'diver@hull-divers.com', role: 'member' },
      previewInvitation: { token: 'x'.repeat(43) },
      acceptInvitation: { token: 'x'.repeat(43) },
      createShareLink: { label: 'Class surveyor', expires_in_days: 30 },
      createApiKey: { name: 'Fleet system', scopes: ['read', 'write'] },
      updateImageReview: { state: 'accepted' },
      signInspection: { name: 'Grace Hopper', position: 'Superintendent' },
      createCleaning: {
        before: mine.ids.beforeProjectId,
        after: mine.ids.afterProjectId,
        date: '2025-03-04',
        company: 'Clean Hulls Ltd',
        method: 'Divers with hand tools',
        capture: false,
      },
      updateCleaning: { certificate_reference: 'CH-117', notes: 'Propeller polished.' },
      reopenInspection: { reason: 'A photo of the rudder was missed.' },
      updateInspectionAreas: {
        sea_chest: { status: 'not_inspected', not_inspected_reason: 'not_accessible', notes: 'Grating' },
        rudder: { inspector_rating: 2, antifouling_condition: 'minor_damage' },
      },
      createWebhook: {
        url: 'https://receiver.invalid/hooks',
        events: ['images.uploaded'],
        description: 'ERP',
      },
      updateWebhook: { events: ['purchase.paid', 'credits.low'], credits_low_threshold: 10, enabled: true },
      updateDecisionRules: {
        rules: [
          {
            trigger: { kind: 'rating_at_least', rating: 2 },
            action: 'Clean with capture',
            urgency: 'next_opportunity',
            basis: 'Company rule',
          },
        ],
      },
    },
  };
});
afterAll(() => t.close());

const allRoutes = Object.entries(routes) as [string, RouteDefinition][];
// Deleting comes last, the account itself at the very end, so the other routes meet live resources;
// the fuzzing is the file's last test for the same reason.
const deletesLast = (name: string) => (name === 'deleteUser' ? 2 : /^delete/.test(name) ? 1 : 0);
const fuzzOrder = [...allRoutes].sort(([a], [b]) => deletesLast(a) - deletesLast(b));

describe("another organisation's resources", () => {
  it.each(allRoutes.filter(([, route]) => route.path.includes(':')))(
    '%s answers for them exactly as for ids that do not exist',
    async (_name, route) => {
      const call = (ids: Record<string, number>) =>
        t.app.inject({
          method: route.method,
          url: pathWith(route.path, ids),
          headers: fuzzer.headers,
          payload: {},
        });
      const theirs = await call(targets.othersIds);
      const unknownIds = Object.fromEntries(Object.keys(targets.othersIds).map((key) => [key, 987_654]));
      const unknown = await call(unknownIds);
      expect(theirs.statusCode, theirs.body).toBeGreaterThanOrEqual(400);
      expect([theirs.statusCode, theirs.json()]).toEqual([unknown.statusCode, unknown.json()]);
    },
  );
});

describe('ids past the 32-bit range of database keys', () => {
  const tooLarge = 2_147_483_648;

  it.each(allRoutes.filter(([, route]) => route.path.includes(':')))(
    '%s answers 404 for one in its path',
    async (_name, route) => {
      const url = route.path.replace(/:\w+/g, String(tooLarge));
      const response = await t.app.inject({
        method: route.method,
        url,
        headers: fuzzer.headers,
        payload: {},
      });
      expect(response.statusCode, response.body).toBe(404);
    },
  );

  it.each([
    { model: tooLarge, resolution: 1, images: [1] },
    { model: 1, resolution: tooLarge, images: [1] },
    { model: 1, resolution: 1, images: [tooLarge] },
  ])('a prediction request with %o answers 400', async (payload) => {
    for (const action of ['validate-predict-request', 'request-predict']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${targets.ownIds.id}/${action}/`,
        headers: fuzzer.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('an e-mailed link with one as its uid is refused like any wrong link', async () => {
    const strong = 'Keel-Inspection-2026';
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/user/reset-password/',
      payload: {
        user_id: String(tooLarge * 1000),
        token: 'x'.repeat(43),
        password: strong,
        password2: strong,
      },
    });
    expect(reset.statusCode).toBe(400);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/user/confirm-registration/',
      payload: { uid: String(tooLarge), token: 'x'.repeat(43) },
    });
    expect(confirm.statusCode).toBe(400);
  });
});

describe('hostile requests to every endpoint', () => {
  it(
    `answer below 500, and leave another organisation's data alone (seed ${SEED})`,
    { timeout: 120_000 },
    async () => {
      const serverErrors: string[] = [];
      const reachedOthers: string[] = [];
      let sent = 0;
      for (const [index, [name, route]] of fuzzOrder.entries()) {
        for (const request of hostileRequests(name, route, targets, REQUESTS_PER_ROUTE, SEED + index)) {
          const response = await t.app.inject(request.options);
          sent += 1;
          if (response.statusCode >= 500)
            serverErrors.push(`${name} ${response.statusCode}: ${request.description}`);
          const params = pathParams(route.path, request.options.url?.toString() ?? '');
          const namesOthers = Object.entries(params).some(
            ([param, value]) => value === String(pathId(route.path, param, targets.othersIds)),
          );
          if (namesOthers && response.statusCode < 300 && route.auth) {
            reachedOthers.push(`${name} ${response.statusCode}: ${request.description}`);
          }
        }
      }
      // The figures docs/reliability.md records, printed with every run.
      process.stdout.write(
        `fuzz: ${sent} requests, ${serverErrors.length} answers of 500 or more, ${reachedOthers.length} reached another organisation's resources (seed ${SEED})\n`,
      );
      expect(serverErrors).toEqual([]);
      expect(reachedOthers).toEqual([]);

      const theirProjects = await t.app.inject({
        method: 'GET',
        url: '/api/projects/',
        headers: other.headers,
      });
      const theirs = targets.othersIds;
      expect(
        theirProjects
          .json()
          .map((project: { id: number }) => project.id)
          .sort(),
      ).toEqual([theirs.id!, theirs.beforeProjectId!, theirs.afterProjectId!].sort());
      const theirCleanings = await t.app.inject({
        method: 'GET',
        url: `/api/vessels/${theirs.vesselId}/cleanings/`,
        headers: other.headers,
      });
      expect(theirCleanings.json()).toHaveLength(1);
      const theirImages = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${targets.othersIds.id}/thumbnails/`,
        headers: other.headers,
      });
      expect(theirImages.json()).toHaveLength(1);
    },
  );
});
