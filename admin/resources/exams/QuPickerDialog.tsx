import { useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { quApi, type QuListItem, type RepoRecord } from '../../../common/api';
import { QuLevel, QuType } from '../../../common/codes';
import { stripTags } from '../../../common/components/question';
import { call } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { EmptyState } from '../shared/EmptyState';
import { useCodeLabel } from '../shared/labels';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';

/**
 * 选择试题: questions of the section's type from any bank (or one), by stem text, leaving out what
 * the exam already holds; the picked ones are handed back with their stems for the builder's list.
 */
export function QuPickerDialog({
  quType,
  excludes,
  banks,
  onPick,
  onClose,
}: {
  quType: number;
  excludes: string[];
  banks: RepoRecord[];
  onPick: (picked: QuListItem[]) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [repo, setRepo] = useState<RepoRecord | null>(null);
  const [text, setText] = useState('');
  const [content, setContent] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [picked, setPicked] = useState<Map<string, QuListItem>>(new Map());
  const params = { repoId: repo?.id ?? '', quType: quType as QuListItem['quType'], content, excludes: excludes.slice(0, 1000) };
  const list = useQuery({
    queryKey: [...endpointKey(quApi.paging), 'picker', params, page, size],
    queryFn: () => call(quApi.paging, { current: page + 1, size, params }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const toggle = (q: QuListItem) =>
    setPicked((m) => {
      const next = new Map(m);
      if (next.has(q.id)) next.delete(q.id);
      else next.set(q.id, q);
      return next;
    });

  let body;
  if (list.isPending) body = <LoadingBlock />;
  else if (list.isError && !list.data) body = <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.records.length === 0) body = <EmptyState message="examhall.exams.pickerEmpty" />;
  else
    body = (
      <>
        <Table size="small" aria-label={translate('examhall.exams.pickerTitle', { type: codeLabel(QuType.items, quType) })}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{translate('examhall.exams.stem')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('examhall.exams.level')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.records.map((q) => {
              const stem = stripTags(q.content).trim();
              return (
                <TableRow key={q.id} hover onClick={() => toggle(q)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Checkbox checked={picked.has(q.id)} slotProps={{ input: { 'aria-label': stem.slice(0, 60) } }} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 520 }}>
                    <Box sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>{stem}</Box>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{codeLabel(QuLevel.items, q.level)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={list.data.total}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[10, 20, 50]}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </>
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="qu-picker-title">
      <DialogTitle id="qu-picker-title">{translate('examhall.exams.pickerTitle', { type: codeLabel(QuType.items, quType) })}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ pt: 1, mb: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            setContent(text.trim());
            setPage(0);
          }}
        >
          <Autocomplete
            size="small"
            sx={{ minWidth: 220, flex: 1 }}
            options={banks}
            value={repo}
            getOptionLabel={(o) => o.title}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_e, v) => {
              setRepo(v);
              setPage(0);
            }}
            renderInput={(p) => <TextField {...p} label={translate('examhall.exams.bank')} />}
          />
          <TextField size="small" label={translate('examhall.exams.pickerSearch')} value={text} onChange={(e) => setText(e.target.value)} sx={{ flex: 1 }} />
          <Button type="submit" variant="outlined">
            {translate('examhall.common.search')}
          </Button>
        </Stack>
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('examhall.common.cancel')}</Button>
        <Button variant="contained" disabled={picked.size === 0} onClick={() => onPick([...picked.values()])}>
          {translate('examhall.exams.pickerAdd', { n: picked.size })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
