import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

/** Which database the suite runs on: SQLite by default, PostgreSQL when TEST_DB=postgres. */
export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

const OBJECT_IN_USE = '55006';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (a role that may CREATE DATABASE)');
  return url;
}

/** A brand-new database for one test file: a SQLite file in its data folder, or a fresh PostgreSQL database. */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  if (testDialect === 'sqlite') {
    return { url: `sqlite:${path.join(dataDir, 'test.sqlite')}`, drop: async () => {} };
  }
  const name = `hullscope_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      try {
        // Connections of the closed app may still be saying goodbye: wait for them, do not kill them.
        for (let attempt = 0; ; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            const inUse = (error as { code?: string }).code === OBJECT_IN_USE;
            if (!inUse || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
