import { useMemo, type ReactNode } from 'react';
import { Autocomplete, Box, Chip, TextField, type AutocompleteRenderInputParams, type SxProps, type Theme } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { departApi, type DepartNode } from '../../../common/api';
import { endpointQuery } from '../../providers/endpointQuery';
import { descendantIds, findNode, flattenTree, type FlatEntry } from './tree';

interface PickerBaseProps {
  label: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  size?: 'small' | 'medium';
  /** This department and its subtree are not offered (a department cannot move under itself). */
  excludeId?: string;
  onBlur?: () => void;
  sx?: SxProps<Theme>;
  /** Ready-made tree (tests, or a screen that already holds it); otherwise it is loaded. */
  tree?: DepartNode[];
}
export interface DeptTreePickerSingleProps extends PickerBaseProps {
  multiple?: false;
  value: string;
  onChange: (value: string) => void;
}
export interface DeptTreePickerMultiProps extends PickerBaseProps {
  multiple: true;
  value: string[];
  onChange: (value: string[]) => void;
}
type Entry = FlatEntry<DepartNode>;

/**
 * Department picker: the tree drawn as an indented, searchable list (parents above their
 * children). Single (`value` is an id, '' for none) or multiple (`value` is a list of ids).
 */
export function DeptTreePicker(props: DeptTreePickerSingleProps | DeptTreePickerMultiProps) {
  const translate = useTranslate();
  const loaded = useQuery({ ...endpointQuery(departApi.tree), enabled: !props.tree });
  const tree = props.tree ?? loaded.data;
  const options = useMemo(() => {
    const all = flattenTree(tree);
    if (!props.excludeId) return all;
    const root = findNode(tree, props.excludeId);
    const banned = new Set([props.excludeId, ...(root ? descendantIds(root) : [])]);
    return all.filter((e) => !banned.has(e.node.id));
  }, [tree, props.excludeId]);
  const byId = useMemo(() => new Map(options.map((e) => [e.node.id, e])), [options]);
  const common = {
    id: props.id,
    options,
    loading: !tree && loaded.isPending,
    disabled: props.disabled,
    size: props.size,
    onBlur: props.onBlur,
    sx: props.sx,
    getOptionLabel: (e: Entry) => e.node.deptName,
    isOptionEqualToValue: (a: Entry, b: Entry) => a.node.id === b.node.id,
    noOptionsText: translate(loaded.isError ? 'examhall.common.loadFailed' : 'examhall.common.noData'),
    loadingText: translate('ra.page.loading'),
    renderOption: (liProps: React.HTMLAttributes<HTMLLIElement> & { key: React.Key }, e: Entry) => {
      const { key, ...rest } = liProps;
      return (
        <li key={key} {...rest}>
          <Box component="span" sx={{ pl: e.depth * 2.5 }}>
            {e.node.deptName}
          </Box>
        </li>
      );
    },
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        label={props.label}
        required={props.required}
        error={props.error}
        helperText={props.helperText}
      />
    ),
  };
  if (props.multiple) {
    const { value, onChange } = props;
    const selected = (value ?? []).map((id) => byId.get(id)).filter((e): e is Entry => !!e);
    return (
      <Autocomplete<Entry, true>
        {...common}
        multiple
        disableCloseOnSelect
        value={selected}
        onChange={(_e, v) => onChange(v.map((e) => e.node.id))}
        renderValue={(values, getItemProps) =>
          values.map((e, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={e.node.deptName} {...itemProps} />;
          })
        }
      />
    );
  }
  const { value, onChange } = props;
  return (
    <Autocomplete<Entry, false>
      {...common}
      value={(value && byId.get(value)) || null}
      onChange={(_e, v) => onChange(v ? v.node.id : '')}
    />
  );
}

export interface DeptTreeInputProps {
  source: string;
  label?: string;
  multiple?: boolean;
  validate?: Validator | Validator[];
  helperText?: ReactNode;
  excludeId?: string;
  alwaysOn?: boolean;
  resource?: string;
  size?: 'small' | 'medium';
  tree?: DepartNode[];
  defaultValue?: string | string[];
  sx?: SxProps<Theme>;
  isRequired?: boolean;
}

/** react-admin input around DeptTreePicker (forms and list filters). */
export function DeptTreeInput({ source, label, multiple, validate, helperText, excludeId, resource, size, tree, defaultValue, sx, isRequired: required }: DeptTreeInputProps) {
  const { id, field, fieldState, formState, isRequired } = useInput({
    source,
    validate,
    resource,
    isRequired: required,
    defaultValue: defaultValue ?? (multiple ? [] : ''),
  });
  const showError = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;
  const title = <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />;
  const helper =
    showError || helperText ? <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={helperText} /> : undefined;
  const picker = { id, label: title, onChange: field.onChange, onBlur: () => field.onBlur(), error: showError, helperText: helper, excludeId, size, tree, sx };
  return multiple ? (
    <DeptTreePicker {...picker} multiple value={Array.isArray(field.value) ? field.value : []} />
  ) : (
    <DeptTreePicker {...picker} value={typeof field.value === 'string' ? field.value : ''} />
  );
}
