import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, TOut extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  /** Called after every change, e.g. to reset state that depends on the value. */
  onValueChange?: () => void;
};

/** A labelled MUI text field bound to react-hook-form; the rule's message shows as helper text. */
export function FormTextField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  helperText,
  onValueChange,
  ...props
}: FormTextFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event);
            onValueChange?.();
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
