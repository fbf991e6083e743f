import { type RouteDefinition, apiKeyScope, routes } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../support/test-app.js';

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
}

// Issue 41 §3: generated clients name their methods by operationId, group them by tag, and learn
// from the security which credentials (and which API key scope) each operation takes.
let t: TestApp;
let document: Document;
let operations: [string, Operation][];

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}, 60_000);
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('has a server: the installation', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://hullscope.test' })]);
  });

  it('gives every operation a unique camelCase operationId, a described tag and a summary', () => {
    const ids = operations.map(([, operation]) => operation.operationId);
    for (const [name, operation] of operations) {
      expect(operation.operationId, name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(operation.tags, name).toHaveLength(1);
      expect(
        document.tags?.map((tag) => tag.name),
        name,
      ).toContain(operation.tags![0]);
      expect(operation.summary, name).toBeTruthy();
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Every route of the contract is there under its own operationId.
    for (const route of Object.values(routes) as RouteDefinition[]) expect(ids).toContain(route.operationId);
  });

  it("states each operation's security and the API key scope it needs", () => {
    const byId = new Map(operations.map(([, operation]) => [operation.operationId, operation]));
    for (const route of Object.values(routes) as RouteDefinition[]) {
      const operation = byId.get(route.operationId)!;
      const scope = apiKeyScope(route);
      if (!route.auth) expect(operation.security, route.operationId).toEqual([]);
      else if (scope === null) {
        expect(operation.security, route.operationId).toEqual([{ bearerAuth: [] }]);
        expect(operation.description, route.operationId).toContain('API keys cannot call it.');
      } else {
        expect(operation.security, route.operationId).toEqual([{ bearerAuth: [] }, { apiKey: [scope] }]);
        expect(operation.description, route.operationId).toContain(
          `With an API key: the \`${scope}\` scope.`,
        );
      }
    }
  });

  it('documents the success answer of every operation, files included', () => {
    for (const [name, operation] of operations) {
      expect(
        Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2')),
        name,
      ).toBe(true);
    }
    const report = document.paths['/api/projects/{id}/report/']!.get!;
    expect(Object.keys(report.responses!['200']!.content!)).toEqual(['application/pdf']);
  });
});
