import { createHash, randomBytes } from 'node:crypto';

/** A token for a link handed to a person: 256 random bits, URL-safe. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a link's token: its SHA-256, so a leaked database holds no usable link. */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
