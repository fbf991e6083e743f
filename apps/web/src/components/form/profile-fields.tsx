import Box from '@mui/material/Box';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from './form-text-field';

interface ProfileFieldValues extends FieldValues {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}

interface ProfileFieldsProps<T extends ProfileFieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  emailHelperText?: string;
  /** The address is given (an invitation's): shown, not editable. */
  lockedEmail?: boolean;
}

/** Username, e-mail and the two names: the same fields when signing up and on the account page. */
export function ProfileFields<T extends ProfileFieldValues, TOut extends FieldValues = T>({
  control,
  emailHelperText,
  lockedEmail = false,
}: ProfileFieldsProps<T, TOut>) {
  const name = (field: keyof ProfileFieldValues) => field as Path<T>;
  return (
    <>
      <FormTextField
        control={control}
        name={name('username')}
        label="Username"
        autoComplete="username"
        required
      />
      <FormTextField
        control={control}
        name={name('email')}
        label="Email"
        type="email"
        autoComplete="email"
        helperText={emailHelperText}
        required
        slotProps={lockedEmail ? { htmlInput: { readOnly: true } } : undefined}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2 }}>
        <FormTextField
          control={control}
          name={name('first_name')}
          label="First Name"
          autoComplete="given-name"
          required
        />
        <FormTextField
          control={control}
          name={name('last_name')}
          label="Last Name"
          autoComplete="family-name"
          required
        />
      </Box>
    </>
  );
}
