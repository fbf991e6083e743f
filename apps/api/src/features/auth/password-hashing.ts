import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package's enum is a const enum that isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** argon2id at OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a random password, checked when no account matches a login, so a missing account
 * costs as much time as a wrong password and response times reveal nothing.
 */
export const timingEqualiserHash = hash(`no-account-${Math.random()}`, options);
