import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  Chip,
  Divider,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { examApi, quApi, repoApi, type ExamCheckResult, type QuListItem, type RepoRecord, type RepoStat } from '../../../common/api';
import { QuLevel, QuType } from '../../../common/codes';
import { stripTags } from '../../../common/components/question';
import { call } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { useCodeChoices, useCodeLabel } from '../shared/labels';
import {
  availableIn,
  capCount,
  compositionTotals,
  groupProblems,
  groupQuCount,
  groupScore,
  move,
  newGroup,
  toExamGroup,
  type DraftDraw,
  type DraftGroup,
  type GroupProblem,
} from './composition';
import { ExamPreviewDialog } from './ExamPreviewDialog';
import { QuPickerDialog } from './QuPickerDialog';

/** Banks for the draw selects: the first page of all of them, and any chosen bank not on it. */
export function useBanks(chosen: string[]) {
  const list = useQuery({
    queryKey: [...endpointKey(repoApi.paging), 'exam-builder'],
    queryFn: () => call(repoApi.paging, { current: 1, size: 200, params: {} }, { silent: true }),
    staleTime: 30_000,
  });
  const listed = list.data?.records ?? [];
  // Only once the list is in: most chosen banks are on it.
  const missing = list.isSuccess ? chosen.filter((id) => id && !listed.some((r) => r.id === id)) : [];
  const details = useQueries({
    queries: [...new Set(missing)].map((id) => ({
      queryKey: endpointKey(repoApi.detail, { id }),
      queryFn: () => call(repoApi.detail, { id }, { silent: true }),
      retry: false,
    })),
  });
  const extra = details.flatMap((d) => (d.data ? [d.data] : []));
  return { banks: [...listed, ...extra], loading: list.isPending };
}

/** What each bank holds, per type and level (/api/repo/list-stat), for every bank the sections draw from. */
function useBankStats(repoIds: string[]) {
  const ids = [...new Set(repoIds.filter(Boolean))];
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: endpointKey(repoApi.listStat, { id }),
      queryFn: () => call(repoApi.listStat, { id }, { silent: true }),
      staleTime: 15_000,
      retry: false,
    })),
  });
  const map = new Map<string, RepoStat[]>();
  ids.forEach((id, i) => {
    const data = results[i]?.data;
    if (data) map.set(id, data);
  });
  return map;
}

/** Stems of the fixed questions: from the picker when just picked, else read once per question. */
function useStems(quIds: string[], known: Map<string, string>) {
  const unknown = [...new Set(quIds.filter((id) => !known.has(id)))];
  const details = useQueries({
    queries: unknown.map((id) => ({
      queryKey: endpointKey(quApi.detail, { id }),
      queryFn: () => call(quApi.detail, { id }, { silent: true }),
      staleTime: 60_000,
      retry: false,
    })),
  });
  return (id: string): string | undefined => {
    if (known.has(id)) return known.get(id);
    const i = unknown.indexOf(id);
    const q = i >= 0 ? details[i]?.data : undefined;
    return q ? stripTags(q.content).trim() : undefined;
  };
}

/** The server's check of a composition the client finds complete, a moment after the last change. */
function useServerCheck(groups: DraftGroup[], complete: boolean) {
  const body = useMemo(() => (complete && groups.length ? { groups: groups.map(toExamGroup) } : null), [groups, complete]);
  const [debounced, setDebounced] = useState(body);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(body), 400);
    return () => clearTimeout(t);
  }, [body]);
  const q = useQuery({
    queryKey: endpointKey(examApi.check, debounced ?? {}),
    queryFn: () => call(examApi.check, debounced!, { silent: true }),
    enabled: debounced !== null,
    retry: false,
  });
  return debounced === null ? undefined : q.data;
}

const problemAt = (problems: GroupProblem[], group: number, field: GroupProblem['field'], draw?: number) =>
  problems.find((p) => p.group === group && p.field === field && p.draw === draw);

/**
 * 试卷组成: sections (大题) of one type each, with random draws from banks (capped at what the bank
 * has, "可用 N 题") and fixed questions from the picker; live total score; the server's refusals
 * and >80 % warnings as it would give them on save; a preview of one drawn paper.
 */
export function SectionBuilder() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const typeChoices = useCodeChoices(QuType.items);
  const levelChoices = useCodeChoices(QuLevel.items);
  const statsRef = useRef<Map<string, RepoStat[]>>(new Map());
  const {
    field,
    fieldState,
    formState: { submitCount },
  } = useInput({
    source: 'groups',
    validate: (value: unknown) => {
      const list = Array.isArray(value) ? (value as DraftGroup[]) : [];
      if (list.length === 0) return 'examhall.exams.v.sections';
      return groupProblems(list, (id) => statsRef.current.get(id)).length ? 'examhall.exams.v.groups' : undefined;
    },
  });
  const groups: DraftGroup[] = useMemo(() => (Array.isArray(field.value) ? field.value : []), [field.value]);
  const shuffleQuestions = Boolean(useWatch({ name: 'shuffleQuestions' }));
  const allRepoIds = groups.flatMap((g) => g.draws.map((d) => d.repoId));
  const stats = useBankStats(allRepoIds);
  statsRef.current = stats;
  const { banks } = useBanks(allRepoIds);
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const stemOf = useStems(
    groups.flatMap((g) => g.quIds),
    known,
  );
  const [picking, setPicking] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const problems = groupProblems(groups, (id) => stats.get(id));
  const shown = submitCount > 0 ? problems : problems.filter((p) => p.field === 'count' && p.message === 'examhall.exams.v.countOver');
  const complete = problems.length === 0;
  const check = useServerCheck(groups, complete);
  const totals = compositionTotals(groups);

  const set = (next: DraftGroup[]) => field.onChange(next);
  const update = (gi: number, patch: Partial<DraftGroup>) => set(groups.map((g, i) => (i === gi ? { ...g, ...patch } : g)));
  const updateDraw = (gi: number, di: number, patch: Partial<DraftDraw>) =>
    update(gi, { draws: groups[gi].draws.map((d, i) => (i === di ? { ...d, ...patch } : d)) });
  const errorText = (p: GroupProblem | undefined) => (p ? translate(p.message, p.args) : undefined);

  return (
    <Box sx={{ width: '100%' }}>
      <Stack spacing={1.5}>
        {groups.length === 0 ? (
          <Typography color={fieldState.error ? 'error' : 'text.secondary'} variant="body2">
            {translate(fieldState.error ? 'examhall.exams.v.sections' : 'examhall.exams.noSections')}
          </Typography>
        ) : null}
        {groups.map((g, gi) => {
          const missing = shown.find((p) => p.group === gi && p.field === 'questions');
          return (
            <Card key={gi} variant="outlined" component="section" aria-label={translate('examhall.exams.sectionHeading', { n: gi + 1 })} sx={{ p: { xs: 1.5, sm: 2 } }}>
              <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1.5 }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {translate('examhall.exams.sectionHeading', { n: gi + 1 })}
                </Typography>
                <Chip size="small" label={translate('examhall.exams.sectionSummary', { count: groupQuCount(g), score: groupScore(g) })} />
                <Box sx={{ flex: 1 }} />
                <Tooltip title={translate('examhall.exams.moveUp')}>
                  <span>
                    <IconButton size="small" aria-label={translate('examhall.exams.moveUp')} disabled={gi === 0} onClick={() => set(move(groups, gi, gi - 1))}>
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={translate('examhall.exams.moveDown')}>
                  <span>
                    <IconButton size="small" aria-label={translate('examhall.exams.moveDown')} disabled={gi === groups.length - 1} onClick={() => set(move(groups, gi, gi + 1))}>
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={translate('examhall.exams.removeSection')}>
                  <IconButton size="small" color="error" aria-label={translate('examhall.exams.removeSection')} onClick={() => set(groups.filter((_, i) => i !== gi))}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
              <Stack direction="row" columnGap={1.5} rowGap={1.5} useFlexGap flexWrap="wrap">
                <TextField
                  size="small"
                  label={translate('examhall.exams.sectionTitle')}
                  value={g.title}
                  onChange={(e) => update(gi, { title: e.target.value })}
                  error={Boolean(problemAt(shown, gi, 'title'))}
                  helperText={errorText(problemAt(shown, gi, 'title'))}
                  slotProps={{ htmlInput: { maxLength: 64 } }}
                  sx={{ flex: { xs: '1 1 100%', sm: '1 1 200px' } }}
                />
                <TextField
                  select
                  size="small"
                  label={translate('examhall.exams.quType')}
                  value={g.quType}
                  onChange={(e) => {
                    const quType = Number(e.target.value);
                    const titled = !g.title.trim() || g.title === codeLabel(QuType.items, g.quType);
                    update(gi, { quType, quIds: [], partialScore: '', ...(titled ? { title: codeLabel(QuType.items, quType) } : {}) });
                  }}
                  sx={{ flex: { xs: '1 1 0', sm: '0 1 150px' }, minWidth: 0 }}
                >
                  {typeChoices.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  type="number"
                  label={translate('examhall.exams.perScore')}
                  value={g.perScore}
                  onChange={(e) => update(gi, { perScore: e.target.value === '' ? '' : Number(e.target.value) })}
                  error={Boolean(problemAt(shown, gi, 'perScore'))}
                  helperText={errorText(problemAt(shown, gi, 'perScore'))}
                  slotProps={{ htmlInput: { min: 0.5, max: 1000, step: 0.5 } }}
                  sx={{ flex: { xs: '1 1 0', sm: '0 1 120px' }, minWidth: 0 }}
                />
                {g.quType === QuType.MULTIPLE ? (
                  <TextField
                    size="small"
                    type="number"
                    label={translate('examhall.exams.partialScore')}
                    value={g.partialScore ?? ''}
                    onChange={(e) => update(gi, { partialScore: e.target.value === '' ? '' : Number(e.target.value) })}
                    error={Boolean(problemAt(shown, gi, 'partialScore'))}
                    helperText={errorText(problemAt(shown, gi, 'partialScore')) ?? translate('examhall.exams.partialHelper')}
                    slotProps={{ htmlInput: { min: 0, max: 1000, step: 0.5 } }}
                    sx={{ flex: { xs: '1 1 100%', sm: '1 1 220px' } }}
                  />
                ) : null}
              </Stack>

              <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
                {translate('examhall.exams.draws')}
              </Typography>
              <Stack spacing={1.5}>
                {g.draws.map((d, di) => {
                  const bankStats = d.repoId ? stats.get(d.repoId) : undefined;
                  const available = availableIn(bankStats, g.quType, d.level);
                  const countProblem = problemAt(shown, gi, 'count', di);
                  const bankProblem = problemAt(shown, gi, 'repoId', di);
                  return (
                    <Stack key={di} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }} data-testid={`draw-${gi}-${di}`}>
                      <Autocomplete
                        size="small"
                        sx={{ flex: { sm: '1 1 240px' } }}
                        options={banks}
                        value={banks.find((b) => b.id === d.repoId) ?? null}
                        getOptionLabel={(o: RepoRecord) => o.title}
                        isOptionEqualToValue={(a, b) => a.id === b.id}
                        onChange={(_e, v) => updateDraw(gi, di, { repoId: v?.id ?? '' })}
                        renderInput={(p) => <TextField {...p} label={translate('examhall.exams.bank')} error={Boolean(bankProblem)} helperText={errorText(bankProblem)} />}
                      />
                      <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ flex: { sm: '0 0 auto' } }}>
                        <TextField
                          select
                          size="small"
                          label={translate('examhall.exams.level')}
                          value={d.level ?? ''}
                          onChange={(e) => updateDraw(gi, di, { level: e.target.value === '' ? '' : Number(e.target.value) })}
                          sx={{ flex: { xs: '1 1 0', sm: '0 0 130px' }, minWidth: 0 }}
                        >
                          <MenuItem value="">{translate('examhall.exams.anyLevel')}</MenuItem>
                          {levelChoices.map((c) => (
                            <MenuItem key={c.id} value={c.id}>
                              {c.name}
                            </MenuItem>
                          ))}
                        </TextField>
                        <TextField
                          size="small"
                          type="number"
                          label={translate('examhall.exams.count')}
                          value={d.count}
                          onChange={(e) => updateDraw(gi, di, { count: capCount(e.target.value, available) })}
                          error={Boolean(countProblem)}
                          helperText={
                            errorText(countProblem) ??
                            (d.repoId ? (available === undefined ? translate('examhall.exams.availableLoading') : translate('examhall.exams.available', { n: available })) : ' ')
                          }
                          slotProps={{ htmlInput: { min: 1, max: available ?? 500, step: 1 } }}
                          sx={{ flex: { xs: '1 1 0', sm: '0 0 140px' }, minWidth: 0 }}
                        />
                        <IconButton aria-label={translate('examhall.exams.removeDraw')} onClick={() => update(gi, { draws: g.draws.filter((_, i) => i !== di) })}>
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </Stack>
                    </Stack>
                  );
                })}
                <Box>
                  <Button size="small" startIcon={<AddIcon />} onClick={() => update(gi, { draws: [...g.draws, { repoId: '', level: '', count: 1 }] })}>
                    {translate('examhall.exams.addDraw')}
                  </Button>
                </Box>
              </Stack>

              <Divider sx={{ my: 1.5 }} />
              <Stack direction="row" alignItems="center" columnGap={1} flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
                <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap' }}>
                  {translate('examhall.exams.fixed')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ order: { xs: 3, sm: 0 }, flexBasis: { xs: '100%', sm: 'auto' } }}>
                  {translate('examhall.exams.fixedCount', { n: g.quIds.length })}
                </Typography>
                <Box sx={{ flex: 1 }} />
                <Button size="small" startIcon={<PlaylistAddIcon />} onClick={() => setPicking(gi)} sx={{ whiteSpace: 'nowrap' }}>
                  {translate('examhall.exams.pick')}
                </Button>
              </Stack>
              {g.quIds.length ? (
                <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 3 }}>
                  {g.quIds.map((id) => (
                    <Box component="li" key={id} sx={{ typography: 'body2' }}>
                      <Stack direction="row" alignItems="center" spacing={1}>
                        <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{stemOf(id) ?? '…'}</Box>
                        <Button size="small" color="error" onClick={() => update(gi, { quIds: g.quIds.filter((q) => q !== id) })}>
                          {translate('examhall.exams.removeQu')}
                        </Button>
                      </Stack>
                    </Box>
                  ))}
                </Stack>
              ) : null}
              {missing ? (
                <Typography variant="caption" color="error" role="alert">
                  {translate(missing.message)}
                </Typography>
              ) : null}
            </Card>
          );
        })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => set([...groups, newGroup(QuType.SINGLE, codeLabel(QuType.items, QuType.SINGLE))])}>
            {translate('examhall.exams.addSection')}
          </Button>
          <Button variant="outlined" startIcon={<VisibilityIcon />} disabled={groups.length === 0} onClick={() => setPreviewing(true)}>
            {translate('examhall.exams.preview')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="exam-total">
            {translate('examhall.exams.total', { score: totals.totalScore, count: totals.quCount })}
          </Typography>
        </Stack>
        <CheckMessages check={check} />
      </Stack>
      {picking !== null && groups[picking] ? (
        <QuPickerDialog
          quType={groups[picking].quType}
          excludes={groups.flatMap((g) => g.quIds)}
          banks={banks}
          onClose={() => setPicking(null)}
          onPick={(picked: QuListItem[]) => {
            setKnown((m) => new Map([...m, ...picked.map((q) => [q.id, stripTags(q.content).trim()] as const)]));
            update(picking, { quIds: [...groups[picking].quIds, ...picked.map((q) => q.id)] });
            setPicking(null);
          }}
        />
      ) : null}
      {previewing ? (
        <ExamPreviewDialog groups={complete ? groups.map(toExamGroup) : null} shuffleQuestions={shuffleQuestions} onClose={() => setPreviewing(false)} />
      ) : null}
    </Box>
  );
}

/** The server's refusals (naming section, bank and what is missing) and its >80 % warnings. */
export function CheckMessages({ check }: { check: Pick<ExamCheckResult, 'errors' | 'warnings'> | undefined }) {
  const translate = useTranslate();
  if (!check || (!check.errors.length && !check.warnings.length)) return null;
  return (
    <Stack spacing={1}>
      {check.errors.length ? (
        <Alert severity="error" data-testid="check-errors">
          {translate('examhall.exams.checkErrors')}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {check.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {check.warnings.length ? (
        <Alert severity="warning" data-testid="check-warnings">
          {translate('examhall.exams.checkWarnings')}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {check.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
    </Stack>
  );
}
