import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  FormControlLabel,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { examApi, markApi, type MarkItem } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { call, notify as httpNotify } from '../../../common/http';
import { endpointKey, endpointQuery, useInvalidateEndpoint } from '../../providers/endpointQuery';
import { EmptyState } from '../shared/EmptyState';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';
import { stripTags } from '../../../common/components/question';
import { draftOf, MarkItemCard, scoreError, type MarkDraft } from './MarkItemCard';

const time = (t: number | null) => formatTime(t, 'YYYY-MM-DD HH:mm') || '—';

function Pager({ total, page, size, onPage, onSize }: { total: number; page: number; size: number; onPage: (p: number) => void; onSize: (s: number) => void }) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={size}
      rowsPerPageOptions={[10, 20, 50]}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
      onPageChange={(_e, p) => onPage(p)}
      onRowsPerPageChange={(e) => {
        onSize(Number(e.target.value));
        onPage(0);
      }}
    />
  );
}

/** Every marking list and count: what a saved score or a finished paper changes. */
function useInvalidateMarking() {
  const invalidate = useInvalidateEndpoint();
  return () => invalidate(markApi.examPaging, markApi.paperPaging, markApi.paper, markApi.quList, markApi.quAnswers, examApi.paging);
}

// ---------- 1. exams awaiting marking ----------

function ExamsToMark({ onOpen }: { onOpen: (examId: string) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const q = useQuery({
    queryKey: [...endpointKey(markApi.examPaging), title, page, size],
    queryFn: () => call(markApi.examPaging, { current: page + 1, size, params: { title } }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  let body;
  if (q.isPending) body = <LoadingBlock />;
  else if (q.isError && !q.data) body = <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else if (q.data.records.length === 0) body = <EmptyState message={title ? 'examhall.common.noMatch' : 'examhall.marking.examsEmpty'} />;
  else
    body = (
      <>
        <TableContainer>
          <Table size="small" aria-label={translate('examhall.marking.exams')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('examhall.marking.exam')}</TableCell>
                <TableCell align="right">{translate('examhall.marking.awaiting')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {translate('examhall.marking.papers')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{translate('examhall.marking.endTime')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {q.data.records.map((e) => (
                <TableRow key={e.examId} hover sx={{ cursor: 'pointer' }} onClick={() => onOpen(e.examId)}>
                  <TableCell>{e.title}</TableCell>
                  <TableCell align="right">
                    <Chip size="small" color="warning" label={e.awaitingMarkCount} />
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {e.paperCount}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{time(e.endTime)}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => onOpen(e.examId)}>
                      {translate('examhall.marking.open')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Pager total={q.data.total} page={page} size={size} onPage={setPage} onSize={setSize} />
      </>
    );
  return (
    <>
      <Card sx={{ px: 1.5, py: 1.5, mb: 1.5 }}>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={(e) => {
            e.preventDefault();
            setTitle(text.trim());
            setPage(0);
          }}
        >
          <TextField size="small" label={translate('examhall.marking.search')} value={text} onChange={(e) => setText(e.target.value)} sx={{ width: { xs: '100%', sm: 280 } }} />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
            {translate('examhall.common.search')}
          </Button>
        </Stack>
      </Card>
      <Card>{body}</Card>
    </>
  );
}

// ---------- 2a. papers of an exam awaiting marking ----------

function PapersToMark({ examId, onOpen }: { examId: string; onOpen: (paperId: string) => void }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const q = useQuery({
    queryKey: [...endpointKey(markApi.paperPaging), examId, page, size],
    queryFn: () => call(markApi.paperPaging, { current: page + 1, size, params: { examId } }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (q.isPending) return <LoadingBlock />;
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.records.length === 0) return <EmptyState message="examhall.marking.papersEmpty" />;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={translate('examhall.marking.byPaper')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('examhall.marking.learner')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('resources.exam/paper.fields.deptName')}</TableCell>
              <TableCell>{translate('examhall.marking.handTime')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {q.data.records.map((p) => (
              <TableRow key={p.id} hover sx={{ cursor: 'pointer' }} onClick={() => onOpen(p.id)}>
                <TableCell>
                  {p.realName || p.userName}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {p.userName}
                  </Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{p.deptName || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(p.handTime)}</TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => onOpen(p.id)}>
                    {translate('examhall.marking.markPaper')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pager total={q.data.total} page={page} size={size} onPage={setPage} onSize={setSize} />
    </>
  );
}

// ---------- 3a. one paper's short answers ----------

const key = (i: Pick<MarkItem, 'paperId' | 'quId'>) => `${i.paperId}:${i.quId}`;

/** Drafts per answer, started from what the server holds and kept while the list reloads. */
function useDrafts(items: MarkItem[] | undefined) {
  const [drafts, setDrafts] = useState<Record<string, MarkDraft>>({});
  useEffect(() => {
    if (!items) return;
    setDrafts((d) => {
      const next = { ...d };
      for (const i of items) if (!(key(i) in next)) next[key(i)] = draftOf(i);
      return next;
    });
  }, [items]);
  const get = (i: MarkItem) => drafts[key(i)] ?? draftOf(i);
  const set = (i: MarkItem, d: MarkDraft) => setDrafts((all) => ({ ...all, [key(i)]: d }));
  return { get, set };
}

export function PaperMarker({ paperId, onDone }: { paperId: string; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const invalidate = useInvalidateMarking();
  const q = useQuery(endpointQuery(markApi.paper, { id: paperId }));
  const drafts = useDrafts(q.data?.items);
  const [showErrors, setShowErrors] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const finish = useMutation({
    mutationFn: async () => {
      const items = q.data?.items ?? [];
      // Save every score that differs from the stored one, then finish (the server refuses unscored answers).
      for (const item of items) {
        const d = drafts.get(item);
        if (item.markScore === Number(d.score) && item.comment === d.comment) continue;
        await call(markApi.score, { paperId: item.paperId, quId: item.quId, score: Number(d.score), comment: d.comment }, { silent: true });
      }
      return call(markApi.finish, { id: paperId }, { silent: true });
    },
    onSuccess: () => {
      notify('examhall.marking.finished', { type: 'success' });
      void invalidate();
      onDone();
    },
    onError: (e: Error) => {
      // The server's refusal in its own words (a score out of bounds, a paper already finished…).
      httpNotify.error(e.message);
      void invalidate();
    },
    onSettled: () => setConfirming(false),
  });
  if (q.isPending) return <LoadingBlock />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const { paper, items } = q.data;
  const invalid = items.some((i) => scoreError(drafts.get(i).score, i.score));
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} alignItems="baseline" flexWrap="wrap" useFlexGap>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
          {paper.realName || paper.userName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {paper.deptName} · {time(paper.handTime)}
        </Typography>
      </Stack>
      {items.length === 0 ? <Alert severity="info">{translate('examhall.marking.nothingToMark')}</Alert> : null}
      {items.map((item, i) => (
        <MarkItemCard key={key(item)} item={item} index={i} draft={drafts.get(item)} onChange={(d) => drafts.set(item, d)} showErrors={showErrors} />
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
        <Button
          variant="contained"
          startIcon={<DoneAllIcon />}
          disabled={finish.isPending}
          onClick={() => {
            setShowErrors(true);
            if (!invalid) setConfirming(true);
          }}
        >
          {translate('examhall.marking.finish')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate('examhall.marking.finishHint')}
        </Typography>
      </Stack>
      <Confirm
        isOpen={confirming}
        loading={finish.isPending}
        title="examhall.marking.finish"
        content="examhall.marking.finishConfirm"
        confirm="examhall.common.confirm"
        onConfirm={() => finish.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

// ---------- 2b/3b. by question ----------

function QuestionMarker({ examId, quId, onQu }: { examId: string; quId: string; onQu: (quId: string) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const invalidate = useInvalidateMarking();
  const qus = useQuery(endpointQuery(markApi.quList, { examId }));
  const [pendingOnly, setPendingOnly] = useState(true);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const current = quId || qus.data?.[0]?.quId || '';
  const answers = useQuery({
    queryKey: [...endpointKey(markApi.quAnswers), examId, current, pendingOnly, page, size],
    queryFn: () => call(markApi.quAnswers, { current: page + 1, size, params: { examId, quId: current, pendingOnly } }, { silent: true }),
    enabled: current !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
  const drafts = useDrafts(answers.data?.records);
  const [saving, setSaving] = useState<string | null>(null);
  const [tried, setTried] = useState<Set<string>>(new Set());
  const save = async (item: MarkItem) => {
    setTried((t) => new Set(t).add(key(item)));
    const d = drafts.get(item);
    if (scoreError(d.score, item.score)) return;
    setSaving(key(item));
    try {
      // Not silent: a refusal is shown in the server's words.
      await call(markApi.score, { paperId: item.paperId, quId: item.quId, score: Number(d.score), comment: d.comment });
      notify('examhall.marking.saved', { type: 'success' });
      await invalidate();
    } catch {
      // shown by the http client
    } finally {
      setSaving(null);
    }
  };

  if (qus.isPending) return <LoadingBlock />;
  if (qus.isError) return <LoadError error={qus.error} onRetry={() => void qus.refetch()} retrying={qus.isFetching} />;
  if (qus.data.length === 0) return <EmptyState message="examhall.marking.questionsEmpty" />;
  let list;
  if (answers.isPending) list = <LoadingBlock />;
  else if (answers.isError && !answers.data) list = <LoadError error={answers.error} onRetry={() => void answers.refetch()} retrying={answers.isFetching} />;
  else if (answers.data.records.length === 0) list = <EmptyState message="examhall.marking.answersEmpty" />;
  else
    list = (
      <Stack spacing={1.5}>
        {answers.data.records.map((item, i) => (
          <MarkItemCard
            key={key(item)}
            item={item}
            index={page * size + i}
            heading={item.realName}
            draft={drafts.get(item)}
            onChange={(d) => drafts.set(item, d)}
            showErrors={tried.has(key(item))}
            onSave={() => void save(item)}
            saving={saving === key(item)}
          />
        ))}
        <Pager total={answers.data.total} page={page} size={size} onPage={setPage} onSize={setSize} />
      </Stack>
    );
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems="flex-start">
      <Card variant="outlined" sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          {translate('examhall.marking.questions')}
        </Typography>
        <List dense aria-label={translate('examhall.marking.questions')} sx={{ maxHeight: { md: 520 }, overflowY: 'auto' }}>
          {qus.data.map((qu, i) => (
            <ListItemButton
              key={qu.quId}
              selected={qu.quId === current}
              onClick={() => {
                setPage(0);
                onQu(qu.quId);
              }}
            >
              <ListItemText
                primary={`${i + 1}. ${stripTags(qu.content).trim().slice(0, 60)}`}
                secondary={translate('examhall.marking.pending', { pending: qu.pending, total: qu.total })}
                slotProps={{ primary: { sx: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } } }}
              />
            </ListItemButton>
          ))}
        </List>
      </Card>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <FormControlLabel
          control={
            <Switch
              checked={pendingOnly}
              onChange={(e) => {
                setPendingOnly(e.target.checked);
                setPage(0);
              }}
            />
          }
          label={translate('examhall.marking.pendingOnly')}
          sx={{ mb: 1 }}
        />
        {list}
      </Box>
    </Stack>
  );
}

// ---------- the page ----------

/**
 * /exam/mark: exams awaiting marking → (by paper) the papers awaiting → one paper's short answers
 * beside the reference answers, scored and finished; or (by question) every learner's answer to
 * one question in turn. The URL holds where one is (?examId=&mode=qu&paperId=&quId=).
 */
export function MarkPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const invalidate = useInvalidateMarking();
  const [search, setSearch] = useSearchParams();
  const examId = search.get('examId') ?? '';
  const paperId = search.get('paperId') ?? '';
  const quId = search.get('quId') ?? '';
  const mode = search.get('mode') === 'qu' ? 'qu' : 'paper';
  const go = (next: Record<string, string>) => setSearch(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  const exams = useQuery({ ...endpointQuery(markApi.examPaging, { current: 1, size: 200, params: {} }), enabled: examId !== '' });
  const exam = exams.data?.records.find((e) => e.examId === examId);
  const [confirmingBatch, setConfirmingBatch] = useState(false);
  const finishMarked = useMutation({
    mutationFn: () => call(markApi.finishMarked, { examId }),
    onSuccess: (n) => {
      notify('examhall.marking.finishMarkedDone', { type: 'success', messageArgs: { n } });
      void invalidate();
    },
    onError: () => undefined,
    onSettled: () => setConfirmingBatch(false),
  });
  // A batch is finished for good (scores recorded, learners told): asked first, with how many, as a single paper is.
  const askFinishMarked = () => {
    if (!exam) return;
    if (exam.markedCount === 0) notify('examhall.marking.finishMarkedNone', { type: 'info' });
    else setConfirmingBatch(true);
  };

  if (!examId)
    return (
      <Box sx={{ pt: 1 }}>
        <ExamsToMark onOpen={(id) => go({ examId: id })} />
      </Box>
    );
  return (
    <Box sx={{ pt: 1 }}>
      <Card sx={{ px: { xs: 1.5, sm: 2 }, py: 1.5, mb: 1.5 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
          <Button startIcon={<ArrowBackIcon />} onClick={() => (paperId ? go({ examId }) : go({}))} sx={{ alignSelf: 'flex-start' }}>
            {translate(paperId ? 'examhall.marking.backToPapers' : 'examhall.marking.backToExams')}
          </Button>
          <Typography variant="h6" component="h1" sx={{ fontSize: 17, flex: 1 }}>
            {exam?.title ?? ''}
            {exam ? (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {translate('examhall.marking.awaiting')} {exam.awaitingMarkCount}
              </Typography>
            ) : null}
          </Typography>
          <Button variant="outlined" size="small" startIcon={<DoneAllIcon />} disabled={finishMarked.isPending || !exam} onClick={askFinishMarked}>
            {translate('examhall.marking.finishMarked')}
          </Button>
        </Stack>
        {paperId ? null : (
          <Tabs value={mode} onChange={(_e, v: string) => go({ examId, mode: v === 'qu' ? 'qu' : '' })} sx={{ mt: 1 }}>
            <Tab value="paper" label={translate('examhall.marking.byPaper')} />
            <Tab value="qu" label={translate('examhall.marking.byQuestion')} />
          </Tabs>
        )}
      </Card>
      <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
        {paperId ? (
          <PaperMarker paperId={paperId} onDone={() => go({ examId })} />
        ) : mode === 'qu' ? (
          <QuestionMarker examId={examId} quId={quId} onQu={(id) => go({ examId, mode: 'qu', quId: id })} />
        ) : (
          <PapersToMark examId={examId} onOpen={(id) => go({ examId, paperId: id })} />
        )}
      </Card>
      <Confirm
        isOpen={confirmingBatch}
        loading={finishMarked.isPending}
        title="examhall.marking.finishMarked"
        content="examhall.marking.finishMarkedConfirm"
        translateOptions={{ n: exam?.markedCount ?? 0 }}
        confirm="examhall.common.confirm"
        onConfirm={() => finishMarked.mutate()}
        onClose={() => setConfirmingBatch(false)}
      />
      {exams.isError ? (
        <Link component="button" onClick={() => void exams.refetch()} sx={{ mt: 1 }}>
          {translate('examhall.common.retry')}
        </Link>
      ) : null}
    </Box>
  );
}
