import type { z } from 'zod';
import type { OrganisationRole } from './organisations.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone ('public'), any signed-in user ('account': their own account, or
 * nothing organisation-specific), or a member of the request's organisation with at least that role.
 */
export type RouteAccess = 'public' | 'account' | OrganisationRole;

/**
 * One endpoint of spec §7. `path` uses `:name` parameters; `response` is null for file downloads
 * and multipart uploads' bodies are not described by a schema.
 */
export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  auth: boolean;
  /** OpenAPI operationId: a unique camelCase name that generated clients use as the method name. */
  operationId: string;
  tag: string;
  summary: string;
  status: 200 | 201;
  params?: z.ZodObject;
  /** Query-string parameters; each arrives as a string. */
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType | null;
  multipart?: boolean;
  /** The media types of a file answer (`response` null), for the OpenAPI document. */
  download?: readonly string[];
  /** Who may call it; see routeAccess for the default. */
  access?: Exclude<RouteAccess, 'public'>;
  /**
   * Only for people signed in, whatever an API key's scopes: managing the keys, who is a member and
   * with which role (a leaked key must not create lasting access), leaving the organisation, and
   * signing or reopening an inspection (a personal attestation).
   */
  refusesApiKeys?: true;
  /**
   * An account route whose answer is the same for everyone (reference lists, the server's limits):
   * API keys with the read scope may call it, though it belongs to no organisation.
   */
  installationWide?: true;
}

export function route<const T extends RouteDefinition>(definition: T): T {
  return definition;
}

/**
 * The route's access: public without authentication; otherwise as declared, or by default a viewer
 * for reads and a member for changes.
 */
export function routeAccess(route: RouteDefinition): RouteAccess {
  if (!route.auth) return 'public';
  return route.access ?? (route.method === 'GET' ? 'viewer' : 'member');
}
