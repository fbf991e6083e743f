import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** Node-API 10 arrived with Node 22.14 and 23.6; Node 20 has 9. */
const NODE_API_FOR_V13 = 10;

/**
 * The better-sqlite3 driver that works on the running Node. Version 12 (a classic addon, compiled at
 * install) aborts the whole process on Node 24.19 and newer when a collected statement is cleaned up
 * ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook: Node changed ObjectWrap in
 * 24.19). Version 13 is built on Node-API with prebuilt binaries and works there, but needs
 * Node-API 10, which Node 20 lacks. So both are installed (13 under the alias `better-sqlite3-napi`)
 * and the newer is loaded wherever it can run; 12 can go when Node 20 support ends. Their API is the
 * same for everything we use.
 */
export function sqliteDriver(): typeof BetterSqlite3 {
  const nodeApi = Number(process.versions.napi ?? 0);
  return nodeApi >= NODE_API_FOR_V13
    ? (require('better-sqlite3-napi') as typeof BetterSqlite3)
    : (require('better-sqlite3') as typeof BetterSqlite3);
}
