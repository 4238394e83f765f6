import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FACE_MODEL_NAME } from '../../../common/face';
import { notify } from '../../../common/http';
import { formatTime } from '../../../common/format';
import { useSession } from '../../app/session/context';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useFaceDelete, useFaceEnrol, useFaceStatus } from '../../components/face/api';
import { FaceCapture, type FaceCaptured } from '../../components/face/FaceCapture';

/** What the user agrees to before any capture: face data is sensitive personal information. */
function Consent({ keepPhoto }: { keepPhoto: boolean }) {
  return (
    <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        人脸信息处理说明
      </Typography>
      <Typography variant="body2" component="div" color="text.secondary" sx={{ '& p': { m: 0, mb: 1 } }}>
        <p>人脸信息属于敏感个人信息。录入前请仔细阅读：</p>
        <p>
          <b>保存什么：</b>
          {keepPhoto
            ? '一组由您的面部计算出的数字特征（人脸特征值），以及录入时的一张照片（本站设置为保存录入照片）。'
            : '仅保存一组由您的面部计算出的数字特征（人脸特征值）。特征值在您的浏览器中计算，照片和视频不会上传。'}
        </p>
        <p>
          <b>用途：</b>刷脸登录，以及考试前和考试中的身份核验。
        </p>
        <p>
          <b>保存期限：</b>直到您本人或管理员删除，或账号被删除为止。您可以随时在此页面删除。
        </p>
      </Typography>
    </Box>
  );
}

/** 人脸识别 in the user centre: consent, live capture with quality and liveness checks, and deletion. */
export function FaceEnrolTab() {
  const { site } = useSession();
  const status = useFaceStatus();
  const enrol = useFaceEnrol();
  const remove = useFaceDelete();
  const [agreed, setAgreed] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  if (status.isPending) return <LoadingScreen />;
  if (!status.data) return <Alert severity="error">人脸信息加载失败，请刷新重试</Alert>;
  const { enrolled, createTime, keepPhoto } = status.data;
  const livenessMin = (site?.faceLiveness ?? 40) / 100;

  const captured = (c: FaceCaptured) =>
    enrol.mutate(
      { descriptor: c.descriptor, liveness: c.liveness, model: FACE_MODEL_NAME, version: c.version, photo: c.photo },
      {
        onSuccess: () => {
          notify.success('人脸录入成功');
          setCapturing(false);
          setAgreed(false);
        },
        onError: () => setCapturing(false),
      },
    );

  if (capturing) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 520 }}>
        <FaceCapture livenessMin={livenessMin} withPhoto={keepPhoto} onCaptured={captured} />
        <Box sx={{ textAlign: 'center' }}>
          <Button onClick={() => setCapturing(false)} disabled={enrol.isPending}>
            取消
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 520 }}>
      {enrolled ? (
        <Alert severity="success">已录入人脸{createTime ? `（${formatTime(createTime, 'YYYY-MM-DD HH:mm')}）` : ''}，可用于刷脸登录和考试身份核验。</Alert>
      ) : (
        <Alert severity="info">尚未录入人脸。录入后可刷脸登录，考试时也可用于身份核验。</Alert>
      )}
      <Consent keepPhoto={keepPhoto} />
      <FormControlLabel control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />} label="我已阅读并同意以上人脸信息处理说明" />
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <Button variant="contained" disabled={!agreed} onClick={() => setCapturing(true)} sx={{ ml: '0 !important' }}>
          {enrolled ? '重新录入' : '开始录入'}
        </Button>
        {enrolled && !confirmDelete && (
          <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)} sx={{ ml: '0 !important' }}>
            删除人脸信息
          </Button>
        )}
      </Stack>
      {confirmDelete && (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={() => setConfirmDelete(false)}>
                取消
              </Button>
              <Button
                color="error"
                size="small"
                variant="contained"
                disabled={remove.isPending}
                onClick={() => remove.mutate(undefined, { onSuccess: () => { notify.success('人脸信息已删除'); setConfirmDelete(false); } })}
              >
                确认删除
              </Button>
            </Stack>
          }
        >
          删除后将无法刷脸登录，确定删除？
        </Alert>
      )}
    </Stack>
  );
}
