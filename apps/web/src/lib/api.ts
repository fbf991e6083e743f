import { env } from '@/config/env';
import { createApiClient } from './api-client';
import { readCurrentOrganisation } from './current-organisation';
import { tokenStore } from './token-store';

/** The app's single API client instance. */
export const api = createApiClient({
  baseUrl: env.apiUrl,
  tokens: tokenStore,
  organisation: readCurrentOrganisation,
});
