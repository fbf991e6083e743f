import { type HullscopeClient, HullscopeApiError, createHullscopeClient } from '@hullscope/client';
import { readConfig, writeConfig } from '../config.js';
import { usageError } from '../exit-codes.js';

export interface LoginOptions {
  key: string;
  url?: string;
  organisation?: string;
}

/** Which organisation the key acts in, to confirm the key works; a key without that read lists projects. */
async function whoAmI(client: HullscopeClient): Promise<string> {
  try {
    const organisation = await client.getOrganisation();
    return `organisation "${organisation.name}" (id ${organisation.id}, role ${organisation.role})`;
  } catch (error) {
    if (!(error instanceof HullscopeApiError) || error.status !== 403) throw error;
    await client.listProjects({ query: { limit: 1 } });
    return 'its organisation';
  }
}

/** Checks the key against the server, then stores both for later commands. */
export async function login(options: LoginOptions): Promise<void> {
  const stored = await readConfig().catch(() => null);
  const url = (options.url ?? process.env.HULLSCOPE_URL ?? stored?.url ?? 'http://localhost:8000').replace(
    /\/+$/,
    '',
  );
  if (!/^https?:\/\/[^/]/.test(url)) throw usageError(`--url must be an http(s) address, not "${url}".`);
  const client = createHullscopeClient({
    baseUrl: url,
    apiKey: options.key,
    ...(options.organisation ? { organisation: options.organisation } : {}),
  });
  const who = await whoAmI(client);
  const file = await writeConfig({
    url,
    key: options.key,
    ...(options.organisation ? { organisation: options.organisation } : {}),
  });
  process.stdout.write(`Logged in to ${url} as ${who}. Saved in ${file} (readable by you only).\n`);
}
