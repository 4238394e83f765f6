import { Fragment } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HeadphonesOutlined from '@mui/icons-material/HeadphonesOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import { Link as RouterLink } from 'react-router-dom';
import { LearnState, type CourseViewer, type MyCourseDetail, type MyCourseFile } from '../../../common/api/course';
import { paths } from '../../config/paths';
import { formatDuration } from '../../../common/duration';
import { fileProgress, fileStatus } from './format';

const VIEWER_ICON: Record<CourseViewer, typeof ArticleOutlined> = {
  video: PlayCircleOutline,
  audio: HeadphonesOutlined,
  pdf: DescriptionOutlined,
  image: ImageOutlined,
  lesson: ArticleOutlined,
  download: FileDownloadOutlined,
};

function FileRow({ courseId, file, active }: { courseId: string; file: MyCourseFile; active: boolean }) {
  const locked = file.state === LearnState.LOCKED;
  const done = file.state === LearnState.DONE;
  const Icon = VIEWER_ICON[file.viewer];
  const value = fileProgress(file.learnedSeconds, file.needSeconds, done);
  const stateText = fileStatus(file, active);
  return (
    <li>
      <ListItemButton
        component={locked ? 'div' : RouterLink}
        {...(locked ? { 'aria-disabled': true } : { to: paths.courseView.to(courseId, file.id) })}
        selected={active}
        aria-current={active ? 'page' : undefined}
        aria-label={`${file.title}，${stateText}`}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, ...(locked ? { cursor: 'not-allowed', opacity: 0.6 } : {}) }}
      >
        <Icon fontSize="small" color={active ? 'primary' : 'action'} sx={{ mt: 0.25 }} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: active ? 600 : 400 }} noWrap title={file.title}>
            {file.title}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={value}
            color={done ? 'success' : 'primary'}
            sx={{ mt: 0.75, height: 4, borderRadius: 2 }}
            aria-label={`${file.title} 学习进度`}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {formatDuration(file.learnedSeconds)} / {formatDuration(file.needSeconds)}
            {file.needAllPages && file.pageCount > 0 ? ` · 已读 ${file.pagesSeen}/${file.pageCount} 页` : ''}
          </Typography>
        </Box>
        <Box sx={{ mt: 0.25, display: 'flex', alignItems: 'center', color: done ? 'success.main' : 'text.secondary' }}>
          {locked ? <LockOutlined fontSize="small" aria-hidden /> : done ? <CheckCircle fontSize="small" aria-hidden /> : null}
          <Typography variant="caption" sx={{ ml: 0.5, whiteSpace: 'nowrap', display: locked || done ? { xs: 'none', sm: 'inline' } : 'inline' }}>
            {stateText}
          </Typography>
        </Box>
      </ListItemButton>
    </li>
  );
}

/** The chapters and their files, each with its progress (learned / required) and state. */
export function CourseOutline({ detail, activeId }: { detail: MyCourseDetail; activeId?: string }) {
  return (
    <Box component="nav" aria-label="课程目录">
      {detail.files.length > 0 && (
        <List dense disablePadding>
          {detail.files.map((f) => (
            <FileRow key={f.id} courseId={detail.id} file={f} active={f.id === activeId} />
          ))}
        </List>
      )}
      {detail.chapters.map((chapter) => (
        // The chapter's heading goes before its list: a list holds only its items.
        <Fragment key={chapter.id}>
          <ListSubheader component="h3" sx={{ lineHeight: 1.5, py: 1, fontWeight: 600, color: 'text.primary', bgcolor: 'action.hover' }}>
            {chapter.title}
          </ListSubheader>
          <List dense disablePadding aria-label={chapter.title}>
            {chapter.files.length === 0 ? (
              <Typography component="li" variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5, listStyle: 'none' }}>
                本章暂无课件
              </Typography>
            ) : (
              chapter.files.map((f) => <FileRow key={f.id} courseId={detail.id} file={f} active={f.id === activeId} />)
            )}
          </List>
        </Fragment>
      ))}
    </Box>
  );
}
