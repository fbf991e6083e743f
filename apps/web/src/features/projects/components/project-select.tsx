import type { Project } from '@hullscope/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface ProjectSelectProps {
  projects: Project[];
  selectedId: number | null;
  onSelect: (projectId: number) => void;
}

export function ProjectSelect({ projects, selectedId, onSelect }: ProjectSelectProps) {
  const known = selectedId !== null && projects.some((project) => project.id === selectedId);
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
    >
      {projects.length === 0 ? (
        <MenuItem value="" disabled>
          No projects yet
        </MenuItem>
      ) : (
        projects.map((project) => (
          <MenuItem key={project.id} value={String(project.id)}>
            {project.name}
          </MenuItem>
        ))
      )}
    </TextField>
  );
}
