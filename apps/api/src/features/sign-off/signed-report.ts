import { createHash } from 'node:crypto';
import type { InspectionReport } from '@hullscope/contract';

/**
 * The bytes a signature covers: report.json as the API sends a revision, byte for byte. Hashing the
 * stored bytes (not a re-serialisation) means anyone can check a downloaded revision with sha256sum.
 */
export function signedReportBytes(report: InspectionReport): Buffer {
  return Buffer.from(JSON.stringify(report, null, 2));
}

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
