import type { Project } from '@hullscope/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/lib/notify';
import { useDeleteProject } from '../api/delete-project';
import { useUpdateProject } from '../api/update-project';
import { ProjectFormDialog } from './project-form-dialog';

interface EditProjectButtonProps {
  project: Project | null;
  disabled: boolean;
  onDeleted: () => void;
}

/** Edit Project, with Delete inside its dialog (spec §2.3). */
export function EditProjectButton({ project, disabled, onDeleted }: EditProjectButtonProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateProject();
  const deletion = useDeleteProject();
  const notify = useNotify();
  const initialValues = useMemo(
    () => ({
      name: project?.name ?? '',
      location: project?.location ?? '',
      description: project?.description ?? '',
      vessel: project?.vessel ?? null,
      inspection_date: project?.inspection_date ?? null,
      inspection_method: project?.inspection_method ?? null,
      inspector: project?.inspector ?? '',
      visibility: project?.visibility ?? null,
    }),
    [project],
  );

  if (!project) {
    return (
      <Button variant="outlined" startIcon={<EditIcon />} disabled>
        Edit Project
      </Button>
    );
  }

  const confirmDeletion = () =>
    deletion.mutate(project.id, {
      onSuccess: () => {
        setConfirming(false);
        setOpen(false);
        notify.success('Project successfully deleted');
        onDeleted();
      },
      onError: (error) => notify.failure('Project deletion failed', error),
    });

  return (
    <>
      <Button variant="outlined" startIcon={<EditIcon />} disabled={disabled} onClick={() => setOpen(true)}>
        Edit Project
      </Button>
      <ProjectFormDialog
        open={open}
        title="Edit Project"
        submitLabel="Save"
        initialValues={initialValues}
        busy={update.isPending}
        onClose={() => setOpen(false)}
        onSubmit={(values) =>
          update.mutate(
            { id: project.id, ...values },
            {
              onSuccess: () => {
                setOpen(false);
                notify.success('Project successfully updated');
              },
              onError: (error) => notify.failure('Project update failed', error),
            },
          )
        }
        extraAction={
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
            Delete Project
          </Button>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={`Delete project '${project.name}'?`}
        text="This action is permanent!"
        busy={deletion.isPending}
        onConfirm={confirmDeletion}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
