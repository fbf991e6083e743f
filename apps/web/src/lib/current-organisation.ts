import { readSessionValue, useSessionValue, writeSessionValue } from './session-value';

/**
 * The organisation this tab acts in, kept for the tab's session: two tabs may work in two
 * organisations at once, and signing out forgets it with the other session values.
 */
const KEY = 'organisation';

export const readCurrentOrganisation = (): string | null => readSessionValue(KEY);

export const writeCurrentOrganisation = (id: number | null): void =>
  writeSessionValue(KEY, id === null ? null : String(id));

export const useCurrentOrganisationId = (): string | null => useSessionValue(KEY);
