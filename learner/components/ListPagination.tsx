import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { TextInput } from './TextInput';

export interface ListPaginationProps {
  total: number;
  /** 1-based. */
  current: number;
  size: number;
  /** Page sizes to choose from; none: the size is fixed. */
  sizes?: readonly number[];
  onChange: (page: number, size: number) => void;
}

/** 前往 [n] 页: type a page number and press Enter (clamped to the pages that exist). */
function PageJumper({ pages, onJump }: { pages: number; onJump: (page: number) => void }) {
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Math.trunc(Number(value));
    if (Number.isFinite(n) && value.trim()) onJump(Math.min(pages, Math.max(1, n)));
    setValue('');
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
      <Typography variant="body2" component="span" aria-hidden>
        前往
      </Typography>
      <TextInput
        size="small"
        value={value}
        onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
        inputMode="numeric"
        aria-label="跳转到页码"
        fullWidth={false}
        sx={{ width: 56 }}
        htmlInputSx={{ textAlign: 'center', py: 0.5 }}
      />
      <Typography variant="body2" component="span" aria-hidden>
        页
      </Typography>
    </Box>
  );
}

/**
 * The pager under a list, as in Element-style screens: 共 N 条, page size, page numbers, and a
 * jumper. Wraps onto two lines on a phone.
 */
export function ListPagination({ total, current, size, sizes, onChange }: ListPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <Box
      component="nav"
      aria-label="分页"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', columnGap: 2, rowGap: 1.5, mt: 2.5 }}
    >
      <Typography variant="body2" color="text.secondary">
        共 {total} 条
      </Typography>
      {sizes && sizes.length > 1 && (
        <Select
          size="small"
          value={size}
          onChange={(e) => onChange(1, Number(e.target.value))}
          inputProps={{ 'aria-label': '每页条数' }}
          sx={{ fontSize: 14, '& .MuiSelect-select': { py: 0.5 } }}
        >
          {sizes.map((s) => (
            <MenuItem key={s} value={s}>
              {s} 条/页
            </MenuItem>
          ))}
        </Select>
      )}
      <Pagination count={pages} page={Math.min(current, pages)} onChange={(_, p) => onChange(p, size)} color="primary" shape="rounded" siblingCount={1} />
      {pages > 1 && <PageJumper pages={pages} onJump={(p) => onChange(p, size)} />}
    </Box>
  );
}
