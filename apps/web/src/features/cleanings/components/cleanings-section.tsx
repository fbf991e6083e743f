import type { VesselInspection } from '@hullscope/contract';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RoleGate } from '@/components/ui/role-gate';
import { SectionCard } from '@/components/ui/section-card';
import { useCleanings } from '../api/cleanings';
import { CleaningFormDialog } from './cleaning-form-dialog';

interface CleaningsSectionProps {
  vesselId: number;
  inspections: VesselInspection[];
  /** Where a cleaning's comparison opens. */
  comparisonLink: (cleaningId: number) => string;
}

/** The vessel's cleanings (issue 40 §6), each linking to its before/after comparison, and the link dialog. */
export function CleaningsSection({ vesselId, inspections, comparisonLink }: CleaningsSectionProps) {
  const cleanings = useCleanings(vesselId);
  const [open, setOpen] = useState(false);
  const list = cleanings.data ?? [];
  return (
    <SectionCard title="Cleanings">
      <RoleGate role="member">
        <Button
          variant="outlined"
          startIcon={<CleaningServicesIcon />}
          disabled={inspections.length < 2}
          onClick={() => setOpen(true)}
          sx={{ mb: 1.5 }}
        >
          Link Before and After Cleaning
        </Button>
        <CleaningFormDialog
          vesselId={vesselId}
          inspections={inspections}
          open={open}
          onClose={() => setOpen(false)}
        />
      </RoleGate>
      {cleanings.isSuccess && list.length === 0 && (
        <Typography color="text.secondary">
          No cleanings recorded. Link an inspection before and one after a cleaning to compare them.
        </Typography>
      )}
      {list.length > 0 && (
        <Table size="small" aria-label="Cleanings of this vessel">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Company</TableCell>
              <TableCell>Method</TableCell>
              <TableCell>Capture</TableCell>
              <TableCell>Before → After</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((cleaning) => (
              <TableRow key={cleaning.id}>
                <TableCell>{cleaning.date}</TableCell>
                <TableCell>{cleaning.company}</TableCell>
                <TableCell>{cleaning.method}</TableCell>
                <TableCell>{cleaning.capture ? 'Yes' : 'No'}</TableCell>
                <TableCell>
                  {cleaning.before.project_name} → {cleaning.after.project_name}
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={comparisonLink(cleaning.id)}>
                    Compare
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
