import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { usageError } from './exit-codes.js';

/** What `hullscope login` keeps: the server and the key (a secret: the file is the user's alone). */
const StoredConfig = z.object({
  url: z.string().url(),
  key: z.string().min(1),
  organisation: z.string().optional(),
});
export type StoredConfig = z.infer<typeof StoredConfig>;

export interface Connection {
  url: string;
  key: string;
  organisation?: string;
}

type Env = Record<string, string | undefined>;

/** `$XDG_CONFIG_HOME/hullscope/config.json`, `~/.config/hullscope/config.json` without it. */
export function configPath(env: Env = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'hullscope', 'config.json');
}

export async function readConfig(env: Env = process.env): Promise<StoredConfig | null> {
  const file = configPath(env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = StoredConfig.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw usageError(`${file} is not a hullscope configuration: run hullscope login again.`);
  return parsed.data;
}

/** Writes the configuration readable by its owner only (0600, in a 0700 folder), atomically. */
export async function writeConfig(config: StoredConfig, env: Env = process.env): Promise<string> {
  const file = configPath(env);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(StoredConfig.parse(config), null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
  return file;
}

/**
 * The server and key a command uses: HULLSCOPE_URL and HULLSCOPE_KEY when set, else the stored
 * login; the organisation from --organisation, HULLSCOPE_ORGANISATION or the login.
 */
export async function resolveConnection(
  organisation: string | undefined,
  env: Env = process.env,
): Promise<Connection> {
  const stored = await readConfig(env);
  const url = env.HULLSCOPE_URL || stored?.url;
  const key = env.HULLSCOPE_KEY || stored?.key;
  if (!url || !key) {
    throw usageError(
      'Not logged in: run hullscope login --key <key> --url <server>, or set HULLSCOPE_URL and HULLSCOPE_KEY.',
    );
  }
  const chosen = organisation ?? (env.HULLSCOPE_ORGANISATION || stored?.organisation);
  return { url, key, ...(chosen ? { organisation: chosen } : {}) };
}
