import { useEffect, useState } from 'react';
import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInput, useTranslate } from 'react-admin';
import { repoApi, type RepoRecord } from '../../../common/api';
import { call } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';

type RepoOption = Pick<RepoRecord, 'id' | 'title'>;

interface RepoPickerProps {
  value: string;
  onChange: (id: string, repo: RepoOption | null) => void;
  label: string;
  /** Banks to leave out (the source bank of a move). */
  exclude?: string;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  required?: boolean;
  sx?: SxProps<Theme>;
}

/** One bank, found by typing part of its title (the first 50 matches are offered). */
export function RepoPicker({ value, onChange, label, exclude, error, helperText, size = 'small', required, sx }: RepoPickerProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const found = useQuery({
    queryKey: [...endpointKey(repoApi.paging), 'picker', search],
    queryFn: () => call(repoApi.paging, { current: 1, size: 50, params: { title: search } }, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const picked = useQuery({ queryKey: endpointKey(repoApi.detail, { id: value }), queryFn: () => call(repoApi.detail, { id: value }, { silent: true }), enabled: value !== '' });
  const options: RepoOption[] = (found.data?.records ?? []).filter((r) => r.id !== exclude);
  const current = options.find((o) => o.id === value) ?? (picked.data && picked.data.id === value ? picked.data : null);
  return (
    <Autocomplete<RepoOption>
      size={size}
      options={current && !options.some((o) => o.id === current.id) ? [current, ...options] : options}
      value={current}
      loading={found.isFetching}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      onInputChange={(_e, v, reason) => {
        if (reason === 'input') setText(v);
        if (reason === 'clear') setText('');
      }}
      onChange={(_e, v) => {
        setText('');
        onChange(v?.id ?? '', v);
      }}
      renderInput={(p) => <TextField {...p} label={label} error={error} helperText={helperText} required={required} />}
      sx={sx}
    />
  );
}

/** RepoPicker as a react-admin input (list filters). */
export function RepoPickerInput({ source, label }: { source: string; label?: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  return <RepoPicker value={typeof field.value === 'string' ? field.value : ''} onChange={(id) => field.onChange(id)} label={translate(label ?? 'resources.repo/qu.fields.repoId')} />;
}
