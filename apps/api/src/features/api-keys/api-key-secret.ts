import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@hullscope/contract';

/** Characters of the secret shown in lists: the prefix and 8 of the random part. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 8;

/** A new secret: the recognisable prefix and 256 random bits, URL-safe. */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, SHOWN_CHARACTERS), hash: apiKeySecretHash(secret) };
}

/** What is stored of a secret: its SHA-256, so a leaked database holds no usable key. */
export function apiKeySecretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
