import type { Country, Vessel } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SectionCard } from '@/components/ui/section-card';
import { flagLabel, grossTonnageLabel, imoLabel, particularRows } from './vessel-labels';

/** The vessel's particulars, as the inspection report's cover will show them. */
export function VesselDetails({ vessel, countries }: { vessel: Vessel; countries: Country[] }) {
  const rows: [string, string][] = [
    ['IMO Number', imoLabel(vessel.imo_number)],
    ['Flag', flagLabel(vessel.flag, countries)],
    ['Vessel Type', vessel.vessel_type ?? '—'],
    ['Gross Tonnage', grossTonnageLabel(vessel.gross_tonnage)],
    ['Antifouling System', vessel.antifouling_system ?? '—'],
    ...particularRows(vessel),
  ];
  return (
    <SectionCard title="Vessel Details">
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
