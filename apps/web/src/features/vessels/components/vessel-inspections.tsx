import { inspectionMethodLabels, type Project } from '@hullscope/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SectionCard } from '@/components/ui/section-card';

/** Newest inspection first; projects without an inspection date after those with one, newest made first. */
function byInspectionDate(a: Project, b: Project): number {
  const dateA = a.inspection_date ?? '';
  const dateB = b.inspection_date ?? '';
  if (dateA !== dateB) return dateA < dateB ? 1 : -1;
  return b.id - a.id;
}

/**
 * The vessel's inspections: the projects that name it, with their date, place and method. Ratings
 * and the fouling trend join them with the inspection summary (issue 18 §5).
 */
export function VesselInspections({ inspections }: { inspections: Project[] }) {
  return (
    <SectionCard title="Inspections">
      {inspections.length === 0 ? (
        <Typography color="text.secondary">
          No inspections are linked to this vessel yet. Choose this vessel in a project's Inspection details
          to add one.
        </Typography>
      ) : (
        <Table size="small" aria-label="Inspections of this vessel">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Project</TableCell>
              <TableCell>Location</TableCell>
              <TableCell>Method</TableCell>
              <TableCell>Inspector</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...inspections].sort(byInspectionDate).map((inspection) => (
              <TableRow key={inspection.id}>
                <TableCell>{inspection.inspection_date ?? 'Not recorded'}</TableCell>
                <TableCell>{inspection.name}</TableCell>
                <TableCell>{inspection.location}</TableCell>
                <TableCell>
                  {inspection.inspection_method ? inspectionMethodLabels[inspection.inspection_method] : ''}
                </TableCell>
                <TableCell>{inspection.inspector ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
