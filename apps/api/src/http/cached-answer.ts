import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_CONTENT_TYPE } from './base64-answers.js';
import { notModified } from './etag.js';
import { type Precompressed, sendPrecompressed } from './precompressed.js';
import { varyOn } from './vary.js';
import type { WriteTurns } from './write-turns.js';

/** A 200's body: made once and kept with its codings, JSON the feature wrote itself, or a value. */
export type AnswerBody<T> =
  /** Sent in the coding the request accepts; with `turns`, written when a turn comes (write-turns.ts). */
  | { precompressed: Precompressed; turns?: WriteTurns }
  /** The contract's JSON written or streamed by the feature, sent uncoded (see base64-answers.ts). */
  | { json: string | Buffer | Readable }
  /** A value the router serialises and checks through the route's response schema. */
  | { value: T };

/** A 200: its body and headers the route adds to it (e.g. X-Total-Count). */
export type FreshAnswer<T> = AnswerBody<T> & { headers?: Record<string, string> };

/**
 * A versioned answer that a feature returns instead of writing the reply: its entity tag is known
 * before anything costly is read, and `make` runs only when the client's copy is stale. The router
 * sends it (send), so every cached read does ETag, 304, Vary and coding choice the same way.
 */
export class CachedAnswer<T = never> {
  constructor(
    readonly etag: string,
    readonly make: () => Promise<FreshAnswer<T>>,
    /**
     * The 200 may be sent coded: every answer says Vary: Accept-Encoding, 304s included (RFC 9110
     * §15.4.5 asks a 304 to repeat its 200's Vary), since whether a version's 200 was coded is not
     * known when its 304 is sent.
     */
    readonly varies = false,
  ) {}

  /** Sends a 304 or the 200; a `value` body is returned for the router to serialise. */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<{ value: T } | undefined> {
    if (this.varies) varyOn(reply, 'accept-encoding');
    if (notModified(request, reply, this.etag)) return undefined;
    const fresh = await this.make();
    for (const [name, value] of Object.entries(fresh.headers ?? {})) reply.header(name, value);
    if ('value' in fresh) return { value: fresh.value };
    if ('precompressed' in fresh) {
      // Megabytes each: written a few at a time, so that every client waits about as long.
      await fresh.turns?.wait(reply.raw);
      sendPrecompressed(request, reply, fresh.precompressed);
      return undefined;
    }
    void reply.code(200).type(JSON_CONTENT_TYPE).send(fresh.json);
    return undefined;
  }
}
