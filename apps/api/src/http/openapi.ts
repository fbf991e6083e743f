import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type RouteDefinition, routes } from '@hullscope/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { withWebhooks } from './openapi-webhooks.js';

/** The tags of the contract's routes, described once for the document's readers. */
const TAGS = [
  { name: 'auth', description: 'Sign-up, sign-in and tokens' },
  { name: 'user', description: "The signed-in user's own account and data export" },
  { name: 'company', description: "The organisation's company record" },
  { name: 'credits', description: 'Credits, purchases and invoices' },
  { name: 'projects', description: 'Projects (inspections) and their downloads' },
  { name: 'images', description: 'Hull photos of a project' },
  { name: 'predictions', description: 'Models, prediction requests and their results' },
  { name: 'inspections', description: 'Inspection summaries, reports and area checklists' },
  { name: 'vessels', description: 'The fleet, hull plans and decision rules' },
  { name: 'organisations', description: 'Organisations, members, invitations and the audit log' },
  { name: 'sharing', description: 'Read-only share links to one inspection' },
  { name: 'api-keys', description: "The organisation's API keys" },
];

type Operations = Record<
  string,
  Record<string, { operationId?: string; responses?: Record<string, unknown> }>
>;

const downloads = new Map(
  (Object.values(routes) as RouteDefinition[])
    .filter((route) => route.download)
    .map((route) => [route.operationId, route]),
);

/**
 * Describes file answers, which the contract gives no schema (their handlers send the bytes): the
 * route's success status with its media types, so every operation documents its 2xx answer.
 */
function withDownloads<T extends { paths?: unknown }>(document: T): T {
  for (const operations of Object.values((document.paths ?? {}) as Operations)) {
    for (const operation of Object.values(operations)) {
      const route = operation.operationId === undefined ? undefined : downloads.get(operation.operationId);
      if (!route?.download) continue;
      operation.responses = {
        ...operation.responses,
        [route.status]: {
          description: 'The file',
          content: Object.fromEntries(
            route.download.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          ),
        },
      };
    }
  }
  return document;
}

/**
 * OpenAPI 3.1 generated from the contract's schemas: /api/openapi.json and a browsable /api/docs.
 * `appUrl` is the document's server. Webhook payloads go in a `webhooks` section beside `paths`.
 */
export async function registerOpenApi(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hullscope API',
        version: '0.1.0',
        description:
          'Biofouling detection on ship hulls. Errors: 400 `{field: [messages]}`, other statuses `{detail}`. ' +
          "Authenticate with a signed-in session's access token or an organisation's API key, both as " +
          '`Authorization: Bearer …`; each operation names the API key scope it needs.',
        license: { name: 'Proprietary', url: `${appUrl}/` },
      },
      servers: [{ url: appUrl, description: 'This installation' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: "A signed-in person's access token (POST /api/token/)",
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'hsk_…',
            description: "An organisation's API key; it acts in that organisation within its scopes",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => withDownloads(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => withWebhooks(app.swagger()));
}
