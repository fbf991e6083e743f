import type { CleaningInspectionReference } from '@hullscope/contract';

/** A cleaning's side as the PDFs print it: how it is read, with the hash only while it is signed. */
export function sideState(side: CleaningInspectionReference): string {
  const label = side.revision_label ?? (side.revision ? `revision ${side.revision}` : 'not signed');
  return side.report_sha256 ? `${label}, report.json SHA-256 ${side.report_sha256}` : label;
}
