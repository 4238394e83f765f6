import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSession } from '../../app/session/context';
import { useSignedIn } from './useSignedIn';
import { useFaceLogin } from '../../components/face/api';
import { FaceCapture, type FaceCaptured } from '../../components/face/FaceCapture';

/** 刷脸登录: an optional user name, then a live capture; the face worker loads only here. */
export function FaceLoginForm() {
  const { site } = useSession();
  const login = useFaceLogin();
  const done = useSignedIn();
  const [userName, setUserName] = useState('');
  const [capturing, setCapturing] = useState(false);

  const captured = (c: FaceCaptured) =>
    login.mutate({ userName: userName.trim() || undefined, descriptor: c.descriptor, liveness: c.liveness }, { onSuccess: done, onError: () => setCapturing(false) });

  if (capturing) {
    return (
      <Stack spacing={2}>
        <FaceCapture livenessMin={(site?.faceLiveness ?? 40) / 100} withPhoto={false} onCaptured={captured} />
        <Button onClick={() => setCapturing(false)} disabled={login.isPending || login.isSuccess}>
          返回
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => { e.preventDefault(); setCapturing(true); }}>
      <TextField label="用户名（选填）" value={userName} onChange={(e) => setUserName(e.target.value)} autoComplete="username" helperText="填写用户名可更快、更准确地识别" inputProps={{ maxLength: 64 }} />
      <Button type="submit" variant="contained" size="large" sx={{ py: 1.25 }}>
        开始刷脸
      </Button>
      <Typography variant="body2" color="text.secondary">
        需先在“用户中心 → 人脸识别”中录入人脸。
      </Typography>
    </Stack>
  );
}
