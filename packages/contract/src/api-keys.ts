import { z } from 'zod';
import { id, idParam, isoDateTime, requiredText } from './common.js';
import type { OrganisationRole } from './organisations.js';
import { type RouteDefinition, routeAccess } from './route-definition.js';

/** Issue 41 §1: what an API key may do. read: viewer routes; write: member routes; admin: admin routes. */
export const API_KEY_SCOPES = ['read', 'write', 'admin'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** Every key's secret starts with this, so scanners and people recognise a leaked one. */
export const API_KEY_PREFIX = 'hsk_';
/** The most working keys one organisation keeps; revoked and expired ones do not count. */
export const API_KEYS_PER_ORGANISATION = 50;
/** The furthest expiry a key may have, in days from its creation. */
export const API_KEY_MAX_DAYS = 3 * 366;

const SCOPE_OF_ROLE: Record<Exclude<OrganisationRole, 'owner'>, ApiKeyScope> = {
  viewer: 'read',
  member: 'write',
  admin: 'admin',
};

/**
 * The scope an API key needs for a route, or null where no key may call it: public routes need no
 * key, and account routes (but the installation-wide ones, which need read), owner routes and key
 * management are for people signed in.
 */
export function apiKeyScope(route: RouteDefinition): ApiKeyScope | null {
  const access = routeAccess(route);
  if (access === 'account' && route.installationWide) return 'read';
  if (access === 'public' || access === 'account' || access === 'owner' || route.refusesApiKeys) return null;
  return SCOPE_OF_ROLE[access];
}

export const ApiKey = z
  .object({
    id,
    name: z.string(),
    prefix: z.string().describe("The secret's first characters, to tell keys apart"),
    scopes: z.array(ApiKeyScope),
    created_by: z.object({ id: id.nullable(), name: z.string().nullable() }).describe('Who made it'),
    created_at: isoDateTime,
    last_used_at: isoDateTime.nullable().describe('To the minute: recorded at most once a minute'),
    last_used_address: z.string().nullable().describe("The client's address when it was last used"),
    expires_at: isoDateTime.nullable(),
    revoked_at: isoDateTime.nullable(),
    status: z.enum(['ACTIVE', 'REVOKED', 'EXPIRED']),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;
export const ApiKeyList = z.array(ApiKey);

export const ApiKeyCreated = ApiKey.extend({
  secret: z
    .string()
    .describe('Send as `Authorization: Bearer <secret>`. Shown once: the server keeps only its hash'),
}).meta({ id: 'ApiKeyCreated' });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

const expiry = requiredText(undefined, 40)
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !isNaN(Date.parse(value)),
    'Enter a date as YYYY-MM-DD or an ISO 8601 date-time.',
  )
  .refine((value) => Date.parse(value) > Date.now(), 'The expiry must be in the future.')
  .refine(
    (value) => Date.parse(value) <= Date.now() + API_KEY_MAX_DAYS * 86_400_000,
    `The expiry may be at most ${API_KEY_MAX_DAYS} days ahead.`,
  )
  .describe('When the key stops working (a date is its start, UTC); none: it works until revoked');

export const ApiKeyRequest = z
  .object({
    name: requiredText(undefined, 100),
    scopes: z
      .array(ApiKeyScope, { error: 'Choose the scopes: read, write and/or admin.' })
      .min(1, 'Choose at least one scope.')
      .max(API_KEY_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once.'),
    expires_at: expiry.nullable().optional(),
  })
  .meta({ id: 'ApiKeyRequest' });
export type ApiKeyRequest = z.input<typeof ApiKeyRequest>;

export const ApiKeyParams = z.object({ keyId: idParam });
