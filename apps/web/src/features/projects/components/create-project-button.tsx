import type { Project } from '@hullscope/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNotify } from '@/lib/notify';
import { useCreateProject } from '../api/create-project';
import { ProjectFormDialog, type ProjectFormValues } from './project-form-dialog';

const emptyProject: ProjectFormValues = { name: '', location: '', description: '' };

export function CreateProjectButton({ onCreated }: { onCreated: (project: Project) => void }) {
  const [open, setOpen] = useState(false);
  const create = useCreateProject();
  const notify = useNotify();

  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Create Project
      </Button>
      <ProjectFormDialog
        open={open}
        title="Create Project"
        submitLabel="Create"
        initialValues={emptyProject}
        busy={create.isPending}
        onClose={() => setOpen(false)}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (project) => {
              setOpen(false);
              notify.success('Project successfully created');
              onCreated(project);
            },
            onError: (error) => notify.failure('Project creation failed', error),
          })
        }
      />
    </>
  );
}
