import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  LinearProgress,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useMutation } from '@tanstack/react-query';
import { CanAccess, useTranslate } from 'react-admin';
import { quApi, type ImportFormat, type ImportIssue, type ImportItem, type ImportParseResult, type QuBody } from '../../../common/api';
import { QuLevel, QuType, type CodeOf } from '../../../common/codes';
import { call, download, upload } from '../../../common/http';
import { useInvalidateQuestions } from './useInvalidateQuestions';
import { useCodeChoices, useCodeLabel } from '../shared/labels';
import { QuEditor } from './QuEditor';
import { IssueSummary } from './QuFormPage';
import { QuPreview } from './QuPreview';
import { checkQuestion, fromQuBody, toQuBody } from './quModel';
import { stemText } from '../../../common/richText';
import { questionsPath } from './paths';
import { RepoPicker } from './RepoPicker';
import { HeavyJobNote, useHeavyJob } from '../shared/heavyJob';

const RESOURCE = 'repo/qu';
const FORMATS: ImportFormat[] = ['xlsx', 'docx', 'text', 'gift', 'xml'];
/** Formats sent as a file; the others are text (typed, pasted, or read from a file here). */
const FILE_FORMATS = new Set<ImportFormat>(['xlsx', 'docx']);
/** What each format's file picker offers; text files of any of the three, since the server reads their format from the content. */
const EXTENSIONS: Record<ImportFormat, string> = { xlsx: '.xlsx', docx: '.docx', text: '.txt,.gift,.xml', gift: '.gift,.txt,.xml', xml: '.xml,.txt,.gift' };
/** Formats a text import can be read as again from the preview. */
const TEXT_FORMATS: ImportFormat[] = ['text', 'gift', 'xml'];

/** One previewed question: the parsed item, its question as now fixed, and its current problems. */
export interface Draft {
  key: number;
  item: ImportItem;
  question: QuBody;
  errors: ImportIssue[];
}

export const toDrafts = (items: ImportItem[]): Draft[] => items.map((item, key) => ({ key, item, question: item.question, errors: item.errors }));

/** How a problem's field is named for people: 题干, 选项B, 第2个填空, 第1小题 … */
export function fieldLabel(field: string): string {
  if (!field) return '整题';
  const parts = field.split('.');
  const [head, index] = parts;
  const n = Number(index);
  const has = index !== undefined && Number.isInteger(n);
  switch (head) {
    case 'content':
      return '题干';
    case 'analysis':
      return '解析';
    case 'tags':
      return '知识点';
    case 'level':
      return '难度';
    case 'quType':
      return '题型';
    case 'refAnswer':
      return '参考答案';
    case 'answerList':
      return has ? `选项${String.fromCharCode(65 + n)}` : '选项';
    case 'blanks':
      return has ? `第${n + 1}个填空` : '填空';
    case 'leftList':
      return has ? `左侧第${n + 1}项` : '左侧项';
    case 'rightList':
      return has ? `右侧第${n + 1}项` : '右侧项';
    case 'subList':
      return has ? `第${n + 1}小题` : '小题';
    default:
      return field;
  }
}

/** The preview table: every item with its problems and duplicate flag; fix opens the editor, drop removes it. */
/** An issue's message, prefixed with the field it is about unless the message names it already ("第2个填空没有答案"). */
function IssueText({ issue }: { issue: ImportIssue }) {
  const label = fieldLabel(issue.field);
  return (
    <>
      {label && !issue.message.startsWith(label) && (
        <>
          <b>{label}</b>：
        </>
      )}
      <span>{issue.message}</span>
    </>
  );
}

/** What reading changed or dropped: amber, each with a warning sign, never blocking. */
export function WarningList({ warnings }: { warnings: ImportIssue[] }) {
  const translate = useTranslate();
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={translate('examhall.quImport.warning')}>
      {warnings.map((w, i) => (
        <Typography component="li" variant="body2" key={i} sx={{ display: 'flex', gap: 0.5, color: 'warning.dark' }}>
          <WarningAmberIcon sx={{ fontSize: 16, mt: '2px', flexShrink: 0 }} titleAccess={translate('examhall.quImport.warning')} />
          <span>
            <IssueText issue={w} />
          </span>
        </Typography>
      ))}
    </Stack>
  );
}

type PreviewFilter = 'all' | 'errors' | 'warnings';

export function ImportPreview({ drafts, onFix, onDrop }: { drafts: Draft[]; onFix: (d: Draft) => void; onDrop: (d: Draft) => void }) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const [filter, setFilter] = useState<PreviewFilter>('all');
  const warnedOf = (d: Draft) => d.item.warnings.length > 0;
  const shown = filter === 'errors' ? drafts.filter((d) => d.errors.length > 0) : filter === 'warnings' ? drafts.filter(warnedOf) : drafts;
  const bad = drafts.filter((d) => d.errors.length > 0).length;
  const dup = drafts.filter((d) => d.item.duplicate).length;
  const warned = drafts.filter(warnedOf).length;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const problems = (d: Draft) => (
    <Stack spacing={0.75} alignItems="flex-start">
      {d.errors.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
          {d.errors.map((e, i) => (
            <Typography component="li" variant="body2" key={i}>
              <IssueText issue={e} />
            </Typography>
          ))}
        </Box>
      ) : (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<CheckCircleIcon />}
          label={translate(warnedOf(d) ? 'examhall.quImport.okWithWarnings' : 'examhall.quImport.ok')}
        />
      )}
      {warnedOf(d) ? <WarningList warnings={d.item.warnings} /> : null}
    </Stack>
  );
  const filterSwitch = (value: Exclude<PreviewFilter, 'all'>, label: string) => (
    <FormControlLabel
      sx={{ mr: 0 }}
      control={<Switch size="small" checked={filter === value} onChange={(e) => setFilter(e.target.checked ? value : 'all')} />}
      label={translate(label)}
    />
  );
  const actions = (d: Draft) => (
    <>
      <Button size="small" startIcon={<EditIcon />} onClick={() => onFix(d)} aria-label={`${translate('examhall.quImport.fix')} ${d.item.index}`}>
        {translate('examhall.quImport.fix')}
      </Button>
      <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onDrop(d)} aria-label={`${translate('examhall.quImport.drop')} ${d.item.index}`}>
        {translate('examhall.quImport.drop')}
      </Button>
    </>
  );
  const typeName = (d: Draft) => (QuType.has(d.question.quType) ? codeLabel(QuType.items, d.question.quType) : '—');
  const stem = (d: Draft) => (
    <>
      <Typography variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {stemText(d.question.content) || '—'}
      </Typography>
      {d.item.duplicate ? <Chip size="small" color="warning" variant="outlined" label={translate('examhall.quImport.duplicate')} sx={{ mt: 0.5 }} /> : null}
    </>
  );
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mb: 1 }}>
        <Typography variant="body2" sx={{ flex: 1 }} role="status">
          {translate('examhall.quImport.summary', { total: drafts.length, ok: drafts.length - bad, bad, dup, warned })}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
          {filterSwitch('errors', 'examhall.quImport.onlyErrors')}
          {warned > 0 ? filterSwitch('warnings', 'examhall.quImport.onlyWarnings') : null}
        </Stack>
      </Stack>
      {warned > 0 ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -0.5, mb: 1 }}>
          {translate('examhall.quImport.warningsHelp')}
        </Typography>
      ) : null}
      {phone ? (
        <Stack spacing={1}>
          {shown.map((d) => (
            <Paper
              key={d.key}
              variant="outlined"
              data-testid={`import-row-${d.item.index}`}
              sx={{ p: 1.5, borderColor: d.errors.length ? 'error.light' : warnedOf(d) ? 'warning.light' : undefined }}
            >
              <Typography variant="caption" color="text.secondary" component="div">
                #{d.item.index} · {d.item.source} · {typeName(d)}
              </Typography>
              <Box sx={{ my: 0.5 }}>{stem(d)}</Box>
              {problems(d)}
              <Stack direction="row" justifyContent="flex-end" sx={{ mt: 0.5 }}>
                {actions(d)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer sx={{ maxHeight: { md: 560 } }}>
          <Table size="small" stickyHeader aria-label={translate('examhall.quImport.step2')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 56 }}>#</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, width: 90 }}>{translate('examhall.quImport.source')}</TableCell>
                <TableCell sx={{ width: 80 }}>{translate('resources.repo/qu.fields.quType')}</TableCell>
                <TableCell>{translate('examhall.quImport.stem')}</TableCell>
                <TableCell>{translate('examhall.quImport.problems')}</TableCell>
                <TableCell align="right">{translate('examhall.common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((d) => (
                <TableRow
                  key={d.key}
                  data-testid={`import-row-${d.item.index}`}
                  sx={d.errors.length ? { bgcolor: 'rgba(211, 47, 47, 0.05)' } : warnedOf(d) ? { bgcolor: 'rgba(237, 108, 2, 0.04)' } : undefined}
                >
                  <TableCell>{d.item.index}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, minWidth: 136, maxWidth: 200, wordBreak: 'break-word' }}>{d.item.source}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{typeName(d)}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{stem(d)}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>{problems(d)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(d)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** The editor on one previewed question; 应用修改 only once the client's checks pass. */
function FixDialog({ draft, repoId, onClose, onApply }: { draft: Draft; repoId: string; onClose: () => void; onApply: (q: QuBody) => void }) {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [q, setQ] = useState<QuBody>(() => fromQuBody(QuType.has(draft.question.quType) ? draft.question : { ...draft.question, quType: QuType.SHORT }));
  const [tried, setTried] = useState(false);
  const issues = tried ? checkQuestion(q) : draft.errors;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone} aria-labelledby="qu-fix-title">
      <DialogTitle id="qu-fix-title">{translate('examhall.quImport.fixTitle', { n: draft.item.index, source: draft.item.source })}</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={2}>
              <IssueSummary issues={issues} />
              <QuEditor value={q} onChange={setQ} issues={issues} repoId={repoId} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <QuPreview q={q} />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('examhall.common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            setTried(true);
            if (checkQuestion(q).length === 0) {
              // A level the file did not name stays unnamed, so the default level still applies.
              const keepUnnamed = draft.question.level === undefined && q.level === QuLevel.ORDINARY;
              const body = toQuBody(q);
              onApply(keepUnnamed ? { ...body, level: undefined } : body);
            }
          }}
        >
          {translate('examhall.quImport.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Reads a chosen text file into the text box (GIFT, Moodle XML, plain text). */
async function readText(file: File): Promise<string> {
  return file.text();
}

/** /repo/qu/import (?repoId=): choose bank and format → upload or paste → preview, fix or drop → commit → report. */
export function QuImportPage() {
  const translate = useTranslate();
  const invalidate = useInvalidateQuestions();
  const levelChoices = useCodeChoices(QuLevel.items);
  const [search] = useSearchParams();
  const [repoId, setRepoId] = useState(search.get('repoId') ?? '');
  const [format, setFormat] = useState<ImportFormat>('xlsx');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [level, setLevel] = useState<CodeOf<typeof QuLevel>>(QuLevel.ORDINARY);
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  /** How the preview was read: the format, and the one the name or choice said when the content showed another. */
  const [read, setRead] = useState<{ format: ImportFormat; named?: ImportFormat; fromText: boolean } | null>(null);
  const [fixing, setFixing] = useState<Draft | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  /** The report: the questions saved with warnings, as the preview showed them. */
  const [warnedReport, setWarnedReport] = useState<{ count: number; drafts: Draft[] }>({ count: 0, drafts: [] });
  const [problem, setProblem] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textFileRef = useRef<HTMLInputElement>(null);
  const asFile = FILE_FORMATS.has(format);

  /** Reads the import: the first time the server may tell the format from the content; `as` reads it exactly as that format. */
  const parse = useMutation({
    mutationFn: async (as?: ImportFormat): Promise<ImportParseResult> => {
      const fields: Record<string, string> = { ...(repoId ? { repoId } : {}), ...(as ? { format: as } : {}) };
      if (asFile && file) {
        setProgress(0);
        try {
          return await upload(parseJob.named(quApi.importParse), file, fields, { onProgress: (f) => setProgress(Math.round(f * 100)) });
        } finally {
          setProgress(null);
        }
      }
      const textFormat = (as ?? format) as 'text' | 'gift' | 'xml';
      return call(parseJob.named(quApi.importParse), { format: textFormat, text, detect: !as, ...(repoId ? { repoId } : {}) });
    },
    onSuccess: (result) => {
      setDrafts(toDrafts(result.items));
      setRead({ format: result.format, named: result.namedFormat, fromText: !asFile });
      // The chooser follows what was read, so 重新选择 starts from it.
      if (!asFile && TEXT_FORMATS.includes(result.format)) setFormat(result.format);
    },
  });

  const commit = useMutation({
    mutationFn: (list: Draft[]) =>
      call(commitJob.named(quApi.importCommit), { repoId, level, items: list.map((d) => d.question), warnings: list.map((d) => d.item.warnings.length) }),
    onSuccess: (result, list) => {
      setCreated(result.created);
      setWarnedReport({ count: result.warned, drafts: list.filter((d) => d.item.warnings.length > 0) });
      void invalidate();
    },
  });
  const parseJob = useHeavyJob(parse.isPending);
  const commitJob = useHeavyJob(commit.isPending);

  const start = () => {
    if (!repoId) return setProblem(translate('examhall.quImport.noRepo'));
    if (asFile && !file) return setProblem(translate('examhall.quImport.noFile'));
    if (asFile && file && !file.name.toLowerCase().endsWith(`.${format}`)) return setProblem(translate('examhall.quImport.wrongFile', { ext: `.${format}` }));
    if (!asFile && !text.trim()) return setProblem(translate('examhall.quImport.noText'));
    setProblem('');
    parse.mutate();
  };

  const blocked = useMemo(() => (drafts ?? []).filter((d) => d.errors.length > 0).length, [drafts]);
  const ready = (drafts ?? []).length - blocked;
  const step = created !== null ? 2 : drafts ? 1 : 0;
  const restart = () => {
    setDrafts(null);
    setRead(null);
    setCreated(null);
    setWarnedReport({ count: 0, drafts: [] });
    setFile(null);
    setText('');
  };

  return (
    <Box sx={{ pt: 1, pb: 4 }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1.5 }}>
        <Button component={RouterLink} to={questionsPath(repoId)} startIcon={<ArrowBackIcon />}>
          {translate('examhall.quEditor.back')}
        </Button>
        <Typography variant="h6" component="h1" sx={{ fontSize: 18 }}>
          {translate('examhall.quImport.title')}
        </Typography>
      </Stack>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 2 }}>
        {['step1', 'step2', 'step3'].map((s) => (
          <Step key={s}>
            <StepLabel>{translate(`examhall.quImport.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {step === 0 ? (
        <Card>
          <CardContent>
            <Stack spacing={2.5} sx={{ maxWidth: 860 }}>
              <RepoPicker value={repoId} onChange={setRepoId} label={translate('examhall.quImport.repo')} required size="medium" sx={{ maxWidth: 420 }} error={problem !== '' && !repoId} />
              <Box>
                <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
                  {translate('examhall.quImport.format')}
                </Typography>
                <RadioGroup
                  row
                  value={format}
                  aria-label={translate('examhall.quImport.format')}
                  onChange={(e) => {
                    setFormat(e.target.value as ImportFormat);
                    setFile(null);
                    setProblem('');
                  }}
                >
                  {FORMATS.map((f) => (
                    <FormControlLabel key={f} value={f} control={<Radio />} label={translate(`examhall.quImport.formats.${f}`)} />
                  ))}
                </RadioGroup>
              </Box>
              {asFile ? (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
                  <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileRef.current?.click()}>
                    {translate('examhall.quImport.pickFile')}
                  </Button>
                  <input
                    ref={fileRef}
                    type="file"
                    hidden
                    accept={EXTENSIONS[format]}
                    data-testid="import-file"
                    onChange={(e) => {
                      setFile(e.target.files?.[0] ?? null);
                      setProblem('');
                      e.target.value = '';
                    }}
                  />
                  <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
                    {file ? translate('examhall.quImport.picked', { name: file.name }) : translate('examhall.quImport.noFile')}
                  </Typography>
                  {format === 'xlsx' ? (
                    <Button startIcon={<DownloadIcon />} onClick={() => void download(quApi.importTemplate, {}, translate('examhall.quImport.templateName')).catch(() => undefined)}>
                      {translate('examhall.quImport.template')}
                    </Button>
                  ) : null}
                </Stack>
              ) : (
                <Box>
                  <TextField
                    multiline
                    minRows={10}
                    maxRows={24}
                    fullWidth
                    label={translate('examhall.quImport.paste')}
                    helperText={format === 'text' ? translate('examhall.quImport.pasteHelper') : undefined}
                    value={text}
                    onChange={(e) => {
                      setText(e.target.value);
                      setProblem('');
                    }}
                    slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
                  />
                  <Button size="small" startIcon={<UploadFileIcon />} sx={{ mt: 1 }} onClick={() => textFileRef.current?.click()}>
                    {translate('examhall.quImport.pickFile')}
                  </Button>
                  <input
                    ref={textFileRef}
                    type="file"
                    hidden
                    accept={EXTENSIONS[format]}
                    data-testid="import-text-file"
                    onChange={(e) => {
                      const f = e.target.files?.[0];
                      e.target.value = '';
                      if (f) void readText(f).then(setText);
                    }}
                  />
                </Box>
              )}
              {problem ? <Alert severity="error">{problem}</Alert> : null}
              {progress !== null ? <LinearProgress variant="determinate" value={progress} aria-label={translate('examhall.quImport.parsing')} /> : parse.isPending ? <LinearProgress /> : null}
              {progress === null ? <HeavyJobNote progress={parseJob.progress} /> : null}
              <Box>
                <CanAccess resource={RESOURCE} action="import">
                  <Button variant="contained" onClick={start} disabled={parse.isPending}>
                    {translate(parse.isPending ? 'examhall.quImport.parsing' : 'examhall.quImport.parse')}
                  </Button>
                </CanAccess>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      ) : null}

      {step === 1 && drafts ? (
        <Card>
          <CardContent>
            {read ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }} sx={{ mb: 2 }} data-testid="import-read-format">
                <Alert severity={read.named ? 'info' : 'success'} sx={{ flex: 1, minWidth: 0, py: 0.25 }}>
                  {read.named
                    ? translate('examhall.quImport.readAsDetected', {
                        format: translate(`examhall.quImport.formats.${read.format}`),
                        named: translate(`examhall.quImport.formats.${read.named}`),
                      })
                    : translate('examhall.quImport.readAs', { format: translate(`examhall.quImport.formats.${read.format}`) })}
                </Alert>
                {read.fromText ? (
                  <TextField
                    select
                    size="small"
                    label={translate('examhall.quImport.switchFormat')}
                    value=""
                    disabled={parse.isPending}
                    onChange={(e) => parse.mutate(e.target.value as ImportFormat)}
                    sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}
                  >
                    {TEXT_FORMATS.filter((f) => f !== read.format).map((f) => (
                      <MenuItem key={f} value={f}>
                        {translate(`examhall.quImport.formats.${f}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : null}
              </Stack>
            ) : null}
            {parse.isPending ? <LinearProgress sx={{ mb: 1 }} /> : null}
            {parse.isPending || commit.isPending ? (
              <Box sx={{ mb: 1 }}>
                <HeavyJobNote progress={parse.isPending ? parseJob.progress : commitJob.progress} />
              </Box>
            ) : null}
            {drafts.length === 0 ? (
              <Alert severity="info">{translate(parse.data?.items.length ? 'examhall.quImport.noneLeft' : 'examhall.quImport.empty')}</Alert>
            ) : (
              <ImportPreview
                drafts={drafts}
                onFix={setFixing}
                onDrop={(d) => setDrafts((list) => (list ?? []).filter((x) => x.key !== d.key))}
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }} sx={{ mt: 2 }} useFlexGap flexWrap="wrap">
              <TextField select size="small" label={translate('examhall.quImport.level')} value={level} onChange={(e) => setLevel(QuLevel.has(Number(e.target.value)) ? (Number(e.target.value) as CodeOf<typeof QuLevel>) : QuLevel.ORDINARY)} sx={{ width: 200 }}>
                {levelChoices.map((l) => (
                  <MenuItem key={l.id} value={l.id}>
                    {l.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                disabled={blocked > 0 || ready === 0 || commit.isPending}
                onClick={() => commit.mutate(drafts ?? [])}
              >
                {translate('examhall.quImport.commit', { smart_count: ready })}
              </Button>
              <Button onClick={restart}>{translate('examhall.quImport.restart')}</Button>
              {blocked > 0 ? (
                <Typography variant="body2" color="error" role="status">
                  {translate('examhall.quImport.commitBlocked', { smart_count: blocked })}
                </Typography>
              ) : null}
            </Stack>
          </CardContent>
        </Card>
      ) : null}

      {step === 2 ? (
        <Card>
          <CardContent>
            <Stack spacing={2} alignItems="flex-start">
              <Alert severity="success" role="status">
                {translate('examhall.quImport.done', { smart_count: created ?? 0 })}
                {warnedReport.count > 0 ? translate('examhall.quImport.doneWarned', { smart_count: warnedReport.count }) : ''}
              </Alert>
              {warnedReport.drafts.length > 0 ? (
                <Box sx={{ width: '100%' }}>
                  <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                    {translate('examhall.quImport.warnedList')}
                  </Typography>
                  <Stack spacing={1} sx={{ maxHeight: 480, overflow: 'auto' }} data-testid="import-report-warnings">
                    {warnedReport.drafts.map((d) => (
                      <Paper key={d.key} variant="outlined" sx={{ p: 1.5, borderColor: 'warning.light' }}>
                        <Typography variant="caption" color="text.secondary" component="div">
                          #{d.item.index} · {d.item.source}
                        </Typography>
                        <Typography variant="body2" sx={{ my: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                          {stemText(d.question.content) || '—'}
                        </Typography>
                        <WarningList warnings={d.item.warnings} />
                      </Paper>
                    ))}
                  </Stack>
                </Box>
              ) : null}
              <Stack direction="row" spacing={1}>
                <Button variant="contained" component={RouterLink} to={questionsPath(repoId)}>
                  {translate('examhall.quImport.viewQuestions')}
                </Button>
                <Button variant="outlined" onClick={restart}>
                  {translate('examhall.quImport.again')}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ) : null}

      {fixing ? (
        <FixDialog
          draft={fixing}
          repoId={repoId}
          onClose={() => setFixing(null)}
          onApply={(question) => {
            setDrafts((list) => (list ?? []).map((d) => (d.key === fixing.key ? { ...d, question, errors: [] } : d)));
            setFixing(null);
          }}
        />
      ) : null}
    </Box>
  );
}
