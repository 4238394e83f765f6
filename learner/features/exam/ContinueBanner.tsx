import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useOpenPaper } from './api/exam';
import { clock } from './format';

/** "You have an exam in progress": from check-process, on the learner home. Nothing while none is open (or the call failed). */
export function ContinueBanner() {
  const { data } = useOpenPaper();
  if (!data) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button component={RouterLink} to={paths.examStart.to(data.id)} variant="contained" color="warning" size="small">
          继续考试
        </Button>
      }
    >
      你有一场考试正在进行：<b>{data.title}</b>（剩余 {clock(data.leftSeconds)}），请尽快回到考试。
    </Alert>
  );
}
