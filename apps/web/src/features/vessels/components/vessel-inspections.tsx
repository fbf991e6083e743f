import Typography from '@mui/material/Typography';
import { SectionCard } from '@/components/ui/section-card';

/**
 * The vessel's inspections and their fouling trend. Projects cannot name their vessel yet, so this
 * says so rather than showing anything made up.
 */
export function VesselInspections() {
  return (
    <SectionCard title="Inspections">
      <Typography color="text.secondary">
        No inspections are linked to this vessel yet. Once a project names this vessel, its inspections, their
        ratings and the fouling trend appear here.
      </Typography>
    </SectionCard>
  );
}
