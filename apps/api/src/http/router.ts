import {
  BadRequestBody,
  DetailErrorBody,
  ORGANISATION_HEADER,
  type OrganisationRole,
  type RouteDefinition,
  apiKeyScope,
  routeAccess,
} from '@hullscope/contract';
import type {} from '@fastify/compress';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions as FastifyRouteOptions,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrganisationAccess } from '../features/organisations/memberships.repository.js';
import { apiKeyGuard } from './api-key-access.js';
import type { AuthUser } from './authenticate.js';
import { CachedAnswer } from './cached-answer.js';

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;
type Answer<T> = T extends z.ZodType ? z.input<T> : void;

export interface HandlerContext<R extends RouteDefinition> {
  body: Parsed<R['body']>;
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  user: R['auth'] extends true ? AuthUser : null;
  /** The organisation the request acts in and the caller's role there (null for account routes). */
  organisation: R['auth'] extends true ? (R extends { access: 'account' } ? null : OrganisationAccess) : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a handler returns when it has sent the reply itself (a 304, or a body it wrote or streams as
 * the contract's JSON without the serialiser's copy and check).
 */
export const REPLY_SENT: unique symbol = Symbol('reply sent');

/** A handler's result: the answer to serialise, a cached answer to send (cached-answer.ts), or REPLY_SENT. */
export type RouteHandler<R extends RouteDefinition> = (
  context: HandlerContext<R>,
) => Promise<Answer<R['response']> | CachedAnswer<Answer<R['response']>> | typeof REPLY_SENT>;

/** Server-side settings of one route that the contract does not describe. */
export interface RouteOptions {
  /** @fastify/compress's settings for this route (false: never compressed). */
  compress?: FastifyRouteOptions['compress'];
}

export interface Router {
  add<R extends RouteDefinition>(route: R, handler: RouteHandler<R>, options?: RouteOptions): void;
}

/** The error answers each route can give, so OpenAPI documents them and replies are checked. */
function errorResponses(route: RouteDefinition, organisationScoped: boolean): Record<number, z.ZodType> {
  const responses: Record<number, z.ZodType> = {};
  if (route.body || route.query || route.multipart || organisationScoped) responses[400] = BadRequestBody;
  if (route.auth) responses[401] = DetailErrorBody;
  if (organisationScoped) responses[403] = DetailErrorBody;
  if (route.params || organisationScoped) responses[404] = DetailErrorBody;
  return responses;
}

/** Documents the organisation header; loose, so every other header passes through untouched. */
const OrganisationHeader = z.looseObject({
  [ORGANISATION_HEADER]: z
    .string()
    .optional()
    .describe("The id of the organisation to act in; without it, the one last used (or the user's first)"),
});

/** The hooks that run before a route's body is read: who is calling, and in which organisation. */
export interface RouteGuards {
  authenticate: onRequestAsyncHookHandler;
  requireRole: (role: OrganisationRole) => onRequestAsyncHookHandler;
}

/** Who may call the route, for the operation's description: the role and the API key scope. */
function accessNote(route: RouteDefinition): string {
  const access = routeAccess(route);
  if (access === 'public') return 'No authentication.';
  const scope = apiKeyScope(route);
  const who =
    access === 'account'
      ? route.installationWide
        ? 'Any signed-in user; the same for everyone.'
        : "The signed-in user's own account."
      : `Role: ${access} or higher in the organisation.`;
  return scope === null
    ? `${who} API keys cannot call it.`
    : `${who} With an API key: the \`${scope}\` scope.`;
}

/** The operation's security: a session's access token, and an API key where one may call it. */
function security(route: RouteDefinition): Record<string, string[]>[] {
  if (!route.auth) return [];
  return apiKeyScope(route) === null
    ? [{ bearerAuth: [] }]
    : [{ bearerAuth: [] }, { apiKey: [apiKeyScope(route)!] }];
}

/**
 * Registers contract routes: request validation and response serialisation through the contract's
 * zod schemas, bearer authentication where the route needs it, the route's success status, and
 * `Cache-Control: no-store`.
 * Routes whose response is null (downloads) send their own reply.
 */
export function createRouter(app: FastifyInstance, guards: RouteGuards): Router {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  return {
    add(route, handler, options = {}) {
      const access = routeAccess(route);
      const organisationScoped = access !== 'public' && access !== 'account';
      const response = errorResponses(route, organisationScoped);
      if (route.response) response[route.status] = route.response;
      typed.route({
        method: route.method,
        url: route.path,
        schema: {
          operationId: route.operationId,
          tags: [route.tag],
          summary: route.summary,
          description: accessNote(route),
          ...(route.body ? { body: route.body } : {}),
          ...(route.params ? { params: route.params } : {}),
          ...(route.query ? { querystring: route.query } : {}),
          ...(organisationScoped ? { headers: OrganisationHeader } : {}),
          response,
          security: security(route),
        },
        // Before the body is read or validated: strangers learn nothing and upload nothing.
        ...(organisationScoped
          ? { onRequest: [guards.authenticate, apiKeyGuard(route), guards.requireRole(access)] }
          : route.auth
            ? { onRequest: [guards.authenticate, apiKeyGuard(route)] }
            : {}),
        ...(options.compress === undefined ? {} : { compress: options.compress }),
        handler: async (request, reply) => {
          // Answers hold tokens, personal and billing data: no browser or proxy may keep them. A
          // handler that means otherwise sets its own header.
          reply.header('cache-control', 'no-store');
          const result = await handler({
            body: request.body,
            params: request.params,
            query: request.query,
            user: request.user ?? null,
            organisation: request.organisation ?? null,
            request,
            reply,
          } as never);
          if (result instanceof CachedAnswer) {
            const fresh = await result.send(request, reply);
            return fresh ? reply.code(route.status).send(fresh.value) : reply;
          }
          if (route.response === null || result === REPLY_SENT) return reply;
          return reply.code(route.status).send(result);
        },
      });
    },
  };
}
