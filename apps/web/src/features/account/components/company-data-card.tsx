import { zodResolver } from '@hookform/resolvers/zod';
import { CompanyUpdateRequest, type Company, type Country } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/lib/notify';
import { useUpdateCompany } from '../api/update-company';

type CompanyValues = z.input<typeof CompanyUpdateRequest>;

function formValues(company: Company): CompanyValues {
  return {
    name: company.name,
    address: company.address,
    address_2: company.address_2,
    city: company.city,
    zip: company.zip,
    state: company.state,
    country: company.country,
    tax_id: company.tax_id,
  };
}

/** The tax ID as information, not a field: it is entered at checkout, never here (spec §3). */
function TaxIdInfo({ taxId }: { taxId: string }) {
  return (
    <Box component="dl" sx={{ my: 1.5, '& dd': { m: 0 } }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        Tax ID
      </Typography>
      <Typography component="dd" variant="body1" sx={{ fontWeight: taxId ? 600 : 400 }}>
        {taxId || 'None yet'}
      </Typography>
      <Typography component="dd" variant="caption" color="text.secondary">
        Entered at checkout: tick “Purchasing as a business” when you buy Credits.
      </Typography>
    </Box>
  );
}

/** Billing data; the tax ID is read-only here because it is entered at checkout (spec §3). */
export function CompanyDataCard({ company, countries }: { company: Company; countries: Country[] }) {
  const { control, handleSubmit, reset } = useForm<CompanyValues, unknown, CompanyUpdateRequest>({
    defaultValues: formValues(company),
    resolver: zodResolver(CompanyUpdateRequest),
  });
  const update = useUpdateCompany();
  const notify = useNotify();

  useEffect(() => reset(formValues(company)), [company, reset]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => notify.success('Updated company data successfully'),
      onError: (error) => notify.failure('Updating company failed', error),
    }),
  );

  return (
    <SectionCard title="Your Company Data">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Your Company Data">
        <FormTextField control={control} name="name" label="Company Name" autoComplete="organization" />
        <FormTextField control={control} name="address" label="Address" autoComplete="address-line1" />
        <FormTextField
          control={control}
          name="address_2"
          label="Address Line 2"
          autoComplete="address-line2"
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 2fr', columnGap: 2 }}>
          <FormTextField control={control} name="zip" label="ZIP Code" autoComplete="postal-code" />
          <FormTextField control={control} name="city" label="City" autoComplete="address-level2" />
        </Box>
        <FormTextField control={control} name="state" label="State / Region" autoComplete="address-level1" />
        <FormTextField control={control} name="country" label="Country" select required>
          {countries.length === 0 ? (
            <MenuItem value="" disabled>
              No countries available
            </MenuItem>
          ) : (
            countries.map((country) => (
              <MenuItem key={country.code} value={country.code}>
                {country.name}
              </MenuItem>
            ))
          )}
        </FormTextField>
        <TaxIdInfo taxId={company.tax_id} />
        <Button type="submit" variant="contained" sx={{ mt: 1 }} loading={update.isPending}>
          Save Company Data
        </Button>
      </Box>
    </SectionCard>
  );
}
