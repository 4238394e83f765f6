import { useState } from 'react';
import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { examApi, type ExamRecord } from '../../../common/api';
import { PaperState } from '../../../common/codes';
import { call } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { useCodeLabel } from '../shared/labels';
import { StateChip } from '../shared/StateChip';

const PAPER_COLOR = {
  [PaperState.IN_EXAM]: 'info',
  [PaperState.AWAITING_MARK]: 'warning',
  [PaperState.FINISHED]: 'success',
  [PaperState.ABANDONED]: 'default',
} as const;

/** A paper's state as a chip: in exam, awaiting marking, finished, abandoned. */
export function PaperStateChip({ state }: { state: number }) {
  const codeLabel = useCodeLabel();
  return <StateChip label={codeLabel(PaperState.items, state)} color={PAPER_COLOR[state as keyof typeof PAPER_COLOR] ?? 'default'} />;
}

/** 通过 / 未通过, or a dash while there is no result. */
export function PassedChip({ passed }: { passed: boolean | null }) {
  const translate = useTranslate();
  if (passed === null) return <>—</>;
  return <StateChip label={translate(passed ? 'examhall.papers.passed' : 'examhall.papers.failed')} color={passed ? 'success' : 'error'} />;
}

/** Seconds as 12 分 5 秒. */
export function useDuration() {
  const translate = useTranslate();
  return (s: number) => (s < 60 ? translate('examhall.papers.seconds', { n: s }) : translate('examhall.papers.minutesSeconds', { m: Math.floor(s / 60), s: s % 60 }));
}

/** An exam picked by title (searching the exam list); the current one is read by id when not on the first page. */
export function ExamPicker({
  examId,
  onChange,
  label,
  sx,
}: {
  examId: string;
  onChange: (exam: ExamRecord | null) => void;
  label: string;
  sx?: SxProps<Theme>;
}) {
  const [text, setText] = useState('');
  const exams = useQuery({
    queryKey: [...endpointKey(examApi.paging), 'exam-picker', text],
    queryFn: () => call(examApi.paging, { current: 1, size: 50, params: { title: text } }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const picked = useQuery({
    queryKey: endpointKey(examApi.detail, { id: examId }),
    queryFn: () => call(examApi.detail, { id: examId }, { silent: true }),
    enabled: examId !== '',
    retry: false,
  });
  const options = exams.data?.records ?? [];
  const current = options.find((e) => e.id === examId) ?? (examId ? (picked.data ?? null) : null);
  return (
    <Autocomplete
      size="small"
      sx={sx}
      options={current && !options.some((o) => o.id === current.id) ? [current, ...options] : options}
      value={current}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_e, v, reason) => reason === 'input' && setText(v)}
      onChange={(_e, v) => onChange(v)}
      renderInput={(p) => <TextField {...p} label={label} />}
    />
  );
}
