import { routes, type Company } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { CompanyRow, DB } from '../../db/schema.js';
import { fieldErrors, notFound } from '../../http/api-error.js';
import type { Router } from '../../http/router.js';
import { companyRepository } from './company.repository.js';
import { countryList, isCountryCode } from './countries.js';

function toCompany(row: CompanyRow | undefined): Company {
  if (!row) throw notFound();
  const { created_at: _created, updated_at: _updated, ...company } = row;
  return company;
}

export function registerCompanyRoutes(router: Router, db: Kysely<DB>): void {
  const companies = companyRepository(db);

  router.add(routes.getCompany, async ({ user }) => toCompany(await companies.findByOwner(user.id)));

  router.add(routes.updateCompany, async ({ user, body }) => {
    if (!isCountryCode(body.country)) throw fieldErrors({ country: ['Select a valid country.'] });
    return toCompany(await companies.update(user.id, body));
  });

  router.add(routes.listCountries, async () => countryList);
}
