import { describe, expect, it } from 'vitest';
import {
  CompanyUpdateRequest,
  HULL_ZONES,
  ImageUpdateRequest,
  ModelManifest,
  ProjectCreateRequest,
  RegisterRequest,
  SchedulePayload,
  UserUpdateRequest,
  emptyCreditCheck,
  hullZoneLabels,
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
    // The spec's 37, the e-mail change confirmation and the image update (hull zone).
    expect(all).toHaveLength(39);
  });

  it('keeps the spec trailing slashes: every path ends in / except GET /api/credits/prices', () => {
    const withoutSlash = all.filter((route) => !route.path.endsWith('/')).map((route) => route.path);
    expect(withoutSlash).toEqual(['/api/credits/prices']);
  });

  it('only the account access calls are public', () => {
    const publicPaths = all.filter((route) => !route.auth).map((route) => route.path);
    expect(publicPaths.sort()).toEqual([
      '/api/token/',
      '/api/token/refresh/',
      '/api/user/confirm-email-change/',
      '/api/user/confirm-registration/',
      '/api/user/register/',
      '/api/user/request-password-reset/',
      '/api/user/reset-password/',
    ]);
  });

  it('answers 201 for creates, uploads and scheduling, 200 otherwise', () => {
    const created = all
      .filter((route) => route.status === 201)
      .map((route) => `${route.method} ${route.path}`);
    expect(created.sort()).toEqual([
      'POST /api/projects/',
      'POST /api/projects/:id/image-upload/',
      'POST /api/projects/:id/request-predict/',
      'POST /api/user/register/',
    ]);
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
    })),
  });

  it('allows up to 256 classes, as many as a class map of one byte per pixel can hold', () => {
    expect(ModelManifest.safeParse(manifest(256)).success).toBe(true);
    expect(ModelManifest.safeParse(manifest(257)).success).toBe(false);
  });
});
