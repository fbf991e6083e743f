import type { FastifyReply } from 'fastify';

/**
 * Adds `header` to the answer's Vary unless it is already named there. Added to, never replaced:
 * CORS may already vary the answer by Origin, and a shared cache that lost that would hand one
 * origin's CORS headers to another.
 */
export function varyOn(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const named =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((name) => name.trim().toLowerCase());
  if (named.includes('*') || named.includes(header.toLowerCase())) return;
  reply.header('vary', current === undefined || current === '' ? header : `${String(current)}, ${header}`);
}
