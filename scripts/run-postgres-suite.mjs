// Runs the API integration suite a second time on PostgreSQL (each test file gets a fresh database).
// TEST_DATABASE_URL names a role that may CREATE DATABASE. Without it the run is skipped with a
// notice, unless REQUIRE_POSTGRES=1 (as in .ci/run), where a missing database is a failure.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  const message =
    'PostgreSQL suite: TEST_DATABASE_URL is not set (e.g. postgres://hullscope:hullscope@127.0.0.1:5432/postgres).';
  if (process.env.REQUIRE_POSTGRES === '1') {
    console.error(`${message} REQUIRE_POSTGRES=1, so this is a failure.`);
    process.exit(1);
  }
  console.warn(`${message} Skipped; .ci/run starts a server and runs it.`);
  process.exit(0);
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(result.status ?? 1);
