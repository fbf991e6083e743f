import { checkDatabase } from '../../db/database.js';
import type { ApiRegistrar } from '../../feature-context.js';

/** Liveness and database reachability, for load balancers and orchestrators. */
export const registerHealthRoute: ApiRegistrar = ({ app, db }) => {
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await checkDatabase(db);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
};
