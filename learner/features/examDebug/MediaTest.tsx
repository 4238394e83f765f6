import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Videocam from '@mui/icons-material/Videocam';
import { mediaErrorText } from './checks';

type MediaState = { state: 'idle' } | { state: 'asking' } | { state: 'live'; stream: MediaStream } | { state: 'failed'; message: string };

/** How loud the microphone is, 0–100, while the stream is live (Web Audio analyser; none where there is no AudioContext). */
function useMicLevel(stream: MediaStream | null): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!stream || !Ctx || stream.getAudioTracks().length === 0) {
      setLevel(null);
      return;
    }
    const ctx = new Ctx();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 512;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const data = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(data);
      let peak = 0;
      for (const v of data) peak = Math.max(peak, Math.abs(v - 128));
      setLevel(Math.min(100, Math.round((peak / 128) * 100 * 2)));
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => {
      cancelAnimationFrame(frame);
      void ctx.close();
    };
  }, [stream]);
  return level;
}

/**
 * The camera and microphone test: nothing is asked of the browser until the learner presses the
 * button; then a live preview and a microphone level, or what a refusal means and how to undo it.
 * The devices are released when the test stops or the page is left.
 */
export function MediaTest({ supported }: { supported: boolean }) {
  const [media, setMedia] = useState<MediaState>({ state: 'idle' });
  const video = useRef<HTMLVideoElement>(null);
  const stream = media.state === 'live' ? media.stream : null;
  const level = useMicLevel(stream);

  useEffect(() => {
    if (!stream) return;
    if (video.current) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => undefined);
    }
    return () => stream.getTracks().forEach((t) => t.stop());
  }, [stream]);

  const start = async () => {
    setMedia({ state: 'asking' });
    try {
      setMedia({ state: 'live', stream: await navigator.mediaDevices.getUserMedia({ video: true, audio: true }) });
    } catch (e) {
      setMedia({ state: 'failed', message: mediaErrorText(e) });
    }
  };

  if (!supported) {
    return (
      <Alert severity="error">
        当前浏览器无法使用摄像头和麦克风：需要通过 https 安全连接访问，并使用新版 Chrome、Edge 或 Firefox。
      </Alert>
    );
  }

  const live = media.state === 'live';
  const cameraName = stream?.getVideoTracks()[0]?.label;
  const micName = stream?.getAudioTracks()[0]?.label;

  return (
    <Stack spacing={2}>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 480,
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          borderRadius: 2,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          autoPlay
          aria-label="摄像头画面"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)', display: live ? 'block' : 'none' }}
        />
        {!live && (
          <Stack sx={{ alignItems: 'center', color: 'grey.500', px: 2, textAlign: 'center' }} spacing={1}>
            <Videocam sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="body2">{media.state === 'asking' ? '请在浏览器的提示中选择“允许”' : '点击“开始检测”后，这里显示摄像头画面'}</Typography>
          </Stack>
        )}
      </Box>
      {live && (
        <Box sx={{ maxWidth: 480 }}>
          <Typography variant="body2" color="text.secondary">
            摄像头：{cameraName || '已开启'}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            麦克风：{micName || '已开启'}
            {level !== null && '（请说几句话，音量条应随声音跳动）'}
          </Typography>
          {level !== null && (
            <LinearProgress variant="determinate" value={level} aria-label="麦克风音量" sx={{ mt: 1, height: 8, borderRadius: 4 }} color={level > 5 ? 'success' : 'primary'} />
          )}
        </Box>
      )}
      {media.state === 'failed' && (
        <Alert severity="error" role="alert">
          {media.message}
        </Alert>
      )}
      <Box>
        {live ? (
          <Button variant="outlined" onClick={() => setMedia({ state: 'idle' })}>
            停止检测
          </Button>
        ) : (
          <Button variant="contained" disableElevation onClick={start} disabled={media.state === 'asking'}>
            {media.state === 'failed' ? '重新检测' : '开始检测'}
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        检测只在本机进行，画面和声音不会上传。
      </Typography>
    </Stack>
  );
}
