import { routes, type Company } from '@hullscope/contract';
import type { CompanyRow } from '../../db/schema.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { fieldErrors, notFound } from '../../http/api-error.js';
import { companyRepository } from './company.repository.js';
import { countryList, isCountryCode } from './countries.js';

function toCompany(row: CompanyRow | undefined): Company {
  if (!row) throw notFound();
  const { created_at: _created, updated_at: _updated, ...company } = row;
  return company;
}

export const registerCompanyRoutes: ApiRegistrar = ({ router, db }) => {
  const companies = companyRepository(db);

  router.add(routes.getCompany, async ({ organisation }) =>
    toCompany(await companies.findByOwner(organisation.id)),
  );

  router.add(routes.updateCompany, async ({ organisation, body }) => {
    if (!isCountryCode(body.country)) throw fieldErrors({ country: ['Select a valid country.'] });
    return toCompany(await companies.update(organisation.id, body));
  });

  router.add(routes.listCountries, async () => countryList);
};
