import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { ConvertState, type MyCourseFile } from '../../../common/api/course';
import { LoadingScreen } from '../../components/LoadingScreen';
import { RichContent } from '../../../common/components/RichContent';
import type { Learning } from './useLearning';

const PdfViewer = lazy(() => import('./viewers/PdfViewer'));

/**
 * The media element of a file: resumes where the learner left off. The page fetches fresh signed
 * addresses before the old ones lapse; a new one is switched to at once, at the same point, and
 * playing on if it was playing (a brief reload every half hour instead of a stop when it lapses).
 */
function Media({ file, learning }: { file: MyCourseFile; learning: Learning }) {
  const [src, setSrc] = useState(file.url);
  const resume = useRef({ at: file.position, play: false });
  const el = useRef<HTMLMediaElement | null>(null);

  useEffect(() => {
    if (!file.url || file.url === src) return;
    const m = el.current;
    // Before its metadata, the element has not reached the resume point yet: keep that one.
    if (m && m.readyState >= HTMLMediaElement.HAVE_METADATA) resume.current = { at: m.currentTime, play: !m.paused && !m.ended };
    setSrc(file.url);
  }, [file.url, src]);

  const attach = (node: HTMLMediaElement | null) => {
    el.current = node;
    learning.mediaRef(node);
  };
  const onLoaded = () => {
    const m = el.current;
    if (!m) return;
    const { at, play } = resume.current;
    if (at > 0 && (!Number.isFinite(m.duration) || at < m.duration - 1)) m.currentTime = at;
    resume.current = { at: 0, play: false };
    // A browser that refuses to play on its own leaves the controls to the learner.
    if (play) m.play()?.catch(() => undefined);
  };

  const common = { src, controls: true, preload: 'metadata', onLoadedMetadata: onLoaded, controlsList: 'nodownload' } as const;
  return file.viewer === 'video' ? (
    <Box sx={{ bgcolor: '#000', display: 'flex', justifyContent: 'center' }}>
      <video ref={attach} {...common} playsInline aria-label={file.title} style={{ width: '100%', maxHeight: '70vh', display: 'block' }} />
    </Box>
  ) : (
    <Box sx={{ p: { xs: 2, sm: 4 }, bgcolor: 'action.hover' }}>
      <audio ref={attach} {...common} aria-label={file.title} style={{ width: '100%' }} />
    </Box>
  );
}

/** Shows an open (unlocked) file the way the server says it is viewed. */
export function FilePlayer({ file, learning }: { file: MyCourseFile; learning: Learning }) {
  switch (file.viewer) {
    case 'video':
    case 'audio':
      return <Media key={file.id} file={file} learning={learning} />;
    case 'pdf':
      return (
        <Suspense fallback={<LoadingScreen text="文档加载中…" />}>
          <PdfViewer key={file.id} url={file.url} onPage={learning.setPage} />
        </Suspense>
      );
    case 'image':
      return (
        <Box sx={{ bgcolor: 'grey.100', display: 'flex', justifyContent: 'center', p: { xs: 1, sm: 2 } }}>
          <Box component="img" src={file.url} alt={file.title} sx={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain' }} />
        </Box>
      );
    case 'lesson':
      return (
        <Box sx={{ px: { xs: 2, sm: 4 }, py: { xs: 1, sm: 2 } }}>
          <RichContent html={file.content} />
        </Box>
      );
    default:
      return (
        <Box sx={{ p: { xs: 2, sm: 4 } }}>
          <Alert severity="info" sx={{ mb: 2 }}>
            {file.convState === ConvertState.WAITING || file.convState === ConvertState.CONVERTING
              ? '文档正在转换为可在线阅读的格式，请稍后刷新页面；也可以先下载阅读。'
              : '该文档暂不支持在线阅读，请下载后学习。保持本页面打开即计入学习时长。'}
          </Alert>
          {file.url && (
            <Button variant="contained" startIcon={<FileDownloadOutlined />} href={file.url} download={file.fileName}>
              下载 {file.fileName}
            </Button>
          )}
        </Box>
      );
  }
}
