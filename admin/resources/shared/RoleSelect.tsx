import { useMemo } from 'react';
import { AutocompleteArrayInput, SelectInput, type Validator } from 'react-admin';
import type { RoleRecord } from '../../../common/api';
import { useApiQuery } from './appData';

/** All roles for pickers (/api/sys/role/list). */
export const useRoleChoices = () => {
  const { data, isPending } = useApiQuery<RoleRecord[]>('/api/sys/role/list');
  const choices = useMemo(() => (data ?? []).map((r) => ({ id: r.id, name: r.roleName })), [data]);
  return { choices, isPending };
};

interface RoleInputProps {
  source: string;
  label?: string;
  validate?: Validator | Validator[];
  alwaysOn?: boolean;
  helperText?: string | false;
}

/** Several roles (user form, batch role dialog). */
export function RoleSelectArrayInput({ source, label, validate, helperText }: RoleInputProps) {
  const { choices, isPending } = useRoleChoices();
  return (
    <AutocompleteArrayInput
      source={source}
      label={label}
      choices={choices}
      isPending={isPending}
      validate={validate}
      helperText={helperText}
      filterSelectedOptions
    />
  );
}

/** One role (list filter). */
export function RoleSelectInput({ source, label, validate, helperText }: RoleInputProps) {
  const { choices, isPending } = useRoleChoices();
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      isPending={isPending}
      validate={validate}
      helperText={helperText}
      emptyText=""
      sx={{ minWidth: 160 }}
    />
  );
}
