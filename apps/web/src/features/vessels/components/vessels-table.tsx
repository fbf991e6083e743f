import type { Country, Vessel, VesselInspection } from '@hullscope/contract';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FoulingRatingChip } from '@/components/ui/fouling-rating-chip';
import { paths } from '@/config/paths';
import { DeleteVesselButton } from './delete-vessel-button';
import { EditVesselButton } from './edit-vessel-button';
import { FoulingSparkline } from './fouling-trend';
import { flagLabel, imoLabel } from './vessel-labels';
import { RoleGate } from '@/components/ui/role-gate';

/**
 * A name stays on one line, so each vessel is one row high at 1366 px; a very long one ends in an
 * ellipsis and is whole in its title.
 */
const nameSx = {
  display: 'block',
  maxWidth: '14rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** The latest dated inspection (or the latest made, when none has a date): its date and rating. */
function LatestInspectionCells({ inspections }: { inspections: VesselInspection[] }) {
  const dated = inspections.filter((inspection) => inspection.inspection_date !== null);
  const latest = dated.at(-1) ?? inspections.at(-1);
  return (
    <>
      <TableCell>{latest ? (latest.inspection_date ?? 'Date not recorded') : '—'}</TableCell>
      <TableCell>{latest ? <FoulingRatingChip rating={latest.overall_rating} /> : '—'}</TableCell>
    </>
  );
}

/**
 * The fleet: name (opening the vessel's page), IMO number, flag and type, the latest inspection with
 * its rating and the macrofouling trend (issue 18 §7), with Edit and Delete.
 */
export function VesselsTable({ vessels, countries }: { vessels: Vessel[]; countries: Country[] }) {
  if (vessels.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">
          No vessels yet. Add the vessels of your fleet to keep their inspections together.
        </Typography>
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Vessels">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>IMO Number</TableCell>
            <TableCell>Flag</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Latest Inspection</TableCell>
            <TableCell>Latest Rating</TableCell>
            <TableCell>Trend</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {vessels.map((vessel) => (
            <TableRow key={vessel.id} hover>
              <TableCell>
                <Link component={RouterLink} to={paths.app.vessel(vessel.id)} title={vessel.name} sx={nameSx}>
                  {vessel.name}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{imoLabel(vessel.imo_number)}</TableCell>
              <TableCell>{flagLabel(vessel.flag, countries)}</TableCell>
              <TableCell>{vessel.vessel_type ?? '—'}</TableCell>
              <LatestInspectionCells inspections={vessel.inspections ?? []} />
              <TableCell>
                <FoulingSparkline inspections={vessel.inspections ?? []} />
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={0.5} justifyContent="flex-end">
                  <RoleGate role="member">
                    <EditVesselButton vessel={vessel} countries={countries} compact />
                    <DeleteVesselButton vessel={vessel} compact />
                  </RoleGate>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
