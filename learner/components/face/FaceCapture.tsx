import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { faceEngine } from './faceEngine';
import { judgeFace } from './faceQuality';

export interface FaceCaptured {
  descriptor: number[];
  liveness: number;
  /** Human's version, stored with an enrolment. */
  version: string;
  /** A JPEG data URL, only when asked for (the site keeps enrolment photos). */
  photo?: string;
}

/** Frames looked at before the page stops and says what was wrong (each takes 0.5–3 s). */
const MAX_FRAMES = 12;

type Phase = { kind: 'starting' } | { kind: 'looking'; hint: string } | { kind: 'stopped'; problem: string } | { kind: 'done' };

function snapshot(video: HTMLVideoElement): string {
  const width = Math.min(480, video.videoWidth);
  const height = Math.round((video.videoHeight * width) / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(video, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', 0.85);
}

/**
 * The camera and the capture loop: frames go to the face worker until one passes the quality gate
 * (one face, frontal, sharp, lit) and the liveness check; then the camera is closed and
 * `onCaptured` gets the descriptor. Nothing leaves the browser here: the caller posts what it gets.
 */
export function FaceCapture({ livenessMin, withPhoto, onCaptured }: { livenessMin: number; withPhoto: boolean; onCaptured: (c: FaceCaptured) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [round, setRound] = useState(0);
  const captured = useRef(onCaptured);
  captured.current = onCaptured;

  const run = useCallback(async (alive: () => boolean) => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false });
    } catch {
      setPhase({ kind: 'stopped', problem: '无法打开摄像头，请允许浏览器使用摄像头后重试' });
      return;
    }
    const close = () => stream.getTracks().forEach((t) => t.stop());
    if (!alive()) return close();
    const el = video.current;
    if (!el) return close();
    el.srcObject = stream;
    await el.play().catch(() => undefined);
    let engine;
    try {
      engine = await faceEngine();
    } catch {
      close();
      setPhase({ kind: 'stopped', problem: '人脸识别组件加载失败，请刷新页面重试' });
      return;
    }
    let problem = '未检测到人脸，请正对摄像头';
    try {
      for (let i = 0; i < MAX_FRAMES && alive(); i++) {
        setPhase({ kind: 'looking', hint: i === 0 ? '请正对摄像头，保持不动' : problem });
        for (let wait = 0; el.readyState < 2 && wait < 20; wait++) await new Promise((r) => setTimeout(r, 250));
        const frame = await createImageBitmap(el);
        const analysis = await engine.analyse(frame);
        const verdict = judgeFace(analysis, livenessMin);
        if (!alive()) break;
        if (verdict.ok) {
          const photo = withPhoto ? snapshot(el) : undefined;
          close();
          setPhase({ kind: 'done' });
          captured.current({ descriptor: verdict.descriptor, liveness: verdict.liveness, version: engine.version, photo });
          return;
        }
        problem = verdict.problem;
        console.info('face capture:', problem, { ms: analysis.ms, sharpness: analysis.sharpness, brightness: analysis.brightness, real: analysis.real, live: analysis.live });
      }
    } catch (e) {
      console.warn('face capture failed', e);
      problem = '人脸识别出错，请重新采集';
    }
    close();
    if (alive()) setPhase({ kind: 'stopped', problem });
  }, [livenessMin, withPhoto]);

  useEffect(() => {
    let live = true;
    const el = video.current;
    setPhase({ kind: 'starting' });
    void run(() => live);
    return () => {
      live = false;
      (el?.srcObject as MediaStream | null)?.getTracks().forEach((t) => t.stop());
    };
  }, [run, round]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 360,
          aspectRatio: '4 / 3',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'grey.900',
        }}
      >
        {/* Mirrored, as people expect to see themselves. */}
        <Box component="video" ref={video} muted playsInline aria-label="摄像头画面" sx={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }} />
        <Box
          aria-hidden
          sx={{ position: 'absolute', inset: '12% 27%', border: '2px dashed', borderColor: 'rgba(255,255,255,0.7)', borderRadius: '50%' }}
        />
      </Box>
      <Box role="status" aria-live="polite" sx={{ width: '100%', maxWidth: 360 }}>
        {phase.kind === 'starting' && (
          <Alert severity="info" icon={<CircularProgress size={18} />}>
            正在打开摄像头并加载人脸模型…
          </Alert>
        )}
        {phase.kind === 'looking' && (
          <Alert severity="info" icon={<CircularProgress size={18} />}>
            {phase.hint}
          </Alert>
        )}
        {phase.kind === 'stopped' && <Alert severity="warning">{phase.problem}</Alert>}
        {phase.kind === 'done' && <Alert severity="success">采集完成</Alert>}
      </Box>
      {phase.kind === 'stopped' && (
        <Button variant="outlined" onClick={() => setRound((r) => r + 1)}>
          重新采集
        </Button>
      )}
    </Stack>
  );
}
