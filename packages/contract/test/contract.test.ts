import { describe, expect, it } from 'vitest';
import {
  CompanyUpdateRequest,
  CvModel,
  FoulingRating,
  FullImage,
  HULL_ZONES,
  ImageDetails,
  ImageUpdateRequest,
  InspectionSummaryQuery,
  ModelManifest,
  PredictionSet,
  ProjectCreateRequest,
  RegisterRequest,
  SchedulePayload,
  UserUpdateRequest,
  VesselCreateRequest,
  VesselUpdateRequest,
  emptyCreditCheck,
  hasValidImoCheckDigit,
  normaliseImoNumber,
  hullZoneLabels,
  roleAllows,
  routeAccess,
  routes,
} from '../src/index.js';

function fieldMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const messages: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (messages[String(issue.path[0])] ??= []).push(issue.message);
  return messages;
}

describe('form schemas share the spec messages (§5)', () => {
  it('registration: Required, valid email, password repeat on password2', () => {
    expect(fieldMessages(RegisterRequest.safeParse({}))).toEqual({
      username: ['Required'],
      email: ['Required'],
      first_name: ['Required'],
      last_name: ['Required'],
      password: ['Required'],
      password2: ['Required'],
    });
    const mismatch = RegisterRequest.safeParse({
      username: 'a',
      email: 'bad',
      first_name: 'A',
      last_name: 'B',
      password: 'one-Password-1',
      password2: 'two-Password-2',
    });
    expect(fieldMessages(mismatch)).toEqual({
      email: ['Please enter a valid email'],
      password2: ['Password repeat must equal the new password'],
    });
  });

  it('registration: the repeat rule applies once the fields are well-formed', () => {
    const result = RegisterRequest.safeParse({
      username: 'a',
      email: 'a@b.example',
      first_name: 'A',
      last_name: 'B',
      password: 'one-Password-1',
      password2: 'two-Password-2',
    });
    expect(fieldMessages(result)).toEqual({ password2: ['Password repeat must equal the new password'] });
  });

  it('profile: "This is not a valid email."', () => {
    const result = UserUpdateRequest.safeParse({
      username: 'a',
      email: 'x',
      first_name: 'A',
      last_name: 'B',
    });
    expect(fieldMessages(result)).toEqual({ email: ['This is not a valid email.'] });
  });

  it('project: name and location messages; description optional and nullable', () => {
    expect(fieldMessages(ProjectCreateRequest.safeParse({}))).toEqual({
      name: ['Please enter a name'],
      location: ['Please enter a location'],
    });
    expect(ProjectCreateRequest.safeParse({ name: 'n', location: 'l', description: null }).success).toBe(
      true,
    );
  });

  it('project: inspection details are optional, enums and dates checked (issue 18 §2)', () => {
    const base = { name: 'n', location: 'l' };
    expect(ProjectCreateRequest.safeParse(base).success).toBe(true);
    expect(
      ProjectCreateRequest.parse({
        ...base,
        inspection_date: '2024-02-29',
        inspection_method: 'dry_dock',
        inspector: ' ',
        visibility: 'poor',
      }),
    ).toMatchObject({ inspection_date: '2024-02-29', inspector: null, visibility: 'poor' });
    expect(
      fieldMessages(
        ProjectCreateRequest.safeParse({
          ...base,
          inspection_date: '2999-01-01',
          inspection_method: 'x',
          visibility: 'clear',
        }),
      ),
    ).toEqual({
      inspection_date: ['The inspection date cannot be in the future.'],
      inspection_method: ['"x" is not a valid choice.'],
      visibility: ['"clear" is not a valid choice.'],
    });
    expect(fieldMessages(ProjectCreateRequest.safeParse({ ...base, inspection_date: '2023-02-30' }))).toEqual(
      {
        inspection_date: ['Enter a valid date as YYYY-MM-DD.'],
      },
    );
  });

  it('image update: one of the hull zones or null (issue 18 §3)', () => {
    expect(HULL_ZONES.every((zone) => typeof hullZoneLabels[zone] === 'string')).toBe(true);
    expect(ImageUpdateRequest.parse({ hull_zone: null })).toEqual({ hull_zone: null });
    expect(fieldMessages(ImageUpdateRequest.safeParse({ hull_zone: 'keel' }))).toEqual({
      hull_zone: ['"keel" is not a valid hull zone.'],
    });
  });

  it('company: only country is required', () => {
    expect(fieldMessages(CompanyUpdateRequest.safeParse({}))).toEqual({ country: ['Required'] });
    expect(CompanyUpdateRequest.parse({ country: 'de' })).toEqual({ country: 'DE' });
  });

  it('vessel: only the name is required; blank optional fields become null', () => {
    expect(fieldMessages(VesselCreateRequest.safeParse({}))).toEqual({ name: ['Please enter a name'] });
    expect(
      VesselCreateRequest.parse({
        name: ' Nordstern ',
        imo_number: 'IMO 9074729',
        flag: 'no',
        vessel_type: '',
        gross_tonnage: null,
        antifouling_system: ' ',
      }),
    ).toEqual({
      name: 'Nordstern',
      imo_number: '9074729',
      flag: 'NO',
      vessel_type: null,
      gross_tonnage: null,
      antifouling_system: null,
    });
    expect(VesselUpdateRequest.parse({})).toEqual({});
    expect(
      fieldMessages(VesselUpdateRequest.safeParse({ name: '', imo_number: '9074728', flag: 'DEU' })),
    ).toEqual({
      name: ['Please enter a name'],
      imo_number: ['IMO 9074728: the check digit should be 9 — please check the number'],
      flag: ['Select a valid country.'],
    });
  });

  it('vessel: a malformed IMO number keeps the general message; seven digits failing the check name the right digit (issue 45 §11)', () => {
    const imoMessages = (imo_number: unknown) =>
      fieldMessages(VesselCreateRequest.safeParse({ name: 'N', imo_number })).imo_number;
    expect(imoMessages('907472')).toEqual(['Please enter a valid IMO number']);
    expect(imoMessages('IMO 90747A9')).toEqual(['Please enter a valid IMO number']);
    expect(imoMessages('IMO 9176180')).toEqual([
      'IMO 9176180: the check digit should be 7 — please check the number',
    ]);
  });

  it('vessel: gross tonnage is a number, or text with digit groups (issue 45 §11)', () => {
    const tonnage = (gross_tonnage: unknown) => VesselCreateRequest.safeParse({ name: 'N', gross_tonnage });
    for (const typed of [24_500, '24500', '24,500', '24 500', "24'500"]) {
      expect(tonnage(typed).data?.gross_tonnage, String(typed)).toBe(24_500);
    }
    expect(tonnage('').data?.gross_tonnage).toBeNull();
    expect(fieldMessages(tonnage('24,5'))).toEqual({ gross_tonnage: ['Please enter a whole number'] });
    expect(fieldMessages(tonnage('24.500'))).toEqual({
      gross_tonnage: ['Please enter a whole number: a point may mark decimals, so write 24500 or 24,500'],
    });
    expect(fieldMessages(tonnage('1,000,001'))).toEqual({
      gross_tonnage: ['Ensure this value is less than or equal to 1000000.'],
    });
    expect(fieldMessages(tonnage(true))).toEqual({ gross_tonnage: ['Please enter a whole number'] });
  });

  it('IMO number: weights 7 to 2 on the first six digits, the last digit of the sum is the seventh', () => {
    expect(hasValidImoCheckDigit('9074729')).toBe(true); // 139
    expect(hasValidImoCheckDigit('9176187')).toBe(true); // 147
    expect(hasValidImoCheckDigit('0000000')).toBe(true);
    for (const wrong of ['9074720', '9074721', '9074728', '9176180', '907472', '90747290', '907472a', ''])
      expect(hasValidImoCheckDigit(wrong), wrong).toBe(false);
    expect(normaliseImoNumber('IMO 9074729')).toBe('9074729');
    expect(normaliseImoNumber('imo9074729')).toBe('9074729');
    expect(normaliseImoNumber('IMO 9074728')).toBeNull();
    expect(normaliseImoNumber('9074729X')).toBeNull();
  });

  it('schedule: model, resolution and at least one image', () => {
    expect(SchedulePayload.safeParse({ model: 1, resolution: 2, images: [3] }).success).toBe(true);
    expect(fieldMessages(SchedulePayload.safeParse({ images: [] }))).toEqual({
      model: ['Required'],
      resolution: ['Required'],
      images: ['Select at least one image.'],
    });
  });

  it('the credit check default is invalid with infinite required credits (§9)', () => {
    expect(emptyCreditCheck.data.valid).toBe(false);
    expect(emptyCreditCheck.data.required_credits).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('route table (§7)', () => {
  const all = Object.values(routes);

  it('has each method and path once', () => {
    const keys = all.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    // The spec's 37, the e-mail change confirmation, the 5 vessel routes, the image update, the
    // inspection summary and the report as PDF and JSON (issue 18), the image details (issue 22), and
    // the upload limits and image hashes a survey-size upload reads first (issue 24); cancelling a
    // purchase and its invoice (issue 45); 17 for organisations, members, invitations and the audit
    // log and 8 for share links (issue 38); the hull plan, the area checklist read and update, the
    // fuel penalty and the decision rules read and update (issue 40); the API keys' list, create and
    // revoke (issue 41); 8 for webhooks (issue 41); 13 for mask versions, review,
    // sign-off, revisions, the dataset export and the agreement figures (issue 39); the plan pins, a
    // photo's plan position and the interpolation of video frames (issue 40 §2); the Record Book as
    // JSON and PDF and 7 for cleanings and their comparison (issue 40 §6, §7).
    expect(all).toHaveLength(129);
  });

  it('names every route by a unique camelCase operationId: its key in the route table', () => {
    for (const [key, route] of Object.entries(routes)) expect(route.operationId).toBe(key);
    const ids = all.map((route) => route.operationId);
    expect(ids.every((id) => /^[a-z][a-zA-Z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the spec trailing slashes: every path ends in / except GET /api/credits/prices and report.json', () => {
    const withoutSlash = all.filter((route) => !route.path.endsWith('/')).map((route) => route.path);
    // The report's JSON is named as a file, as issue 18 §6 names it.
    expect(withoutSlash).toEqual([
      '/api/credits/prices',
      '/api/projects/:id/report.json',
      '/api/shared/report.json',
      '/api/projects/:id/revisions/:revision/report.json',
    ]);
  });

  it('only the account access calls, the e-mailed links and the shared inspection are public', () => {
    const publicPaths = all.filter((route) => !route.auth).map((route) => route.path);
    expect(publicPaths.sort()).toEqual([
      '/api/invitations/preview/',
      '/api/shared/',
      '/api/shared/image/:imageId/',
      '/api/shared/predictionset/:predictionId/',
      '/api/shared/report.json',
      '/api/shared/report/',
      '/api/token/',
      '/api/token/refresh/',
      '/api/user/confirm-email-change/',
      '/api/user/confirm-registration/',
      '/api/user/export/:exportId/download/',
      '/api/user/register/',
      '/api/user/request-password-reset/',
      '/api/user/reset-password/',
    ]);
  });

  it('answers 201 for creates, uploads and scheduling (webhook test pings and resends create deliveries), 200 otherwise', () => {
    const created = all
      .filter((route) => route.status === 201)
      .map((route) => `${route.method} ${route.path}`);
    expect(created.sort()).toEqual([
      'POST /api/organisation/api-keys/',
      'POST /api/organisation/invitations/',
      'POST /api/organisation/webhooks/',
      'POST /api/organisation/webhooks/:webhookId/deliveries/:deliveryId/resend/',
      'POST /api/organisation/webhooks/:webhookId/test/',
      'POST /api/organisations/',
      'POST /api/projects/',
      'POST /api/projects/:id/image-upload/',
      'POST /api/projects/:id/predictionset/:predictionId/masks/',
      'POST /api/projects/:id/predictionset/:predictionId/masks/:version/restore/',
      'POST /api/projects/:id/request-predict/',
      'POST /api/projects/:id/share-links/',
      'POST /api/projects/:id/sign/',
      'POST /api/user/export/',
      'POST /api/user/register/',
      'POST /api/vessels/',
      'POST /api/vessels/:id/cleanings/',
      'POST /api/vessels/:id/ga-drawing/',
    ]);
  });
});

describe('roles (issue 38 §2)', () => {
  const all = Object.entries(routes);
  const accessOf = (name: string) => routeAccess(routes[name as keyof typeof routes]);

  it('rank viewer < member < admin < owner, each allowed what the ones below are', () => {
    expect(roleAllows('owner', 'admin')).toBe(true);
    expect(roleAllows('admin', 'member')).toBe(true);
    expect(roleAllows('member', 'viewer')).toBe(true);
    expect(roleAllows('viewer', 'member')).toBe(false);
    expect(roleAllows('member', 'admin')).toBe(false);
    expect(roleAllows('admin', 'owner')).toBe(false);
  });

  it('lets a viewer read but not change anything of the organisation', () => {
    const viewerChanges = all
      .filter(([, route]) => route.auth && route.method !== 'GET' && routeAccess(route) === 'viewer')
      .map(([name]) => name);
    // Leaving is the viewer's own membership, not the organisation's data.
    expect(viewerChanges).toEqual(['leaveOrganisation']);
  });

  it('keeps billing, settings, members and the audit log to admins and deletion to owners', () => {
    expect(accessOf('createCheckoutSession')).toBe('admin');
    expect(accessOf('updateCompany')).toBe('admin');
    expect(accessOf('createInvitation')).toBe('admin');
    expect(accessOf('updateMember')).toBe('admin');
    expect(accessOf('listAuditEvents')).toBe('admin');
    expect(accessOf('requestDataExport')).toBe('admin');
    expect(accessOf('deleteOrganisation')).toBe('owner');
    expect(accessOf('requestPredict')).toBe('member');
    expect(accessOf('uploadImages')).toBe('member');
    expect(accessOf('inspectionReportPdf')).toBe('viewer');
  });

  it("leaves the user's own account to themselves, whatever their roles", () => {
    const accountRoutes = all.filter(([, route]) => routeAccess(route) === 'account').map(([name]) => name);
    expect(accountRoutes).toEqual(
      expect.arrayContaining(['getUser', 'updateUser', 'changePassword', 'deleteUser', 'acceptInvitation']),
    );
  });
});

describe('model manifest (architecture.md §4)', () => {
  const manifest = (classCount: number) => ({
    name: 'Test',
    version: '1.0.0',
    architecture: 'unet',
    backbone: 'none',
    input: { layout: 'NCHW', channels: 'RGB', mean: [0, 0, 0], std: [1, 1, 1], stride: 32 },
    classes: Array.from({ length: classCount }, (_, index) => ({
      label: `Class ${index}`,
      hex_color: `#${index.toString(16).padStart(6, '0')}`,
      in_percentages: index > 0,
      fouling_category: index > 1 ? ('macrofouling' as const) : ('none' as const),
    })),
  });

  it('allows up to 256 classes, as many as a class map of one byte per pixel can hold', () => {
    expect(ModelManifest.safeParse(manifest(256)).success).toBe(true);
    expect(ModelManifest.safeParse(manifest(257)).success).toBe(false);
  });

  it('needs every class to declare its fouling category, none for a class outside the percentages', () => {
    const problems = (value: unknown) =>
      ModelManifest.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    const missing = manifest(3);
    delete (missing.classes[2] as { fouling_category?: string }).fouling_category;
    expect(problems(missing)).toEqual([
      [
        'classes.2.fouling_category',
        "missing: declare the class's fouling category, one of none, microfouling, macrofouling",
      ],
    ]);
    const unknown = manifest(3);
    (unknown.classes[1] as { fouling_category: string }).fouling_category = 'slime';
    expect(problems(unknown)).toEqual([
      ['classes.1.fouling_category', 'must be one of none, microfouling, macrofouling'],
    ]);
    const foulingOutside = manifest(3);
    foulingOutside.classes[0]!.fouling_category = 'macrofouling';
    expect(problems(foulingOutside)).toEqual([
      [
        'classes.0.fouling_category',
        'must be none for a class left out of the percentages (in_percentages: false)',
      ],
    ]);
  });
});

describe('the fouling rating is additive (issue 18 §4)', () => {
  const image = (type: 'PRED' | 'ORG' | 'STAT') => ({
    id: 1,
    image_name: 'a.jpg',
    base64_image: '',
    width: 1,
    height: 1,
    type,
  });
  const set = {
    predictions: [{ label: 'Hard Fouling', hex_color: '#e53935', percentage: 100 }],
    PRED: image('PRED'),
    ORG: image('ORG'),
    STAT: image('STAT'),
  };
  const rating = {
    scale: 'IMO MEPC.378(80)',
    value: 4,
    label: 'Heavy macrofouling',
    macrofouling_percentage: 100,
    microfouling_percentage: 0,
  };

  it("takes the spec's prediction set without it, with it, and with null (not rated)", () => {
    expect(PredictionSet.safeParse(set).success).toBe(true);
    expect(PredictionSet.parse({ ...set, fouling_rating: rating }).fouling_rating).toEqual(rating);
    expect(PredictionSet.safeParse({ ...set, fouling_rating: null }).success).toBe(true);
  });

  it('takes a confidence of 0 to 1 with its flag, both null for an older prediction, or neither', () => {
    expect(PredictionSet.parse({ ...set, confidence: 0.42, low_confidence: true })).toMatchObject({
      confidence: 0.42,
      low_confidence: true,
    });
    expect(PredictionSet.safeParse({ ...set, confidence: null, low_confidence: null }).success).toBe(true);
    expect(PredictionSet.parse(set)).not.toHaveProperty('confidence');
    for (const confidence of [-0.01, 1.01, '0.5']) {
      expect(PredictionSet.safeParse({ ...set, confidence, low_confidence: false }).success).toBe(false);
    }
    expect(PredictionSet.safeParse({ ...set, confidence: 0.5, low_confidence: 'no' }).success).toBe(false);
  });

  it('holds a rating of 0 to 4 with one of the scale labels', () => {
    expect(FoulingRating.safeParse({ ...rating, value: 5 }).success).toBe(false);
    expect(FoulingRating.safeParse({ ...rating, label: 'Very heavy' }).success).toBe(false);
    expect(FoulingRating.safeParse({ ...rating, scale: 'US Navy' }).success).toBe(false);
  });

  it('lists models whose classes have no category (registered before categories)', () => {
    const model = {
      id: 1,
      name: 'Old',
      architecture: 'unet',
      backbone: 'none',
      version: '1',
      filename: 'model.onnx',
      description: null,
      active: true,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      classes: [{ label: 'Background', hex_color: '#000000', in_percentages: false }],
    };
    expect(CvModel.safeParse(model).success).toBe(true);
  });
});

describe('photo quality is additive (issue 46)', () => {
  const image = { id: 1, image_name: 'bow.jpg', base64_image: 'AA', width: 4, height: 3 };
  const quality = {
    grade: 'poor',
    reasons: ['Blurred (sharpness 0.020)'],
    metrics: {
      sharpness: 0.02,
      contrast: 0.5,
      brightness: 0.4,
      dark_share: 0,
      bright_share: 0,
      colour_cast: 0.2,
      blockiness: 1.1,
      hull_share: 1,
    },
  };

  it("takes the spec's image without it, with it, and with null (never measured)", () => {
    expect(FullImage.safeParse(image).success).toBe(true);
    expect(FullImage.parse({ ...image, quality }).quality?.grade).toBe('poor');
    expect(FullImage.safeParse({ ...image, quality: null }).success).toBe(true);
    expect(FullImage.safeParse({ ...image, quality: { ...quality, grade: 'bad' } }).success).toBe(false);
    const details = {
      id: 1,
      image_name: 'bow.jpg',
      uploaded_at: '2026-11-27T10:00:00Z',
      width: 4,
      height: 3,
      predictions: [],
    };
    expect(ImageDetails.safeParse(details).success).toBe(true);
    expect(ImageDetails.safeParse({ ...details, quality }).success).toBe(true);
  });

  it('include_poor is true or false (1 or 0); anything else is refused, not read as false', () => {
    expect(InspectionSummaryQuery.parse({}).include_poor).toBeUndefined();
    expect(InspectionSummaryQuery.parse({ include_poor: 'true' }).include_poor).toBe(true);
    expect(InspectionSummaryQuery.parse({ include_poor: '0' }).include_poor).toBe(false);
    const refused = InspectionSummaryQuery.safeParse({ include_poor: 'yes' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['include_poor', 'Must be a valid boolean.'],
    ]);
  });
});
