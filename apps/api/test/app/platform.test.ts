import { routes } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document describing the implemented contract routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const foundationRoutes = [
      routes.obtainTokens,
      routes.refreshToken,
      routes.register,
      routes.confirmRegistration,
      routes.requestPasswordReset,
      routes.resetPassword,
      routes.getUser,
      routes.updateUser,
      routes.changePassword,
      routes.deleteUser,
      routes.confirmEmailChange,
      routes.getCompany,
      routes.updateCompany,
      routes.listCountries,
      routes.getCredits,
      routes.listTransactions,
      routes.listProjects,
      routes.createProject,
      routes.getProject,
      routes.updateProject,
      routes.deleteProject,
      routes.getPredictionCount,
    ];
    for (const route of foundationRoutes) {
      expect(t.app.hasRoute({ method: route.method, url: route.path }), `${route.method} ${route.path}`).toBe(
        true,
      );
      const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
      expect(
        document.paths[openApiPath]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
    expect(
      document.paths['/api/user/register/'].post.requestBody.content['application/json'].schema,
    ).toBeDefined();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('serves a browsable UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('swagger');
  });
});

describe('operations', () => {
  it('reports health with the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends security headers and a request id on every response', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // The upload dialog plays a chosen video from a blob: URL to read its frames.
    expect(response.headers['content-security-policy']).toContain("media-src 'self' blob:");
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(traced.headers['x-request-id']).toBe('trace-42');
  });

  it('keeps CORS closed unless origins are configured', async () => {
    const closed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/projects/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();

    const open = await createTestApp({ CORS_ORIGINS: 'https://app.hullscope.example' });
    try {
      const allowed = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/projects/',
        headers: { origin: 'https://app.hullscope.example', 'access-control-request-method': 'GET' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.hullscope.example');
      const refused = await open.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('refuses bodies over the limit with 413 and malformed JSON with 400', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'The request body is too large.' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: expect.any(String) });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});
