import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { NotFound } from '@/components/ui/not-found';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { useCountries } from '@/features/account/api/get-countries';
import { useVessel } from '@/features/vessels/api/get-vessel';
import { DeleteVesselButton } from '@/features/vessels/components/delete-vessel-button';
import { EditVesselButton } from '@/features/vessels/components/edit-vessel-button';
import { VesselDetails } from '@/features/vessels/components/vessel-details';
import { VesselGaDrawing } from '@/features/vessels/components/vessel-ga-drawing';
import { VesselHullPlan } from '@/features/vessels/components/vessel-hull-plan';
import { VesselInspections } from '@/features/vessels/components/vessel-inspections';
import { RoleGate } from '@/components/ui/role-gate';
import { CleaningsSection } from '@/features/cleanings/components/cleanings-section';
import { RecordBookSection } from '@/features/record-book/components/record-book-section';

/** A path id the API could name: a positive whole number (anything else is simply not found). */
function vesselIdOf(param: string | undefined): number | null {
  return param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

/** One vessel's page: its details, its fouling trend and its inspections (the projects that name it). */
export function VesselRoute() {
  const vesselId = vesselIdOf(useParams().vesselId);
  return vesselId === null ? <NotFound /> : <VesselPage vesselId={vesselId} />;
}

function VesselPage({ vesselId }: { vesselId: number }) {
  const vessel = useVessel(vesselId);
  const countries = useCountries().data ?? [];
  const navigate = useNavigate();

  if (!vessel.isSuccess) return null;
  if (vessel.data === null) return <NotFound />;
  const { data } = vessel;
  return (
    <Box>
      <Button component={RouterLink} to={paths.app.vessels} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Vessels
      </Button>
      <PageTitle>{data.name}</PageTitle>
      <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
        <RoleGate role="member">
          <EditVesselButton vessel={data} countries={countries} />
          <DeleteVesselButton vessel={data} onDeleted={() => void navigate(paths.app.vessels)} />
        </RoleGate>
      </Stack>
      <Stack spacing={2}>
        <VesselDetails vessel={data} countries={countries} />
        <VesselHullPlan vessel={data} />
        <VesselGaDrawing vesselId={vesselId} />
        <VesselInspections
          inspections={data.inspections ?? []}
          projectLink={(projectId) => paths.app.project(projectId)}
        />
        <CleaningsSection
          vesselId={vesselId}
          inspections={data.inspections ?? []}
          comparisonLink={(cleaningId) => paths.app.cleaningComparison(vesselId, cleaningId)}
        />
        <RecordBookSection vesselId={vesselId} />
      </Stack>
    </Box>
  );
}
