import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import { authApi, type CodeSent } from '../../common/api/user';
import { ErrorCode } from '../../common/errorCodes';
import { ApiError, call, notify } from '../../common/http';
import { TextInput } from './TextInput';

export interface CaptchaAnswer {
  captchaId?: string;
  captcha?: string;
}

/** Seconds named in a "too soon" refusal (请40秒后再试). */
const secondsIn = (msg: string) => Number(msg.match(/(\d+)秒/)?.[1] ?? 60);

/**
 * The 获取验证码 button with its countdown, and the picture captcha the server asks for once a
 * number or address has been sent a code before. `send` calls the endpoint; `check` says what is
 * wrong with the target before anything is asked (or nothing).
 */
export function SendCode({
  send,
  check,
  disabled,
  codeField,
}: {
  send: (captcha: CaptchaAnswer) => Promise<CodeSent>;
  check: () => string | undefined;
  disabled?: boolean;
  /** The code input, laid out beside the button. */
  codeField: ReactNode;
}) {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [captcha, setCaptcha] = useState<{ id: string; svg: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  const countDown = (seconds: number) => {
    setNow(Date.now());
    setUntil(Date.now() + seconds * 1000);
  };
  const loadCaptcha = async () => {
    setAnswer('');
    setCaptcha(await call(authApi.captcha, {}));
  };

  const click = async () => {
    const problem = check();
    if (problem) {
      notify.error(problem);
      return;
    }
    if (captcha && !answer.trim()) {
      notify.error('请输入图形验证码');
      return;
    }
    setBusy(true);
    try {
      const sent = await send(captcha ? { captchaId: captcha.id, captcha: answer.trim() } : {});
      setCaptcha(null);
      setAnswer('');
      countDown(sent.interval);
      notify.success('验证码已发送，请注意查收');
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.code === ErrorCode.CAPTCHA_REQUIRED || e.code === ErrorCode.CAPTCHA_INVALID) await loadCaptcha();
        else if (e.code === ErrorCode.CODE_TOO_SOON) countDown(secondsIn(e.message));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      {captcha && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <TextInput label="图形验证码" value={answer} onChange={(e) => setAnswer(e.target.value)} autoComplete="off" sx={{ flex: 1 }} />
          <ButtonBase
            aria-label="看不清？换一张"
            title="看不清？点击换一张"
            onClick={() => void loadCaptcha()}
            sx={{ height: 54, width: 130, flexShrink: 0, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.paper', overflow: 'hidden' }}
          >
            <Box component="img" alt="图形验证码" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`} sx={{ width: 1, height: 1, display: 'block' }} />
          </ButtonBase>
        </Stack>
      )}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>{codeField}</Box>
        <Button variant="outlined" onClick={() => void click()} disabled={disabled || busy || left > 0} sx={{ whiteSpace: 'nowrap', minWidth: 116, height: 54, flexShrink: 0 }}>
          {left > 0 ? `${left}秒后重发` : captcha ? '验证并发送' : '获取验证码'}
        </Button>
      </Stack>
    </Stack>
  );
}
