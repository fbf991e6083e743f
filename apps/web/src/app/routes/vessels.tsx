import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { PageTitle } from '@/components/ui/page-title';
import { useCountries } from '@/features/account/api/get-countries';
import { useVessels } from '@/features/vessels/api/get-vessels';
import { CreateVesselButton } from '@/features/vessels/components/create-vessel-button';
import { VesselsTable } from '@/features/vessels/components/vessels-table';
import { RoleGate } from '@/components/ui/role-gate';

/** The fleet view (issue 18 §7): the user's vessels, added, edited and deleted here. */
export function VesselsRoute() {
  const vessels = useVessels();
  const countries = useCountries().data ?? [];

  return (
    <Box>
      <Stack direction="row" alignItems="baseline" justifyContent="space-between" spacing={2}>
        <PageTitle>Vessels</PageTitle>
        <RoleGate role="member">
          <CreateVesselButton countries={countries} />
        </RoleGate>
      </Stack>
      {vessels.isSuccess && <VesselsTable vessels={vessels.data} countries={countries} />}
    </Box>
  );
}
