import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Cancel from '@mui/icons-material/Cancel';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Refresh from '@mui/icons-material/Refresh';
import { useNavigate } from 'react-router-dom';
import { PageContainer } from '../../components/PageContainer';
import { clockLevel, clockText, latencyAdvice, latencyLevel, type CheckLevel } from './checks';
import { MediaTest } from './MediaTest';
import { readDevice, useNetworkCheck } from './useDeviceChecks';

type Level = CheckLevel | 'pending';

const LEVEL_TEXT: Record<Level, string> = { ok: '正常', warn: '需注意', error: '异常', pending: '检测中' };

function LevelIcon({ level }: { level: Level }) {
  const label = LEVEL_TEXT[level];
  if (level === 'pending') return <CircularProgress size={20} aria-label={label} />;
  if (level === 'ok') return <CheckCircle color="success" titleAccess={label} />;
  if (level === 'warn') return <ErrorOutline color="warning" titleAccess={label} />;
  return <Cancel color="error" titleAccess={label} />;
}

function CheckRow({ label, level, value, hint, action }: { label: string; level: Level; value: ReactNode; hint?: string; action?: ReactNode }) {
  return (
    <Box
      component="li"
      aria-label={label}
      data-level={level}
      sx={{ listStyle: 'none', display: 'flex', alignItems: 'flex-start', gap: { xs: 1.5, sm: 2 }, px: { xs: 2, sm: 3 }, py: 1.75 }}
    >
      <Box sx={{ pt: 0.25, width: 24, display: 'flex', justifyContent: 'center', flexShrink: 0 }}>
        <LevelIcon level={level} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 0.25, sm: 2 } }}>
        <Typography sx={{ width: { sm: 96 }, flexShrink: 0, fontWeight: 500 }}>{label}</Typography>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ wordBreak: 'break-word' }}>{value}</Typography>
          {hint && (
            <Typography variant="body2" color={level === 'error' ? 'error' : level === 'warn' ? 'warning.dark' : 'text.secondary'} sx={{ mt: 0.25 }}>
              {hint}
            </Typography>
          )}
        </Box>
      </Box>
      {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
    </Box>
  );
}

/** Fullscreen on and off again, to see that the browser allows it (some in-app browsers do not). */
function FullscreenTry() {
  const [on, setOn] = useState(Boolean(document.fullscreenElement));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const sync = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    setFailed(false);
    const done = on ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void done?.catch(() => setFailed(true));
  };
  return (
    <Stack sx={{ alignItems: 'flex-end' }}>
      <Button size="small" variant="outlined" onClick={toggle}>
        {on ? '退出全屏' : '试一试'}
      </Button>
      {failed && (
        <Typography variant="caption" color="error" sx={{ mt: 0.5 }}>
          浏览器拒绝了全屏
        </Typography>
      )}
    </Stack>
  );
}

/**
 * /web/exam/debug: the device check before an exam. Browser and version, screen, connection latency
 * and clock difference to the server (timed calls to the health probe), fullscreen, local storage,
 * and a camera and microphone test that asks for permission only when pressed.
 */
export function ExamDebugPage() {
  const navigate = useNavigate();
  const [device, setDevice] = useState(readDevice);
  useEffect(() => {
    // The window's size (and a phone turned sideways) as it is now, not only as it was on arrival.
    const update = () => setDevice(readDevice());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  const { result: net, remeasure } = useNetworkCheck();
  const { browser, screen } = device;
  const small = screen.viewportWidth < 768;

  const networkLevel: Level = net.state === 'measuring' ? 'pending' : net.state === 'failed' ? 'error' : latencyLevel(net.latency);
  const timeLevel: Level = net.state === 'measuring' ? 'pending' : net.state === 'failed' || !net.clock ? 'warn' : clockLevel(net.clock);
  const levels: Level[] = [
    browser.advice ? (browser.name === 'Internet Explorer' ? 'error' : 'warn') : 'ok',
    small ? 'warn' : 'ok',
    networkLevel,
    timeLevel,
    device.fullscreen ? 'ok' : 'warn',
    device.storage ? 'ok' : 'error',
  ];
  const pending = levels.includes('pending');
  const problems = levels.filter((l) => l === 'warn' || l === 'error').length;

  return (
    <PageContainer
      width="reading"
      title="设备检测"
      actions={
        <Button onClick={() => navigate(-1)} startIcon={<ArrowBack />} color="inherit" sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          返回
        </Button>
      }
    >
      <Stack spacing={2}>
        <Alert severity={pending ? 'info' : problems ? 'warning' : 'success'} role="status">
          {pending ? '正在检测，请稍候…' : problems ? `检测完成，有 ${problems} 项需要注意，请按提示处理后再参加考试` : '检测完成，设备可以正常参加考试'}
        </Alert>
        <Card>
          <Stack direction="row" sx={{ alignItems: 'center', px: { xs: 2, sm: 3 }, pt: 2, pb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: 17 }}>
              基本检测
            </Typography>
            <Button size="small" startIcon={<Refresh />} onClick={remeasure} disabled={net.state === 'measuring'}>
              重新检测网络
            </Button>
          </Stack>
          <Box component="ul" aria-label="检测项目" sx={{ m: 0, p: 0, pb: 1, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
            <CheckRow label="浏览器" level={levels[0]!} value={`${browser.name}${browser.version ? ` ${browser.version}` : ''}`} hint={browser.advice} />
            <CheckRow
              label="屏幕"
              level={levels[1]!}
              value={`${screen.width} × ${screen.height}（窗口 ${screen.viewportWidth} × ${screen.viewportHeight}${screen.ratio !== 1 ? `，缩放 ${Math.round(screen.ratio * 100)}%` : ''}）`}
              hint={small ? '屏幕较小，建议使用电脑参加考试' : undefined}
            />
            <CheckRow
              label="网络延迟"
              level={networkLevel}
              value={net.state === 'measuring' ? '正在测量…' : net.state === 'failed' ? '无法连接服务器' : `${net.latency} 毫秒`}
              hint={net.state === 'failed' ? '请检查网络连接后重新检测' : net.state === 'done' ? latencyAdvice(net.latency) : undefined}
            />
            <CheckRow
              label="时间校准"
              level={timeLevel}
              value={net.state === 'measuring' ? '正在测量…' : net.state === 'done' && net.clock ? clockText(net.clock) : '无法读取服务器时间'}
              hint={timeLevel === 'warn' ? '考试计时以服务器时间为准，本机时间不影响答题时长；建议校准系统时间' : undefined}
            />
            <CheckRow
              label="全屏"
              level={levels[4]!}
              value={device.fullscreen ? '支持' : '不支持'}
              hint={device.fullscreen ? undefined : '当前浏览器不支持全屏，要求全屏的考试可能无法参加，请使用电脑上的新版浏览器'}
              action={device.fullscreen ? <FullscreenTry /> : undefined}
            />
            <CheckRow
              label="本地存储"
              level={levels[5]!}
              value={device.storage ? '可用' : '不可用'}
              hint={device.storage ? '断网时答案会先保存在本机，恢复后自动提交' : '浏览器禁用了本地存储（如无痕模式），断网时答案无法暂存，请使用普通模式'}
            />
          </Box>
        </Card>
        <Card sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: 17, mb: 0.5 }}>
            摄像头和麦克风
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            需要监考的考试会使用摄像头和麦克风。点击“开始检测”后，浏览器会询问是否允许使用。
          </Typography>
          <Divider sx={{ mb: 2 }} />
          <MediaTest supported={device.media} />
        </Card>
      </Stack>
    </PageContainer>
  );
}
