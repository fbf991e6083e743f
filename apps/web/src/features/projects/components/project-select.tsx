import type { Project } from '@hullscope/contract';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { groupProjects } from '../lib/group-projects';

interface ProjectSelectProps {
  projects: Project[];
  /** Vessel names by id, to head the groups. */
  vesselNames: ReadonlyMap<number, string>;
  selectedId: number | null;
  onSelect: (projectId: number) => void;
}

/** 'Select a project', grouped by vessel and newest inspection first (issue 45 §6). */
export function ProjectSelect({ projects, vesselNames, selectedId, onSelect }: ProjectSelectProps) {
  const known = selectedId !== null && projects.some((project) => project.id === selectedId);
  const groups = groupProjects(projects, vesselNames);
  // One group without a heading when no project names a vessel: a heading "No vessel" would say nothing.
  const headed = groups.some((group) => group.vessel !== null);
  return (
    <TextField
      select
      label="Select a project"
      value={known ? String(selectedId) : ''}
      onChange={(event) => onSelect(Number(event.target.value))}
      size="small"
      sx={{ minWidth: 240, maxWidth: 360 }}
      fullWidth={false}
      margin="none"
      slotProps={{
        select: {
          renderValue: (value) => projects.find((project) => String(project.id) === value)?.name ?? '',
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 480 } } } },
        },
      }}
    >
      {projects.length === 0 ? (
        <MenuItem value="" disabled>
          No projects yet
        </MenuItem>
      ) : (
        groups.flatMap((group) => [
          ...(headed
            ? [
                <ListSubheader key={`vessel-${group.vessel ?? 'none'}`}>
                  {group.vessel ?? 'No vessel'}
                </ListSubheader>,
              ]
            : []),
          ...group.projects.map((project) => (
            <MenuItem key={project.id} value={String(project.id)} sx={{ gap: 1.5 }}>
              {project.name}
              {project.inspection_date && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                  {project.inspection_date}
                </Typography>
              )}
            </MenuItem>
          )),
        ])
      )}
    </TextField>
  );
}
