import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Creates a project through the API, as the web app does, and returns its id. */
export async function createProject(
  app: FastifyInstance,
  headers: { authorization: string },
  fields: { name: string; location: string } = { name: 'P', location: 'L' },
): Promise<number> {
  const created = await app.inject({ method: 'POST', url: '/api/projects/', headers, payload: fields });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}
