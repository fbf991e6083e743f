import { type Project, inspectionMethodLabels, visibilityLabels } from '@hullscope/contract';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useSessionValue, writeSessionValue } from '@/lib/session-value';

const NOT_RECORDED = 'Not recorded';
/** Whether the details are open, one choice for every project in the tab's session. */
const EXPANDED_KEY = 'hullscope.project-details-expanded';

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

/**
 * The selected project's location, description and inspection details (issue 18 §2). Collapsed by
 * default to one line (issue 45 §5), so that the viewer starts on the first screen.
 */
export function ProjectDetails({ project, vesselName }: ProjectDetailsProps) {
  const titleId = useId();
  const detailsId = useId();
  const expanded = useSessionValue(EXPANDED_KEY) === 'true';
  const method = project.inspection_method ? inspectionMethodLabels[project.inspection_method] : null;
  const summary = [project.location, vesselName, project.inspection_date, method]
    .filter((part) => part)
    .join(' · ');

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ px: 2, py: 1, mb: 2 }}>
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 0 }}>
        <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flexShrink: 0, maxWidth: '40%' }}>
          {project.name}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          noWrap
          sx={{ flex: 1, minWidth: 0, visibility: expanded ? 'hidden' : undefined }}
          data-testid="project-details-summary"
        >
          {summary}
        </Typography>
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={detailsId}
          endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => writeSessionValue(EXPANDED_KEY, expanded ? null : 'true')}
          sx={{ flexShrink: 0 }}
        >
          Inspection details
        </Button>
      </Stack>
      <Collapse in={expanded} id={detailsId} unmountOnExit>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' },
            mt: 1,
            mb: 0,
          }}
        >
          <Detail term="Location">{project.location}</Detail>
          {vesselName !== undefined && <Detail term="Vessel">{vesselName ?? NOT_RECORDED}</Detail>}
          <Detail term="Inspection date">{project.inspection_date ?? NOT_RECORDED}</Detail>
          <Detail term="Inspection method">{method ?? NOT_RECORDED}</Detail>
          <Detail term="Inspector">{project.inspector ?? NOT_RECORDED}</Detail>
          <Detail term="Visibility">
            {project.visibility ? visibilityLabels[project.visibility] : NOT_RECORDED}
          </Detail>
        </Box>
        <Typography component="p" variant="body2" sx={{ mt: 1.5, mb: 1, whiteSpace: 'pre-line' }}>
          {project.description ? project.description : 'No description.'}
        </Typography>
      </Collapse>
    </Paper>
  );
}
