import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_SCOPES, type ApiKeyCreated, type ApiKeyScope } from '@hullscope/contract';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { useNotify } from '@/lib/notify';
import { useCreateApiKey } from '../api/api-keys';

export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'read: list and download (viewer routes)',
  write: 'write: upload, predict, edit (member routes)',
  admin: 'admin: members, invitations, audit log (admin routes)',
};

/** The form's values; the server checks the expiry's range and answers per field. */
const ApiKeyForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter a name')
    .max(100, 'Ensure this field has no more than 100 characters.'),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, 'Choose at least one scope.'),
  expires_at: z.string(),
});
type ApiKeyFormValues = z.infer<typeof ApiKeyForm>;

interface CreateApiKeyFormProps {
  /** The new key with its secret: the server keeps only its hash, so this is the one time it is seen. */
  onCreated: (key: ApiKeyCreated) => void;
}

export function CreateApiKeyForm({ onCreated }: CreateApiKeyFormProps) {
  const creation = useCreateApiKey();
  const notify = useNotify();
  const { control, handleSubmit, reset } = useForm<ApiKeyFormValues>({
    resolver: zodResolver(ApiKeyForm),
    defaultValues: { name: '', scopes: ['read'], expires_at: '' },
  });
  const create = handleSubmit(({ name, scopes, expires_at }) =>
    creation.mutate(
      { name: name.trim(), scopes, ...(expires_at === '' ? {} : { expires_at }) },
      {
        onSuccess: (key) => {
          reset();
          onCreated(key);
        },
        onError: (error) =>
          notify.failure('Creating the API key failed', error, {
            name: 'Name',
            scopes: 'Scopes',
            expires_at: 'Expires on',
          }),
      },
    ),
  );
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void create(event)} sx={{ mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
        <FormTextField
          control={control}
          name="name"
          label="Name"
          size="small"
          helperText="What uses it, e.g. the fleet system"
          sx={{ flex: 1 }}
        />
        <FormTextField
          control={control}
          name="expires_at"
          label="Expires on"
          type="date"
          size="small"
          helperText="Optional; empty: until revoked"
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 200 }}
        />
      </Stack>
      <Controller
        control={control}
        name="scopes"
        render={({ field, fieldState }) => (
          <FormControl component="fieldset" error={fieldState.invalid}>
            <FormLabel component="legend">Scopes</FormLabel>
            <FormGroup row>
              {API_KEY_SCOPES.map((scope) => (
                <FormControlLabel
                  key={scope}
                  label={SCOPE_LABELS[scope]}
                  control={
                    <Checkbox
                      checked={field.value.includes(scope)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? API_KEY_SCOPES.filter((one) => one === scope || field.value.includes(one))
                            : field.value.filter((one) => one !== scope),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <div>
        <Button type="submit" variant="contained" loading={creation.isPending}>
          Create key
        </Button>
      </div>
    </Stack>
  );
}
