import { useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CourseLearnerState, LearnState, type BeatResult, type MyCourseDetail, type MyCourseFile } from '../../../common/api/course';
import { formatTime } from '../../../common/format';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { RichContent } from '../../../common/components/RichContent';
import { paths } from '../../config/paths';
import { courseKeys, filesInOrder, useCourseDetail, type CourseDetailData } from './api/courses';
import { CourseCover } from './CourseCover';
import { CourseOutline } from './CourseOutline';
import { FilePlayer } from './FilePlayer';
import { formatDuration } from '../../../common/duration';
import { fileProgress, fileStatus, formatDeadline } from './format';
import { StillHereDialog } from './StillHereDialog';
import { useLearning } from './useLearning';

const EXAM_CHECK = (examId: string) => `/web/exam/check/${encodeURIComponent(examId)}`;

/** The detail with one file's figures from a beat's answer; everything else kept (the renewal time included). */
function patchFile<D extends MyCourseDetail>(detail: D, fileId: string, r: BeatResult): D {
  const patch = (f: MyCourseFile): MyCourseFile =>
    f.id === fileId ? { ...f, learnedSeconds: r.learnedSeconds, needSeconds: r.needSeconds, pagesSeen: r.pagesSeen, furthest: r.furthest, state: r.state } : f;
  return { ...detail, files: detail.files.map(patch), chapters: detail.chapters.map((c) => ({ ...c, files: c.files.map(patch) })) };
}

/** Finished: the linked exam is offered. */
function FinishedBanner({ detail }: { detail: MyCourseDetail }) {
  if (detail.state !== CourseLearnerState.FINISHED) return null;
  return (
    <Alert
      severity="success"
      sx={{ mb: 2 }}
      action={
        detail.examId ? (
          <Button component={RouterLink} to={EXAM_CHECK(detail.examId)} color="inherit" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
            参加考试
          </Button>
        ) : undefined
      }
    >
      {detail.examId ? '恭喜，您已完成本课程的全部课件，可以参加课程考试了。' : '恭喜，您已完成本课程的全部课件！'}
    </Alert>
  );
}

function CourseIntro({ detail }: { detail: MyCourseDetail }) {
  const files = filesInOrder(detail);
  const next = files.find((f) => f.state === LearnState.LEARNING) ?? files.find((f) => f.state !== LearnState.LOCKED);
  const started = detail.state !== CourseLearnerState.NOT_STARTED;
  const deadline = formatDeadline(detail.deadline);
  const meta: Array<[string, string]> = [
    ['讲师', detail.teacher || '—'],
    ['学时', detail.classHours ? String(detail.classHours) : '—'],
    ['分类', detail.catName || '—'],
    ['发布时间', detail.publishTime ? formatTime(detail.publishTime, 'YYYY-MM-DD') : '—'],
    ['要求学习时长', formatDuration(detail.needSeconds)],
    ['截止时间', deadline || '不限'],
  ];
  return (
    <Card>
      <Stack direction={{ xs: 'column', sm: 'row' }}>
        <Box sx={{ width: { xs: '100%', sm: 300 }, flexShrink: 0 }}>
          <CourseCover src={detail.cover} title={detail.title} />
        </Box>
        <Box sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
            <Chip size="small" color={detail.required ? 'warning' : 'default'} label={detail.required ? '必修' : '选修'} />
            {detail.overdue && <Chip size="small" color="error" label="已逾期" />}
          </Stack>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1.5, wordBreak: 'break-word' }}>
            {detail.title}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 1 }}>
            {meta.map(([k, v]) => (
              <Box key={k}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {k}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {v}
                </Typography>
              </Box>
            ))}
          </Box>
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mt: 2 }}>
            <LinearProgress
              variant="determinate"
              value={detail.progress}
              color={detail.state === CourseLearnerState.FINISHED ? 'success' : 'primary'}
              sx={{ flex: 1, height: 8, borderRadius: 4 }}
              aria-label={`课程进度 ${detail.progress}%`}
            />
            <Typography variant="body2" color="text.secondary">
              {detail.doneCount}/{detail.fileCount} · {detail.progress}%
            </Typography>
          </Stack>
          {next && (
            <Button component={RouterLink} to={paths.courseView.to(detail.id, next.id)} variant="contained" sx={{ mt: 2 }}>
              {detail.state === CourseLearnerState.FINISHED ? '复习课程' : started ? '继续学习' : '开始学习'}
            </Button>
          )}
        </Box>
      </Stack>
      {detail.content && (
        <Box sx={{ borderTop: 1, borderColor: 'divider', px: { xs: 2, sm: 3 }, py: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 1 }}>
            课程介绍
          </Typography>
          <RichContent html={detail.content} />
        </Box>
      )}
    </Card>
  );
}

function FileView({ detail, file }: { detail: MyCourseDetail; file: MyCourseFile }) {
  const queryClient = useQueryClient();
  const onResult = useCallback(
    (fileId: string, r: BeatResult) => {
      const key = courseKeys.detail(detail.id);
      const before = queryClient.getQueryData<CourseDetailData>(key);
      if (!before) return;
      queryClient.setQueryData<CourseDetailData>(key, patchFile(before, fileId, r));
      const wasDone = filesInOrder(before).find((f) => f.id === fileId)?.state === LearnState.DONE;
      // A file just done can unlock the next, and the course's figures change: read them again.
      if ((r.state === LearnState.DONE && !wasDone) || (r.courseFinished && before.state !== CourseLearnerState.FINISHED)) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [detail.id, queryClient],
  );
  const learning = useLearning({ courseId: detail.id, file, noSkip: detail.noSkip, onResult });
  const files = filesInOrder(detail);
  const next = files[files.findIndex((f) => f.id === file.id) + 1];
  const done = file.state === LearnState.DONE;
  const locked = file.state === LearnState.LOCKED;

  return (
    <Card>
      {locked ? (
        <Box sx={{ py: 8, px: 2, textAlign: 'center', color: 'text.secondary' }}>
          <LockOutlined sx={{ fontSize: 48, color: 'action.disabled' }} aria-hidden />
          <Typography sx={{ mt: 1 }}>请先完成前面的课件，再学习这一节</Typography>
        </Box>
      ) : (
        <FilePlayer file={file} learning={learning} />
      )}
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 2, borderTop: 1, borderColor: 'divider' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ xs: 'stretch', sm: 'center' }} justifyContent="space-between">
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Stack direction="row" spacing={1} alignItems="center">
              <Typography variant="h6" component="h2" sx={{ fontSize: 18, wordBreak: 'break-word' }}>
                {file.title}
              </Typography>
              <Chip
                size="small"
                color={done ? 'success' : locked ? 'default' : 'primary'}
                variant={done ? 'filled' : 'outlined'}
                label={fileStatus(file, true)}
                data-testid="file-status"
              />
            </Stack>
            <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mt: 1, maxWidth: 520 }}>
              <LinearProgress
                variant="determinate"
                value={fileProgress(file.learnedSeconds, file.needSeconds, done)}
                color={done ? 'success' : 'primary'}
                sx={{ flex: 1, height: 6, borderRadius: 3 }}
                aria-label="本课件学习进度"
              />
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="file-learned">
                已学 {formatDuration(file.learnedSeconds)} / 要求 {formatDuration(file.needSeconds)}
              </Typography>
            </Stack>
            {file.needAllPages && file.pageCount > 0 && (
              <Typography variant="caption" color="text.secondary">
                需阅读全部页面：已读 {file.pagesSeen} / {file.pageCount} 页
              </Typography>
            )}
          </Box>
          {next && (
            <Button
              component={next.state === LearnState.LOCKED ? 'button' : RouterLink}
              {...(next.state === LearnState.LOCKED ? { disabled: true } : { to: paths.courseView.to(detail.id, next.id) })}
              variant={done ? 'contained' : 'outlined'}
              endIcon={<NavigateNext />}
              sx={{ flexShrink: 0 }}
            >
              下一个课件
            </Button>
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          学习时长以服务器记录为准：页面在前台且{file.viewer === 'video' || file.viewer === 'audio' ? '正在播放' : '保持打开'}时计时，多个页面同时学习不重复计时。
        </Typography>
      </Box>
      <StillHereDialog open={learning.check} onConfirm={learning.confirm} />
    </Card>
  );
}

/** /web/course/view/{courseId}[/{fileId}]: the introduction or a file's player, with the chapters and files beside. */
export function CourseViewPage() {
  const { courseId = '', fileId } = useParams();
  const query = useCourseDetail(courseId);
  return (
    <PageContainer>
      <QueryState query={query}>
        {(detail) => <CourseView detail={detail} fileId={fileId} />}
      </QueryState>
    </PageContainer>
  );
}

function CourseView({ detail, fileId }: { detail: MyCourseDetail; fileId?: string }) {
  const file = useMemo(() => (fileId ? filesInOrder(detail).find((f) => f.id === fileId) : undefined), [detail, fileId]);
  return (
    <>
      <Breadcrumbs sx={{ mb: 2 }} aria-label="位置">
        <Link component={RouterLink} to={paths.course.path} underline="hover" color="inherit">
          课程学习
        </Link>
        {file ? (
          <Link component={RouterLink} to={paths.courseView.to(detail.id)} underline="hover" color="inherit">
            {detail.title}
          </Link>
        ) : (
          <Typography color="text.primary">{detail.title}</Typography>
        )}
        {file && <Typography color="text.primary">{file.title}</Typography>}
      </Breadcrumbs>
      <FinishedBanner detail={detail} />
      {fileId && !file && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          课件不存在或已被删除
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>{file ? <FileView key={file.id} detail={detail} file={file} /> : <CourseIntro detail={detail} />}</Box>
        <Card sx={{ width: { xs: '100%', md: 340 }, flexShrink: 0, position: { md: 'sticky' }, top: { md: 80 } }}>
          <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              课程目录
            </Typography>
            <Typography variant="caption" color="text.secondary">
              已完成 {detail.doneCount}/{detail.fileCount}
              {detail.unlockInOrder ? ' · 按顺序解锁' : ''}
            </Typography>
          </Box>
          <Box sx={{ maxHeight: { md: 'calc(100vh - 200px)' }, overflowY: 'auto' }}>
            <CourseOutline detail={detail} activeId={file?.id} />
          </Box>
        </Card>
      </Stack>
    </>
  );
}
