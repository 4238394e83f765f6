import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface TextInputProps
  extends Pick<
    OutlinedInputProps,
    'name' | 'value' | 'onChange' | 'onBlur' | 'type' | 'autoComplete' | 'autoFocus' | 'placeholder' | 'disabled' | 'endAdornment' | 'size'
  > {
  label?: string;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  /** The accessible name when there is no visible label. */
  'aria-label'?: string;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** Styles of the input box itself (background, width). */
  inputSx?: SxProps<Theme>;
  /** Attributes of the <input> element. */
  htmlInputSx?: SxProps<Theme>;
}

/**
 * The learner's outlined text input: label, input, helper or error text — what MUI's TextField
 * renders for an outlined field, without TextField's select mode (which brings Select, Menu,
 * Popover and Modal into every page with a form, the sign-in page included).
 */
export function TextInput({
  label,
  error,
  helperText,
  inputRef,
  inputMode,
  'aria-label': ariaLabel,
  fullWidth = true,
  sx,
  inputSx,
  htmlInputSx,
  size,
  disabled,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} disabled={disabled} size={size} sx={sx}>
      {label && <InputLabel htmlFor={id}>{label}</InputLabel>}
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputRef={inputRef}
        sx={inputSx}
        inputProps={{ inputMode, 'aria-label': ariaLabel, 'aria-describedby': helperId, sx: htmlInputSx }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
