import { useContext, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import AddIcon from '@mui/icons-material/Add';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { quApi, type ImportIssue, type QuBody, type QuDetail } from '../../../common/api';
import { ApiError, call } from '../../../common/http';
import { useView, ViewsContext } from '../../layout/KeptViews';
import { endpointKey } from '../../providers/endpointQuery';
import { useInvalidateQuestions } from './useInvalidateQuestions';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';
import { QuEditor } from './QuEditor';
import { QuPreview } from './QuPreview';
import { checkQuestion, emptyQuestion, fromQuBody, toSaveBody } from './quModel';
import { RepoPicker } from './RepoPicker';
import { questionsPath } from './paths';

/** Tells the tab bar while the page has unsaved changes (closing the tab asks first). */
function useDirty(dirty: boolean) {
  const views = useContext(ViewsContext);
  const path = useView()?.path;
  useEffect(() => {
    if (!views || !path) return;
    views.setDirty(path, dirty);
    return () => views.setDirty(path, false);
  }, [views, path, dirty]);
}

/** Every problem at once, above the editor, after a refused save (the client's checks or the server's message). */
export function IssueSummary({ issues, serverError }: { issues: ImportIssue[]; serverError?: string }) {
  const translate = useTranslate();
  if (issues.length === 0 && !serverError) return null;
  return (
    <Alert severity="error" role="alert">
      {serverError ? (
        serverError
      ) : (
        <>
          {translate('examhall.quEditor.fixBefore')}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {issues.map((i, k) => (
              <li key={k}>{i.message}</li>
            ))}
          </Box>
        </>
      )}
    </Alert>
  );
}

interface QuFormProps {
  initial: QuBody;
  id?: string;
  repoId: string;
  /** The bank is chosen on the page (new questions); an existing question's bank changes by 移动. */
  pickRepo: boolean;
  title: string;
}

function QuForm({ initial, id, repoId: initialRepo, pickRepo, title }: QuFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const views = useContext(ViewsContext);
  const view = useView();
  const invalidate = useInvalidateQuestions();
  const [q, setQ] = useState<QuBody>(initial);
  const [repoId, setRepoId] = useState(initialRepo);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState('');
  const [repoMissing, setRepoMissing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [preview, setPreview] = useState(false);
  useDirty(dirty);
  const issues = useMemo(() => (submitted ? checkQuestion(q) : []), [submitted, q]);

  const change = (update: (q: QuBody) => QuBody) => {
    setQ(update);
    setDirty(true);
    setServerError('');
  };

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toSaveBody>) => call(quApi.save, body),
    onError: (e) => setServerError(e instanceof ApiError || e instanceof Error ? e.message : String(e)),
  });

  const submit = async (again: boolean) => {
    setSubmitted(true);
    setServerError('');
    const problems = checkQuestion(q);
    setRepoMissing(!repoId);
    if (problems.length > 0 || !repoId) return;
    const saved = await save.mutateAsync(toSaveBody(q, repoId, id)).catch(() => undefined);
    if (!saved) return;
    notify('examhall.quEditor.saved', { type: 'success' });
    setDirty(false);
    await invalidate();
    if (again) {
      setQ(emptyQuestion(q.quType, q.level));
      setSubmitted(false);
      return;
    }
    if (view) views?.close(view.path);
    navigate(questionsPath(repoId));
  };

  const header = pickRepo ? (
    <RepoPicker
      value={repoId}
      onChange={(v) => {
        setRepoId(v);
        setRepoMissing(false);
        setDirty(true);
      }}
      label={translate('examhall.quEditor.repo')}
      required
      error={repoMissing}
      helperText={repoMissing ? translate('examhall.questions.repoRequired') : undefined}
      sx={{ maxWidth: 420 }}
    />
  ) : null;

  return (
    <Box sx={{ pt: 1, pb: 4 }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1.5 }}>
        <Button component={RouterLink} to={questionsPath(repoId)} startIcon={<ArrowBackIcon />}>
          {translate('examhall.quEditor.back')}
        </Button>
        <Typography variant="h6" component="h1" sx={{ fontSize: 18, flex: 1 }}>
          {title}
        </Typography>
        <Button sx={{ display: { md: 'none' } }} startIcon={<VisibilityIcon />} onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
          {translate(preview ? 'examhall.quEditor.hidePreview' : 'examhall.quEditor.showPreview')}
        </Button>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(false); }}>
            <CardContent>
              <Stack spacing={2}>
                <IssueSummary issues={issues} serverError={serverError} />
                <QuEditor value={q} onChange={change} issues={issues} repoId={repoId} header={header} />
                <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
                  <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={save.isPending}>
                    {translate('examhall.common.save')}
                  </Button>
                  {id ? null : (
                    <Button variant="outlined" startIcon={<AddIcon />} disabled={save.isPending} onClick={() => void submit(true)}>
                      {translate('examhall.quEditor.saveAndNew')}
                    </Button>
                  )}
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }} sx={{ display: { xs: preview ? 'block' : 'none', md: 'block' }, order: { xs: -1, md: 0 } }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 72 } }}>
            <QuPreview q={q} />
          </Box>
        </Grid>
      </Grid>
    </Box>
  );
}

/** /repo/qu/create (?repoId=): a new question, of any type, in a bank chosen on the page. */
export function QuCreate() {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const initial = useMemo(() => emptyQuestion(), []);
  return <QuForm initial={initial} repoId={search.get('repoId') ?? ''} pickRepo title={translate('examhall.questions.createTitle')} />;
}

/** /repo/qu/:id: one question, loaded with its answers. */
export function QuEdit() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: endpointKey(quApi.detail, { id }),
    queryFn: () => call(quApi.detail, { id }, { silent: true }),
    enabled: id !== '',
    retry: false,
    // A question opened again starts from what is stored.
    gcTime: 0,
  });
  if (detail.isPending) return <LoadingBlock />;
  if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  return <LoadedEdit detail={detail.data} title={translate('examhall.questions.editTitle')} />;
}

function LoadedEdit({ detail, title }: { detail: QuDetail; title: string }) {
  const initial = useMemo(() => {
    const { id: _id, repoId: _repo, repoTitle: _title, createTime: _c, updateTime: _u, ...body } = detail;
    return fromQuBody(body);
  }, [detail]);
  return <QuForm initial={initial} id={detail.id} repoId={detail.repoId} pickRepo={false} title={`${title} · ${detail.repoTitle}`} />;
}
