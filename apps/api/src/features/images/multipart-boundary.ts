/** RFC 2046 §5.1.1: a boundary is 1 to 70 characters. */
export const MAX_BOUNDARY_LENGTH = 70;

const BOUNDARY_PARAMETER = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i;

/**
 * What is wrong with a multipart request's boundary, or undefined when it is usable. Checked before
 * the body is read: the parser fails on a missing boundary and on one of 256 characters or more with
 * errors that look like our own, and RFC 2046 allows no more than 70 anyway.
 */
export function boundaryProblem(contentType: string | undefined): string | undefined {
  const match = BOUNDARY_PARAMETER.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  if (boundary === '') return 'The upload could not be read: its Content-Type names no multipart boundary.';
  if (boundary.length > MAX_BOUNDARY_LENGTH) {
    return `The upload could not be read: its multipart boundary is longer than ${MAX_BOUNDARY_LENGTH} characters.`;
  }
  return undefined;
}
