import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, Box, Chip, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FieldTitle, InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { userApi, type UserFilters, type UserRecord } from '../../../common/api';
import { call } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';

const SEARCH_SIZE = 20;
const DEBOUNCE_MS = 300;
type Option = Pick<UserRecord, 'id' | 'userName' | 'realName' | 'deptName'>;

/** Users whose user name or real name contains `text` (two filtered pages merged). */
async function searchUsers(text: string): Promise<Option[]> {
  const page = (params: UserFilters) =>
    call(userApi.paging, { current: 1, size: SEARCH_SIZE, params, orders: [{ column: 'userName', asc: true }] }, { silent: true });
  const [byUserName, byRealName] = await Promise.all([page({ userName: text }), text ? page({ realName: text }) : Promise.resolve(undefined)]);
  const seen = new Map<string, Option>();
  for (const u of [...byUserName.records, ...(byRealName?.records ?? [])]) if (!seen.has(u.id)) seen.set(u.id, u);
  return [...seen.values()];
}

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const labelOf = (u: Option) => (u.realName ? `${u.realName}（${u.userName}）` : u.userName);

/** Several users picked by searching user name or real name (react-admin input; the value is their ids). */
export function UserPickerInput({
  source,
  label,
  validate,
  resource,
  isRequired: required,
}: {
  source: string;
  label?: string;
  validate?: Validator | Validator[];
  resource?: string;
  isRequired?: boolean;
}) {
  const translate = useTranslate();
  const { id, field, fieldState, formState, isRequired } = useInput({ source, validate, resource, defaultValue: [], isRequired: required });
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), DEBOUNCE_MS);
  const found = useQuery({ queryKey: [...endpointKey(userApi.paging), 'search', search], queryFn: () => searchUsers(search), placeholderData: keepPreviousData });
  const options = found.data ?? [];
  const [picked, setPicked] = useState<Option[]>([]);
  const ids: string[] = useMemo(() => (Array.isArray(field.value) ? field.value : []), [field.value]);
  const value = useMemo(() => ids.map((i) => picked.find((p) => p.id === i) ?? { id: i, userName: i, realName: '', deptName: '' }), [ids, picked]);

  const showError = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;
  return (
    <Autocomplete<Option, true>
      multiple
      id={id}
      sx={{ maxWidth: 720, mb: 2 }}
      options={options}
      value={value}
      loading={found.isFetching && !found.data}
      filterOptions={(x) => x}
      filterSelectedOptions
      disableCloseOnSelect
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={labelOf}
      noOptionsText={translate(found.isError ? 'examhall.common.loadFailed' : 'examhall.common.noData')}
      loadingText={translate('examhall.common.loading')}
      onInputChange={(_e, v, reason) => {
        // Only typing (or clearing) searches; picking an option keeps the last results.
        if (reason === 'input' || reason === 'clear') setText(v);
      }}
      onChange={(_e, v) => {
        setPicked((prev) => [...prev.filter((p) => !v.some((x) => x.id === p.id)), ...v]);
        field.onChange(v.map((u) => u.id));
      }}
      onBlur={() => field.onBlur()}
      renderOption={({ key, ...props }, u) => (
        <li key={key} {...props}>
          <Box>
            {labelOf(u)}
            {u.deptName ? (
              <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontSize: 12 }}>
                {u.deptName}
              </Box>
            ) : null}
          </Box>
        </li>
      )}
      renderValue={(values, getItemProps) =>
        values.map((u, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={labelOf(u)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={<FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
          placeholder={translate('examhall.messages.searchUser')}
          error={showError}
          helperText={showError ? <InputHelperText error={fieldState.error?.message} /> : undefined}
        />
      )}
    />
  );
}
