import { zodResolver } from '@hookform/resolvers/zod';
import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS, ShareLinkRequest } from '@hullscope/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { useNotify } from '@/lib/notify';
import { useCreateShareLink } from '../api/share-links';

/** The form's values are text; the contract's rule checks the number they make. */
const ShareLinkForm = z.object({
  label: z.string().max(120, 'Ensure this field has no more than 120 characters.'),
  expires_in_days: z
    .string()
    .trim()
    .min(1, 'Please enter a number of days')
    .transform(Number)
    .pipe(ShareLinkRequest.shape.expires_in_days.unwrap()),
});
type ShareLinkFormValues = z.input<typeof ShareLinkForm>;

interface CreateShareLinkFormProps {
  projectId: number;
  /** The new link's URL: the server keeps only its hash, so this is the one time it is seen. */
  onCreated: (url: string) => void;
}

export function CreateShareLinkForm({ projectId, onCreated }: CreateShareLinkFormProps) {
  const creation = useCreateShareLink();
  const notify = useNotify();
  const { control, handleSubmit } = useForm<ShareLinkFormValues, unknown, z.output<typeof ShareLinkForm>>({
    resolver: zodResolver(ShareLinkForm),
    defaultValues: { label: '', expires_in_days: String(SHARE_LINK_DEFAULT_DAYS) },
  });
  const create = handleSubmit(({ label, expires_in_days }) =>
    creation.mutate(
      { projectId, label: label.trim() === '' ? undefined : label.trim(), expires_in_days },
      {
        onSuccess: (link) => onCreated(link.url),
        onError: (error) =>
          notify.failure('Creating the share link failed', error, {
            label: 'Recipient',
            expires_in_days: 'Valid for (days)',
          }),
      },
    ),
  );
  return (
    <Stack
      component="form"
      noValidate
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      alignItems={{ sm: 'flex-start' }}
      onSubmit={(event) => void create(event)}
    >
      <FormTextField
        control={control}
        name="label"
        label="Recipient"
        size="small"
        helperText="Optional, e.g. the class society"
        sx={{ flex: 1 }}
      />
      <FormTextField
        control={control}
        name="expires_in_days"
        label="Valid for (days)"
        type="number"
        size="small"
        helperText={`At most ${SHARE_LINK_MAX_DAYS}`}
        slotProps={{ htmlInput: { min: 1, max: SHARE_LINK_MAX_DAYS } }}
        sx={{ width: 150 }}
      />
      <Button type="submit" variant="contained" loading={creation.isPending}>
        Create link
      </Button>
    </Stack>
  );
}
