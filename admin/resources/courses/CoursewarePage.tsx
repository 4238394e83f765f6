import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ReplayIcon from '@mui/icons-material/Replay';
import UploadIcon from '@mui/icons-material/Upload';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BooleanInput, Confirm, maxLength, NumberInput, required, TextInput, useNotify, useTranslate } from 'react-admin';
import {
  COURSE_FILE_ACCEPT,
  ConvertState,
  CourseFileKind,
  courseApi,
  courseFileApi,
  type CourseChapterRecord,
  type CourseFileRecord,
} from '../../../common/api';
import { call, upload } from '../../../common/http';
import { endpointQuery, useInvalidateEndpoint } from '../../providers/endpointQuery';
import { useCodeLabel } from '../shared/labels';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';
import { RichTextInput } from '../shared/RichTextInput';
import { SaveDialog } from '../shared/SaveDialog';

const RESOURCE = 'course/list';

const duration = (s: number) => (s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : `0:${String(s).padStart(2, '0')}`);

type Dialog =
  | { kind: 'chapter'; chapter?: CourseChapterRecord }
  | { kind: 'file'; file: CourseFileRecord }
  | { kind: 'lesson'; chapterId: string }
  | { kind: 'deleteChapter'; chapter: CourseChapterRecord }
  | { kind: 'deleteFile'; file: CourseFileRecord };

/** Upload with progress into one chapter ('' = not in a chapter). */
function UploadButton({ courseId, chapterId, onDone }: { courseId: string; chapterId: string; onDone: () => void }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    const fields: Record<string, string> = { courseId, chapterId, title: file.name.replace(/\.[^.]+$/, '').slice(0, 128) };
    // The browser reads a media file's length: the server uses it when it cannot read it itself.
    if (file.type.startsWith('video/') || file.type.startsWith('audio/')) {
      const seconds = await mediaSeconds(file);
      if (seconds > 0) fields.durationSec = seconds.toFixed(1);
    }
    try {
      await upload(courseFileApi.upload, file, fields, { onProgress: (f) => setProgress(Math.round(f * 100)) });
      onDone();
    } catch {
      // Shown by the http client.
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <input ref={input} type="file" hidden accept={COURSE_FILE_ACCEPT} onChange={(e) => void pick(e.target.files?.[0])} data-testid={`upload-${chapterId || 'loose'}`} />
      <Button size="small" variant="outlined" startIcon={<UploadIcon />} disabled={progress !== null} onClick={() => input.current?.click()}>
        {progress === null ? translate('examhall.courseware.upload') : translate('examhall.courseware.uploading', { percent: progress })}
      </Button>
      {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ width: 120 }} aria-label={translate('examhall.courseware.uploading', { percent: progress })} />}
    </Stack>
  );
}

function mediaSeconds(file: File): Promise<number> {
  return new Promise((resolve) => {
    const el = document.createElement(file.type.startsWith('video/') ? 'video' : 'audio');
    const url = URL.createObjectURL(file);
    const done = (v: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(v) ? v : 0);
    };
    el.preload = 'metadata';
    el.onloadedmetadata = () => done(el.duration);
    el.onerror = () => done(0);
    setTimeout(() => done(0), 5000);
    el.src = url;
  });
}

function ConvChip({ file }: { file: CourseFileRecord }) {
  const codeLabel = useCodeLabel();
  if (file.convState === ConvertState.NONE) return null;
  const color = file.convState === ConvertState.DONE ? 'success' : file.convState === ConvertState.FAILED || file.convState === ConvertState.UNAVAILABLE ? 'warning' : 'info';
  return (
    <Tooltip title={file.convError || ''}>
      <Chip size="small" variant="outlined" color={color} label={codeLabel(ConvertState.items, file.convState)} />
    </Tooltip>
  );
}

function FileRows({ files, busy, onMove, onEdit, onDelete, onConvert }: {
  files: CourseFileRecord[];
  busy: boolean;
  onMove: (f: CourseFileRecord, sort: -1 | 1) => void;
  onEdit: (f: CourseFileRecord) => void;
  onDelete: (f: CourseFileRecord) => void;
  onConvert: (f: CourseFileRecord) => void;
}) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  if (files.length === 0)
    return (
      <TableRow>
        <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
          {translate('examhall.courseware.empty')}
        </TableCell>
      </TableRow>
    );
  return (
    <>
      {files.map((f, i) => (
        <TableRow key={f.id} hover aria-label={f.title}>
          <TableCell sx={{ pl: 4 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {f.title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[f.fileName, f.durationSec ? translate('examhall.courseware.duration', { value: duration(f.durationSec) }) : '', f.pageCount ? translate('examhall.courseware.pages', { smart_count: f.pageCount }) : '']
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <Stack direction="row" spacing={0.5} alignItems="center">
              <Chip size="small" label={codeLabel(CourseFileKind.items, f.kind)} />
              <ConvChip file={f} />
            </Stack>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>{f.needSeconds < 60 ? translate('examhall.courseware.seconds', { n: f.needSeconds }) : translate('examhall.courseware.minutes', { n: Math.round((f.needSeconds / 60) * 10) / 10 })}</TableCell>
          <TableCell align="right" className="sticky-actions" sx={{ whiteSpace: 'nowrap' }}>
            <IconButton size="small" aria-label="上移" disabled={busy || i === 0} onClick={() => onMove(f, -1)}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label="下移" disabled={busy || i === files.length - 1} onClick={() => onMove(f, 1)}>
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            {f.url ? (
              <IconButton size="small" aria-label={translate('examhall.courseware.preview')} href={f.url} target="_blank" rel="noopener">
                <VisibilityIcon fontSize="small" />
              </IconButton>
            ) : null}
            {f.kind === CourseFileKind.OFFICE && (f.convState === ConvertState.FAILED || f.convState === ConvertState.UNAVAILABLE) ? (
              <IconButton size="small" aria-label={translate('examhall.courseware.convert')} onClick={() => onConvert(f)}>
                <ReplayIcon fontSize="small" />
              </IconButton>
            ) : null}
            <IconButton size="small" aria-label={translate('examhall.common.edit')} onClick={() => onEdit(f)}>
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={translate('examhall.common.delete')} onClick={() => onDelete(f)} color="warning">
              <DeleteIcon fontSize="small" />
            </IconButton>
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

/** /course/list/:id/files: a course's chapters and files (upload with progress, conversion state, required time, order, lessons). */
export function CoursewarePage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const invalidate = useInvalidateEndpoint();
  const course = useQuery(endpointQuery(courseApi.detail, { id }));
  const outline = useQuery({
    ...endpointQuery(courseFileApi.outline, { courseId: id }),
    // Conversions run in the background: look again while one is pending; and fetch fresh
    // preview URLs before the signed ones lapse, on a page left open.
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!data) return false;
      const converting = [...data.files, ...data.chapters.flatMap((c) => c.files)].some(
        (f) => f.convState === ConvertState.WAITING || f.convState === ConvertState.CONVERTING,
      );
      return Math.max(1000, converting ? Math.min(3000, data.urlRenewAfter) : data.urlRenewAfter);
    },
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const reload = () => invalidate(courseFileApi.outline, courseApi.paging);
  const act = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSuccess: () => reload(),
    onSettled: () => setDialog(null),
  });
  const busy = act.isPending;
  const rowProps = {
    busy,
    onMove: (f: CourseFileRecord, sort: -1 | 1) => act.mutate(() => call(courseFileApi.sort, { id: f.id, sort })),
    onEdit: (file: CourseFileRecord) => setDialog({ kind: 'file', file }),
    onDelete: (file: CourseFileRecord) => setDialog({ kind: 'deleteFile', file }),
    onConvert: (f: CourseFileRecord) => act.mutate(() => call(courseFileApi.convert, { ids: [f.id] })),
  };

  let body;
  if (outline.isPending) body = <LoadingBlock />;
  else if (outline.isError) body = <LoadError error={outline.error} onRetry={() => void outline.refetch()} retrying={outline.isFetching} />;
  else {
    const data = outline.data;
    body = (
      <TableContainer>
        <Table size="small" aria-label={translate('examhall.courseware.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('examhall.courseware.fileTitle')}</TableCell>
              <TableCell>{translate('examhall.courseware.kind')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('examhall.courseware.needTime')}</TableCell>
              <TableCell align="right" className="sticky-actions">
                {translate('examhall.common.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.files.length > 0 && (
              <>
                <TableRow sx={{ bgcolor: 'action.hover' }}>
                  <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                    {translate('examhall.courseware.loose')}
                  </TableCell>
                </TableRow>
                <FileRows files={data.files} {...rowProps} />
              </>
            )}
            {data.chapters.map((c, i) => (
              <ChapterBlock
                key={c.id}
                courseId={id}
                chapter={c}
                first={i === 0}
                last={i === data.chapters.length - 1}
                busy={busy}
                onMove={(sort) => act.mutate(() => call(courseFileApi.chapterSort, { id: c.id, sort }))}
                onRename={() => setDialog({ kind: 'chapter', chapter: c })}
                onDelete={() => setDialog({ kind: 'deleteChapter', chapter: c })}
                onLesson={() => setDialog({ kind: 'lesson', chapterId: c.id })}
                onUploaded={() => void reload()}
              >
                <FileRows files={c.files} {...rowProps} />
              </ChapterBlock>
            ))}
            {data.chapters.length === 0 && data.files.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  {translate('examhall.courseware.noChapters')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Box sx={{ pt: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between" sx={{ mb: 1.5 }}>
        <Box>
          <Typography variant="h6" component="h1">
            {translate('examhall.courseware.title')}
            {course.data ? `：${course.data.title}` : ''}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate('examhall.courseware.acceptHint')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Button component={Link} to="/course/list" startIcon={<ArrowBackIcon />}>
            {translate('examhall.courseware.back')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'chapter' })}>
            {translate('examhall.courseware.addChapter')}
          </Button>
        </Stack>
      </Stack>
      <Card>{body}</Card>

      {dialog?.kind === 'chapter' && (
        <SaveDialog
          title={translate(dialog.chapter ? 'examhall.courseware.renameChapter' : 'examhall.courseware.addChapter')}
          titleId="chapter-form-title"
          maxWidth="sm"
          resource={RESOURCE}
          defaultValues={{ title: dialog.chapter?.title ?? '' }}
          endpoint={courseFileApi.chapterSave}
          toBody={(v) => ({ ...(dialog.chapter ? { id: dialog.chapter.id } : {}), courseId: id, title: String(v.title ?? '').trim() })}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void reload();
          }}
        >
          <TextInput source="title" label="examhall.courseware.chapterTitle" validate={[required('examhall.validation.chapterTitle'), maxLength(128)]} autoFocus />
        </SaveDialog>
      )}
      {(dialog?.kind === 'file' || dialog?.kind === 'lesson') && (
        <SaveDialog
          title={translate(dialog.kind === 'lesson' ? 'examhall.courseware.addLesson' : 'examhall.courseware.editFile')}
          titleId="file-form-title"
          maxWidth="md"
          resource={RESOURCE}
          defaultValues={
            dialog.kind === 'file'
              ? { title: dialog.file.title, needMinutes: Math.round((dialog.file.needSeconds / 60) * 10) / 10, needAllPages: dialog.file.needAllPages, content: dialog.file.content }
              : { title: '', needMinutes: 1, needAllPages: false, content: '' }
          }
          endpoint={courseFileApi.save}
          toBody={(v) => ({
            ...(dialog.kind === 'file' ? { id: dialog.file.id, chapterId: dialog.file.chapterId } : { chapterId: dialog.chapterId }),
            courseId: id,
            title: String(v.title ?? '').trim(),
            needSeconds: Math.max(0, Math.round(Number(v.needMinutes ?? 0) * 60)),
            needAllPages: Boolean(v.needAllPages),
            ...((dialog.kind === 'lesson' || dialog.file.kind === CourseFileKind.LESSON) ? { content: String(v.content ?? '') } : {}),
          })}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void reload();
          }}
        >
          <TextInput source="title" label="examhall.courseware.fileTitle" validate={[required('examhall.validation.fileTitle'), maxLength(128)]} autoFocus />
          <NumberInput source="needMinutes" label="examhall.courseware.needMinutes" min={0} step={0.5} />
          {dialog.kind === 'file' && dialog.file.pageCount > 0 ? <BooleanInput source="needAllPages" label="examhall.courseware.needAllPages" /> : null}
          {dialog.kind === 'lesson' || dialog.file.kind === CourseFileKind.LESSON ? (
            <RichTextInput source="content" label="examhall.courseware.lessonContent" uploadKind="image" />
          ) : null}
        </SaveDialog>
      )}
      <Confirm
        isOpen={dialog?.kind === 'deleteChapter' || dialog?.kind === 'deleteFile'}
        loading={busy}
        title="examhall.common.delete"
        content={
          dialog?.kind === 'deleteChapter'
            ? translate('examhall.courseware.deleteChapterConfirm', { name: dialog.chapter.title })
            : dialog?.kind === 'deleteFile'
              ? translate('examhall.courseware.deleteFileConfirm', { name: dialog.file.title })
              : ''
        }
        confirm="examhall.common.delete"
        confirmColor="warning"
        onConfirm={() => {
          if (dialog?.kind === 'deleteChapter') act.mutate(() => call(courseFileApi.chapterDelete, { ids: [dialog.chapter.id] }).then(() => notify('examhall.common.deleted', { type: 'success' })));
          if (dialog?.kind === 'deleteFile') act.mutate(() => call(courseFileApi.delete, { ids: [dialog.file.id] }).then(() => notify('examhall.common.deleted', { type: 'success' })));
        }}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}

function ChapterBlock({ courseId, chapter, first, last, busy, onMove, onRename, onDelete, onLesson, onUploaded, children }: {
  courseId: string;
  chapter: CourseChapterRecord;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (sort: -1 | 1) => void;
  onRename: () => void;
  onDelete: () => void;
  onLesson: () => void;
  onUploaded: () => void;
  children: React.ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
      <TableRow sx={{ bgcolor: 'action.hover' }} aria-label={chapter.title}>
        <TableCell colSpan={3}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems={{ md: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>{chapter.title}</Typography>
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              <UploadButton courseId={courseId} chapterId={chapter.id} onDone={onUploaded} />
              <Button size="small" startIcon={<AddIcon />} onClick={onLesson}>
                {translate('examhall.courseware.addLesson')}
              </Button>
            </Stack>
          </Stack>
        </TableCell>
        <TableCell align="right" className="sticky-actions" sx={{ whiteSpace: 'nowrap' }}>
          <IconButton size="small" aria-label="上移" disabled={busy || first} onClick={() => onMove(-1)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label="下移" disabled={busy || last} onClick={() => onMove(1)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={translate('examhall.courseware.renameChapter')} onClick={onRename}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={translate('examhall.common.delete')} onClick={onDelete} color="warning">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </TableCell>
      </TableRow>
      {children}
    </>
  );
}
