import type { ApiRegistrar } from '../../feature-context.js';
import { addHealthCheck } from './database-health.js';

/** Liveness and database reachability, for load balancers and orchestrators. */
export const registerHealthRoute: ApiRegistrar = ({ app, db }) => addHealthCheck(app, db, 'api');
