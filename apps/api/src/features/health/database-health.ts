import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { checkDatabase } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/**
 * `GET /api/health`: liveness and database reachability, for load balancers and orchestrators.
 * The API and the worker's optional health port answer it alike.
 */
export function addHealthCheck(app: FastifyInstance, db: Kysely<DB>, role: 'api' | 'worker'): void {
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await checkDatabase(db);
      return role === 'api' ? { status: 'ok', database: 'ok' } : { status: 'ok', database: 'ok', role };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
}
