import Box from '@mui/material/Box';
import { PageTitle } from '@/components/ui/page-title';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useCompany } from '@/features/account/api/get-company';
import { useCountries } from '@/features/account/api/get-countries';
import { useUser } from '@/features/account/api/get-user';
import { ChangePasswordCard } from '@/features/account/components/change-password-card';
import { CompanyDataCard } from '@/features/account/components/company-data-card';
import { DataExportCard } from '@/features/account/components/data-export-card';
import { DeleteAccount } from '@/features/account/components/delete-account';
import { UserDataCard } from '@/features/account/components/user-data-card';
import { RoleGate } from '@/components/ui/role-gate';

export function AccountRoute() {
  const user = useUser();
  const company = useCompany();
  const countries = useCountries();
  if (!user.data || !company.data) return <LoadingScreen />;
  return (
    <Box>
      <PageTitle>Account</PageTitle>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <UserDataCard user={user.data} />
          <ChangePasswordCard />
        </Box>
        {/* The company record is the organisation's: its admins keep it. */}
        <RoleGate role="admin">
          <CompanyDataCard company={company.data} countries={countries.data ?? []} />
        </RoleGate>
      </Box>
      <RoleGate role="admin">
        <Box sx={{ mt: 3 }}>
          <DataExportCard email={user.data.email} />
        </Box>
      </RoleGate>
      <Box sx={{ mt: 3 }}>
        <DeleteAccount />
      </Box>
    </Box>
  );
}
