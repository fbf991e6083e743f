import { AUDIT_ACTION_LABELS } from '@hullscope/contract';

export const auditActionLabels: Record<string, string> = AUDIT_ACTION_LABELS;

/** An action in words; one recorded by a newer server than this app shows as recorded. */
export const auditActionLabel = (action: string): string => auditActionLabels[action] ?? action;
