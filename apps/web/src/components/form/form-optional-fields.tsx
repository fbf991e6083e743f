import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type OptionalFieldProps<T extends FieldValues, TOut extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select' | 'type'
> & {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
};

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

/**
 * A select of an optional value: the first entry (`emptyLabel`) is none, kept in the form as null,
 * as the API takes it; the others are `choices`, shown by their labels.
 */
export function FormChoiceField<T extends FieldValues, TOut extends FieldValues, V extends string | number>({
  control,
  name,
  choices,
  emptyLabel = 'Not recorded',
  helperText,
  ...props
}: OptionalFieldProps<T, TOut> & { choices: readonly Choice<V>[]; emptyLabel?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          select
          name={field.name}
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(event) => {
            const picked = choices.find((choice) => String(choice.value) === event.target.value);
            field.onChange(picked ? picked.value : null);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
        >
          <MenuItem value="">
            <em>{emptyLabel}</em>
          </MenuItem>
          {choices.map((choice) => (
            <MenuItem key={choice.value} value={String(choice.value)}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** A date input (YYYY-MM-DD) of an optional date: cleared, it is null in the form. */
export function FormDateField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: OptionalFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          type="date"
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ ...props.slotProps, inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}
