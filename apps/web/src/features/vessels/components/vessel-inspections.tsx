import { inspectionMethodLabels, type VesselInspection } from '@hullscope/contract';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FoulingRatingChip } from '@/components/ui/fouling-rating-chip';
import { SectionCard } from '@/components/ui/section-card';
import { FoulingTrendChart } from './fouling-trend';

/** Beside every figure of the estimate: what it is and where it comes from (issue 40 §5). */
const FUEL_ESTIMATE_NOTE =
  'Estimate of the added shaft power at cruising speed over a clean, newly coated hull, from the pooled ' +
  'fouling coverage after Schultz (2007), Biofouling 23(5): central value and range. The inspection ' +
  "report and the project's Areas & Actions give its assumptions and uncertainty.";

interface VesselInspectionsProps {
  /** Oldest first, as the API answers them. */
  inspections: VesselInspection[];
  /** Where an inspection's project opens. */
  projectLink: (projectId: number) => string;
}

/**
 * The vessel's inspections (issue 18 §7): the fouling trend, then each inspection newest first with
 * its date, place, method, photos analysed, overall rating and macrofouling, linking to its project.
 */
export function VesselInspections({ inspections, projectLink }: VesselInspectionsProps) {
  if (inspections.length === 0) {
    return (
      <SectionCard title="Inspections">
        <Typography color="text.secondary">
          No inspections are linked to this vessel yet. Choose this vessel in a project's Inspection details
          to add one.
        </Typography>
      </SectionCard>
    );
  }
  return (
    <>
      <SectionCard title="Fouling trend">
        <FoulingTrendChart inspections={inspections} />
      </SectionCard>
      <SectionCard title="Inspections">
        <Table size="small" aria-label="Inspections of this vessel">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Project</TableCell>
              <TableCell>Location</TableCell>
              <TableCell>Method</TableCell>
              <TableCell>Inspector</TableCell>
              <TableCell align="right">Photos Analysed</TableCell>
              <TableCell>Rating</TableCell>
              <TableCell align="right">Macrofouling</TableCell>
              <TableCell align="right">
                <Tooltip title={FUEL_ESTIMATE_NOTE}>
                  <span>Added Power (estimate)</span>
                </Tooltip>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...inspections].reverse().map((inspection) => (
              <TableRow key={inspection.project}>
                <TableCell>{inspection.inspection_date ?? 'Not recorded'}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={projectLink(inspection.project)}>
                    {inspection.project_name}
                  </Link>
                </TableCell>
                <TableCell>{inspection.location}</TableCell>
                <TableCell>
                  {inspection.inspection_method ? inspectionMethodLabels[inspection.inspection_method] : ''}
                </TableCell>
                <TableCell>{inspection.inspector ?? ''}</TableCell>
                <TableCell align="right">
                  {inspection.analysed_photos} of {inspection.photos}
                </TableCell>
                <TableCell>
                  <FoulingRatingChip rating={inspection.overall_rating} />
                </TableCell>
                <TableCell align="right">
                  {inspection.macrofouling_percentage === null
                    ? '–'
                    : `${inspection.macrofouling_percentage.toFixed(1)} %`}
                </TableCell>
                <TableCell align="right">
                  {inspection.added_power_estimate
                    ? `≈ ${inspection.added_power_estimate.central.toFixed(1)} % (${inspection.added_power_estimate.low.toFixed(1)}–${inspection.added_power_estimate.high.toFixed(1)} %)`
                    : '–'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </SectionCard>
    </>
  );
}
