import { type Project, inspectionMethodLabels, visibilityLabels } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

const NOT_RECORDED = 'Not recorded';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

interface ProjectDetailsProps {
  project: Project;
  /** The inspected vessel's name, when the project names one the caller can read. */
  vesselName?: string | null;
}

/** The selected project's location, description and inspection details (issue 18 §2). */
export function ProjectDetails({ project, vesselName }: ProjectDetailsProps) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, mb: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {project.name}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' },
          m: 0,
        }}
      >
        <Detail term="Location">{project.location}</Detail>
        {vesselName !== undefined && <Detail term="Vessel">{vesselName ?? NOT_RECORDED}</Detail>}
        <Detail term="Inspection date">{project.inspection_date ?? NOT_RECORDED}</Detail>
        <Detail term="Inspection method">
          {project.inspection_method ? inspectionMethodLabels[project.inspection_method] : NOT_RECORDED}
        </Detail>
        <Detail term="Inspector">{project.inspector ?? NOT_RECORDED}</Detail>
        <Detail term="Visibility">
          {project.visibility ? visibilityLabels[project.visibility] : NOT_RECORDED}
        </Detail>
      </Box>
      <Typography component="p" variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>
        {project.description ? project.description : 'No description.'}
      </Typography>
    </Paper>
  );
}
