import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A weak entity tag over `parts` (what the answer is made of, as the database rows name it), so an
 * answer's tag is known before any file is read. Weak: the same content compressed or not is the
 * same answer. `version` changes the tag of every answer when their format changes.
 */
export function weakETag(version: string, parts: Iterable<string | number>): string {
  const hash = createHash('sha256').update(version);
  for (const part of parts) hash.update('\0').update(String(part));
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}

/**
 * Sets `ETag`; when the request's If-None-Match already names it, answers 304 without a body and
 * returns true, so the caller reads nothing more.
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return false;
  void reply.code(304).send();
  return true;
}
