import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Creates DATA_DIR (and its parents) where it does not exist yet: the first start of a deployment. */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
}

/** The JWT secret kept in DATA_DIR, generated on first start, so restarts keep sessions. */
export function dataDirJwtSecret(dataDir: string): string {
  const secretFile = path.join(dataDir, 'jwt-secret');
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return secret;
}
