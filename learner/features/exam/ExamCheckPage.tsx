import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { ExamForLearner } from '../../../common/api/exam';
import type { PreCheckResult } from '../../../common/api/paper';
import { DisplayMode, ExamState, ResultShow } from '../../../common/codes';
import { RichContent } from '../../../common/components/RichContent';
import { ApiError } from '../../../common/http';
import { PageContainer } from '../../components/PageContainer';
import { PasswordField } from '../../components/PasswordField';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { createPaper, examKeys, preCheck, useOnlineExam } from './api/exam';
import { durationText, examWindow, needsPassword, scoreText, stateColor } from './format';

/** The rules a learner agrees to before starting, in plain words. */
export function examRules(exam: ExamForLearner): string[] {
  const rules = [
    `考试时间：${examWindow(exam)}`,
    `考试时长：${durationText(exam.totalTime)}${exam.totalTime > 0 ? '，从进入考试开始计时，到时自动交卷' : ''}`,
    `共 ${exam.quCount} 题，总分 ${scoreText(exam.totalScore)} 分，${scoreText(exam.qualifyScore)} 分及格`,
    `考试次数：${exam.chance > 0 ? `最多 ${exam.chance} 次` : '不限'}（已考 ${exam.tryCount} 次）`,
    `作答方式：${DisplayMode.label(exam.displayMode)}，每道题作答后立即保存到服务器`,
  ];
  if (exam.handMin > 0) rules.push(`开考 ${exam.handMin} 分钟后才能交卷`);
  if (exam.lateMax > 0) rules.push(`开考 ${exam.lateMax} 分钟后不能再进入考试`);
  if (exam.leaveLimit > 0) rules.push(`离开考试页面（切换窗口或标签页）达到 ${exam.leaveLimit} 次将被强制交卷`);
  if (exam.fullscreen) rules.push('考试须全屏进行，退出全屏会被记录');
  if (exam.blockPaste) rules.push('考试中禁止粘贴');
  if (exam.watermark) rules.push('试卷带有你的姓名水印');
  if (exam.idleLimit > 0) rules.push(`连续 ${exam.idleLimit} 分钟没有任何操作将被强制交卷`);
  rules.push(`成绩公布：${ResultShow.label(exam.resultShow)}`);
  return rules;
}

function CheckForm({ exam }: { exam: ExamForLearner }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState('');
  const [check, setCheck] = useState<PreCheckResult | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const withPassword = needsPassword(exam) && !exam.openPaperId;

  // Without a password the server can say at once whether I may start.
  useEffect(() => {
    if (withPassword) return;
    let live = true;
    preCheck(exam.id)
      .then((r) => live && setCheck(r))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : '检查失败，请刷新重试'));
    return () => {
      live = false;
    };
  }, [exam.id, withPassword]);

  const start = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (withPassword && !password.trim()) {
      setPasswordError('请输入考试密码');
      return;
    }
    setPasswordError('');
    setBusy(true);
    try {
      const pre = await preCheck(exam.id, withPassword ? password : undefined);
      setCheck(pre);
      if (!pre.validated) return;
      const paper = await createPaper(exam.id, withPassword ? password : undefined);
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
      navigate(paths.examStart.to(paper.id));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '无法开始考试，请重试');
    } finally {
      setBusy(false);
    }
  };

  const resume = check?.paperId ?? exam.openPaperId;
  const refused = Boolean(check && !check.validated);
  return (
    <Box component="form" onSubmit={start} noValidate>
      {withPassword && (
        <Box sx={{ maxWidth: 360, mb: 2 }}>
          <PasswordField
            label="考试密码"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(passwordError)}
            helperText={passwordError || '本场考试需要输入密码才能进入'}
            fullWidth
          />
        </Box>
      )}
      {refused && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {check?.message}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button type="submit" variant="contained" size="large" disabled={busy || (!withPassword && !check && !error) || (refused && !withPassword)}>
          {resume ? '继续考试' : busy ? '正在进入…' : '开始考试'}
        </Button>
        <Button component={RouterLink} to={paths.examDebug.path} variant="outlined" size="large">
          设备检测
        </Button>
        <Button component={RouterLink} to={paths.examList.path} size="large">
          返回考试列表
        </Button>
      </Stack>
    </Box>
  );
}

/** /web/exam/check/{examId}: the instructions and rules, the password box, what the server says, the start button. */
export function ExamCheckPage() {
  const { id = '' } = useParams();
  const query = useOnlineExam(id);
  return (
    <PageContainer width="reading">
      <QueryState query={query}>
        {(exam) => (
          <Card sx={{ p: { xs: 2, sm: 4 } }}>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h5" component="h1" sx={{ mr: 1 }}>
                {exam.title}
              </Typography>
              <Chip size="small" color={stateColor(exam.state)} label={ExamState.label(exam.state)} />
            </Stack>
            {exam.content.trim() && (
              <>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  考试说明
                </Typography>
                <RichContent html={exam.content} />
                <Divider sx={{ my: 2 }} />
              </>
            )}
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              考试规则
            </Typography>
            <Box component="ol" sx={{ pl: 3, mt: 0, mb: 3, '& li': { mb: 0.75, lineHeight: 1.7 } }}>
              {examRules(exam).map((r) => (
                <li key={r}>{r}</li>
              ))}
            </Box>
            <CheckForm exam={exam} />
          </Card>
        )}
      </QueryState>
    </PageContainer>
  );
}
