import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { checkDatabase } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/** Liveness and database reachability, for load balancers and orchestrators. */
export function registerHealthRoute(app: FastifyInstance, db: Kysely<DB>): void {
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await checkDatabase(db);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
}
