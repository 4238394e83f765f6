import { useMemo } from 'react';
import { AutocompleteArrayInput, SelectInput, type Validator } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { roleApi } from '../../../common/api';
import { endpointQuery } from '../../providers/endpointQuery';

/** All roles for pickers. */
export const useRoleChoices = () => {
  const { data, isPending } = useQuery(endpointQuery(roleApi.list));
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

/** What both role inputs pass on: their own props and the loaded roles (`alwaysOn` is read by the filter form). */
function useRoleInputProps({ source, label, validate, helperText }: RoleInputProps) {
  const { choices, isPending } = useRoleChoices();
  return { source, label, validate, helperText, choices, isPending };
}

/** Several roles (user form, batch role dialog). */
export function RoleSelectArrayInput(props: RoleInputProps) {
  return <AutocompleteArrayInput {...useRoleInputProps(props)} filterSelectedOptions />;
}

/** One role (list filter). */
export function RoleSelectInput(props: RoleInputProps) {
  return <SelectInput {...useRoleInputProps(props)} emptyText="" sx={{ minWidth: 160 }} />;
}
