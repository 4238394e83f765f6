import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';

type Values = Record<string, string>;
/** A rule returns the message to show, or undefined when the value is fine; it sees every value. */
export type FieldRule<T extends Values> = (value: string, values: T) => string | undefined;
export type FormRules<T extends Values> = { [K in keyof T]?: FieldRule<T> };
type Errors<T extends Values> = Partial<Record<keyof T, string>>;

function check<T extends Values>(rules: FormRules<T>, values: T, only?: keyof T): Errors<T> {
  const errors: Errors<T> = {};
  for (const name of Object.keys(rules) as (keyof T)[]) {
    if (only !== undefined && name !== only) continue;
    const message = rules[name]?.(values[name], values);
    if (message) errors[name] = message;
  }
  return errors;
}

/**
 * Controlled text fields with per-field rules: a field is checked when it loses focus and, after
 * the first submit, on every change. `field(name)` spreads onto a MUI TextField.
 */
export function useForm<T extends Values>(initial: T, rules: FormRules<T>) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [submitted, setSubmitted] = useState(false);

  const field = (name: keyof T & string, helperText?: string) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted) setErrors(check(rules, next));
    },
    onBlur: () => {
      if (!values[name] && !submitted) return;
      setErrors((prev) => ({ ...prev, [name]: check(rules, values, name)[name] }));
    },
    error: Boolean(errors[name]),
    helperText: errors[name] ?? helperText,
  });

  const handleSubmit = (onValid: (values: T) => void | Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = check(rules, values);
    setErrors(found);
    if (Object.keys(found).length === 0) void onValid(values);
  };

  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  }, []);

  return { values, errors, field, handleSubmit, reset };
}

/** A required field: its message when empty. */
export const required =
  <T extends Values>(message: string): FieldRule<T> =>
  (value) =>
    value.trim() ? undefined : message;
