import {
  type ApiKeyScope,
  MAX_DATABASE_ID,
  ORGANISATION_HEADER,
  type OrganisationRole,
  roleAllows,
} from '@hullscope/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { OrganisationAccess } from '../features/organisations/memberships.repository.js';
import { badRequest, forbidden, notFound } from './api-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The organisation an organisation-scoped route acts in, with the caller's role there. */
    organisation?: OrganisationAccess;
  }
}

export interface MembershipLookup {
  /** The user's membership of the organisation, or their first when `organisationId` is null. */
  find(userId: number, organisationId: number | null): Promise<OrganisationAccess | undefined>;
  /** Makes the organisation the one requests without the header act in. */
  remember(userId: number, organisationId: number): Promise<void>;
}

const ORGANISATION_ID = /^[1-9]\d{0,9}$/;

/** The role a key's scopes amount to, for handlers that look at the caller's role. */
function roleOfScopes(scopes: ApiKeyScope[]): OrganisationRole {
  if (scopes.includes('admin')) return 'admin';
  return scopes.includes('write') ? 'member' : 'viewer';
}

function requestedOrganisation(request: FastifyRequest): number | null {
  const header = request.headers[ORGANISATION_HEADER];
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!ORGANISATION_ID.test(value) || Number(value) > MAX_DATABASE_ID) {
    throw badRequest(`The ${ORGANISATION_HEADER} header must be the id of one of your organisations.`);
  }
  return Number(value);
}

/**
 * After authentication: the organisation the request acts in (the header's, else the user's last
 * chosen, else their first) and a 403 when the caller's role there is below what the route needs.
 * An organisation the user does not belong to is a 404, as if it did not exist.
 */
export function createAccessGuard(lookup: MembershipLookup) {
  return (needed: OrganisationRole): onRequestAsyncHookHandler =>
    async (request) => {
      const user = request.user!;
      const requested = requestedOrganisation(request);
      const key = request.apiKey;
      if (key) {
        // A key acts only in its own organisation: naming another is as if it did not exist.
        if (requested !== null && requested !== key.organisationId) {
          throw notFound('No organisation with this id among yours.');
        }
        request.organisation = {
          id: key.organisationId,
          name: key.organisationName,
          role: roleOfScopes(key.scopes),
        };
        return;
      }
      let organisation: OrganisationAccess | undefined;
      if (requested !== null) {
        organisation = await lookup.find(user.id, requested);
        if (!organisation) throw notFound('No organisation with this id among yours.');
        if (organisation.id !== user.lastOrganisationId) await lookup.remember(user.id, organisation.id);
      } else {
        if (user.lastOrganisationId !== null)
          organisation = await lookup.find(user.id, user.lastOrganisationId);
        organisation ??= await lookup.find(user.id, null);
        if (!organisation) {
          throw forbidden('You belong to no organisation: create one or accept an invitation.');
        }
      }
      if (!roleAllows(organisation.role, needed)) {
        throw forbidden(
          `This needs the ${needed} role or higher in ${organisation.name}; yours is ${organisation.role}.`,
        );
      }
      request.organisation = organisation;
    };
}
