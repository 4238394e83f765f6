import { useController, type Control, type FieldPath, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { PasswordField } from '../PasswordField';
import { TextInput, type TextInputProps } from '../TextInput';

export type FormFieldProps<T extends FieldValues> = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
  control: Control<T>;
  name: FieldPath<T>;
  rules?: RegisterOptions<T, FieldPath<T>>;
  /** A password input with the show/hide toggle. */
  password?: boolean;
};

/**
 * A text input bound to a react-hook-form field: its error message replaces the helper text, and
 * the form focuses the first invalid field on submit.
 */
export function FormTextField<T extends FieldValues>({ control, name, rules, password, helperText, ...props }: FormFieldProps<T>) {
  const { field, fieldState } = useController({ control, name, rules });
  const Field = password ? PasswordField : TextInput;
  return (
    <Field
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
