import type {} from '@fastify/multipart';
import { GA_DRAWING_FIELD, MAX_GA_DRAWING_BYTES, gaDrawingMessages } from '@hullscope/contract';
import type { FastifyRequest } from 'fastify';
import { fieldErrors } from '../../http/api-error.js';
import { boundaryProblem } from '../images/multipart-boundary.js';

const MALFORMED_BODY = 'The drawing could not be read: the multipart body is malformed or incomplete.';

/**
 * The one file part of a GA drawing upload, read into memory (bounded by MAX_GA_DRAWING_BYTES), or a
 * 400 naming the field. Only the first part is read: the drawing must come alone.
 */
export async function receiveGaDrawing(request: FastifyRequest): Promise<Buffer> {
  const refuse = (message: string) => fieldErrors({ [GA_DRAWING_FIELD]: [message] });
  if (!request.isMultipart()) throw refuse(gaDrawingMessages.missing);
  const boundary = boundaryProblem(request.headers['content-type']);
  if (boundary) throw refuse(boundary);
  // Whatever the parser throws is about the body the client sent: a 400, never a 500.
  const unreadable = (error: unknown): never => {
    if (typeof (error as { statusCode?: unknown })?.statusCode === 'number') throw error;
    throw refuse(MALFORMED_BODY);
  };
  const part = await request.file({ limits: { fileSize: MAX_GA_DRAWING_BYTES, files: 1 } }).catch(unreadable);
  if (!part || part.fieldname !== GA_DRAWING_FIELD) {
    part?.file.resume();
    throw refuse(gaDrawingMessages.missing);
  }
  const data = await part.toBuffer().catch(unreadable);
  if (part.file.truncated) throw refuse(gaDrawingMessages.tooLarge);
  if (data.length === 0) throw refuse(gaDrawingMessages.notAnImage);
  return data;
}
