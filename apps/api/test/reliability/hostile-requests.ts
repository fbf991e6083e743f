import { ORGANISATION_HEADER, type RouteDefinition } from '@hullscope/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { z } from 'zod';

/** Resources the fuzzer may name in paths: its own and another user's. */
export interface FuzzTargets {
  ownIds: Record<string, number>;
  othersIds: Record<string, number>;
  authorization: string;
  /** Values for the organisation header: the fuzzer's own organisation and another's. */
  organisations: { own: number; others: number };
  /** A valid body per route name: a hostile value in one or two of its fields gets past the schema's shape. */
  validBodies: Record<string, Record<string, unknown>>;
}

export interface HostileRequest {
  /** What was sent, short enough for a failure message. */
  description: string;
  options: InjectOptions;
}

const PARAM_PATTERN = /:(\w+)/g;

/** Strings that have broken servers: NUL and other controls, bidi overrides, lone surrogates, paths, SQL. */
const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'name\u0000with-nul',
  '\u0007\u001b[31m',
  '\u202Egnp.exe',
  '\u2066isolated\u2069',
  '\uD800',
  '\uFEFF',
  '../../etc/passwd',
  '%00',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'x'.repeat(5000),
  '9'.repeat(40),
  '-1',
  '1e309',
  'null',
);

const hostileString = fc.oneof(
  nastyStrings,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  `multipart/form-data; boundary=${'b'.repeat(80)}`,
  'multipart/form-data; boundary=cut',
  'application/octet-stream',
  '%%%',
);

const rawBodies = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(
    '{"a":',
    '[]',
    'null',
    '"just a string"',
    '['.repeat(3000),
    '{"__proto__":{"admin":true}}',
    '--cut\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\nabc',
    '--cut--\r\n',
  ),
);

/** Percent-encodes every UTF-8 byte; unlike encodeURIComponent it takes lone surrogates too. */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** The fields of an object body schema, looking through pipes; none for other shapes. */
function fieldNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const candidate = schema as unknown as { shape?: Record<string, unknown>; def?: { in?: z.ZodType } };
  if (candidate.shape) return Object.keys(candidate.shape);
  return candidate.def?.in ? fieldNames(candidate.def.in) : [];
}

function objectBody(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fields.map((field) => fc.tuple(fc.constant(field), fc.option(hostileValue, { freq: 5 })));
  return fc
    .tuple(fc.tuple(...known), fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }))
    .map(([entries, extra]) => {
      const body: Record<string, unknown> = { ...extra };
      for (const [field, value] of entries) if (value !== null) body[field] = value;
      return body;
    });
}

function paramValue(name: string, targets: FuzzTargets): fc.Arbitrary<string> {
  const own = targets.ownIds[name];
  const others = targets.othersIds[name];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(String(own ?? 1)) },
    fc.constant(String(others ?? 2)),
    fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999', '0x10', ' 1'),
    hostileString.map(percentEncoded),
  );
}

/** A valid body with one or two fields made hostile: strings then reach the rules and the database. */
function nearlyValidBody(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.keys(valid);
  if (fields.length === 0) return fc.constant({});
  return fc
    .tuple(
      fc.subarray(fields, { minLength: 1, maxLength: Math.min(2, fields.length) }),
      fc.array(hostileValue, { minLength: 2, maxLength: 2 }),
    )
    .map(([chosen, values]) => {
      const body = { ...valid };
      chosen.forEach((field, index) => {
        body[field] = values[index] ?? null;
      });
      return body;
    });
}

/** Seeded hostile requests against one contract route: odd bodies, paths, types and credentials. */
export function hostileRequests(
  routeName: string,
  route: RouteDefinition,
  targets: FuzzTargets,
  count: number,
  seed: number,
): HostileRequest[] {
  const paramNames = [...route.path.matchAll(PARAM_PATTERN)].map((match) => match[1] ?? '');
  const path = fc
    .tuple(...paramNames.map((name) => paramValue(name, targets)))
    .map((values) =>
      paramNames.reduce((url, name, index) => url.replace(`:${name}`, values[index] ?? ''), route.path),
    );
  const query = fc.option(
    hostileString.map(
      (text) => `?offset=${percentEncoded(text)}&limit=-5&include_poor=${percentEncoded(text)}&x[]=1`,
    ),
    { freq: 4 },
  );
  const authorization = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string | undefined>(targets.authorization) },
    fc.constant<string | undefined>(undefined),
    fc.constantFrom('Bearer ', 'Bearer x.y.z', 'Basic Zm9vOmJhcg==', `Bearer ${'a'.repeat(3000)}`),
  );
  const organisation = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string | undefined>(undefined) },
    fc.constant<string | undefined>(String(targets.organisations.own)),
    fc.constant<string | undefined>(String(targets.organisations.others)),
    fc.constantFrom<string | undefined>('0', '-1', '1e3', '99999999999', 'abc', ''),
  );
  const valid = targets.validBodies[routeName];
  const body = fc.oneof(
    { weight: valid ? 4 : 0, arbitrary: nearlyValidBody(valid ?? {}).map((value) => ({ json: value })) },
    { weight: 2, arbitrary: objectBody(fieldNames(route.body)).map((value) => ({ json: value })) },
    fc.tuple(rawBodies, contentTypes).map(([raw, type]) => ({ raw, type })),
    fc.constant({}),
  );
  const request = fc.record({ path, query, authorization, organisation, body });
  return fc.sample(request, { seed, numRuns: count }).map((drawn) => {
    const url = `${drawn.path}${drawn.query ?? ''}`;
    const headers: Record<string, string> = {};
    if (drawn.authorization !== undefined) headers.authorization = drawn.authorization;
    if (drawn.organisation !== undefined) headers[ORGANISATION_HEADER] = drawn.organisation;
    const options: InjectOptions = { method: route.method, url, headers };
    let sent = 'no body';
    if ('json' in drawn.body) {
      options.payload = drawn.body.json as InjectOptions['payload'];
      sent = JSON.stringify(drawn.body.json).slice(0, 200);
    } else if ('raw' in drawn.body) {
      options.payload = drawn.body.raw;
      headers['content-type'] = drawn.body.type;
      sent = `${drawn.body.type}: ${JSON.stringify(String(drawn.body.raw)).slice(0, 120)}`;
    }
    return { description: `${route.method} ${url.slice(0, 120)} ${sent}`, options };
  });
}
