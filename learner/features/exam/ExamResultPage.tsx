import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import HourglassTop from '@mui/icons-material/HourglassTop';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useState } from 'react';
import type { PaperResult, ReviewQu } from '../../../common/api/paper';
import type { MyRank } from '../../../common/api/ranking';
import { HandType, PaperState, QuType } from '../../../common/codes';
import { QuestionReview } from '../../../common/components/question';
import { formatTime } from '../../../common/format';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useDistribution, usePaperResult } from './api/exam';
import { ScoreDistribution } from './ScoreDistribution';
import { scoreText } from './format';
import { RankingDialog } from './RankingDialog';

function Verdict({ result }: { result: PaperResult }) {
  if (result.state === PaperState.AWAITING_MARK) {
    return (
      <Stack alignItems="center" spacing={1} sx={{ py: 2 }}>
        <HourglassTop color="warning" sx={{ fontSize: 56 }} />
        <Typography variant="h6">试卷已提交，等待阅卷</Typography>
        <Typography color="text.secondary">简答题需要老师批阅，阅卷完成后可以在这里查看成绩。</Typography>
      </Stack>
    );
  }
  if (result.userScore === null) {
    return (
      <Stack alignItems="center" spacing={1} sx={{ py: 2 }}>
        <CheckCircle color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h6">试卷已提交</Typography>
      </Stack>
    );
  }
  return (
    <Stack alignItems="center" spacing={1} sx={{ py: 2 }}>
      {result.passed ? <CheckCircle color="success" sx={{ fontSize: 56 }} /> : <Cancel color="error" sx={{ fontSize: 56 }} />}
      <Typography sx={{ fontSize: 44, fontWeight: 700, lineHeight: 1.1 }} data-testid="user-score">
        {scoreText(result.userScore)}
        <Typography component="span" color="text.secondary" sx={{ fontSize: 18, ml: 0.5 }}>
          / {scoreText(result.totalScore)} 分
        </Typography>
      </Typography>
      <Chip color={result.passed ? 'success' : 'error'} label={result.passed ? '考试通过' : '未通过'} />
      <Typography variant="body2" color="text.secondary">
        及格分 {scoreText(result.qualifyScore)}
      </Typography>
      {result.ranking && <MyRanking result={result} rank={result.ranking} />}
      <MyDistribution examId={result.examId} />
    </Stack>
  );
}

/** Where my best score stands among everyone's best, where the exam shows it (nothing otherwise). */
function MyDistribution({ examId }: { examId: string }) {
  const q = useDistribution(examId, true);
  if (!q.data || q.data.attempts < 2) return null;
  return <ScoreDistribution data={q.data} />;
}

/** 本场排名: my place among those ranked (by my best paper), and the whole ranking in a dialog. */
function MyRanking({ result, rank }: { result: PaperResult; rank: MyRank }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        alignItems="center"
        useFlexGap
        flexWrap="wrap"
        justifyContent="center"
        sx={{ mt: 1, px: 2, py: 1, borderRadius: 2, bgcolor: 'action.hover' }}
        data-testid="my-rank"
      >
        <EmojiEvents sx={{ color: '#f5a623' }} />
        <Typography>
          本场排名 第{' '}
          <Typography component="span" sx={{ fontWeight: 700, fontSize: 20 }}>
            {rank.rank}
          </Typography>{' '}
          名 / 共 {rank.total} 人
        </Typography>
        <Button size="small" onClick={() => setOpen(true)}>
          查看排名
        </Button>
      </Stack>
      <RankingDialog examId={result.examId} title={result.title} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function ReviewItem({ item, number }: { item: ReviewQu; number: number }) {
  const pending = item.actualScore === null;
  return (
    <Box sx={{ py: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>第 {number} 题</Typography>
        <Chip size="small" label={QuType.label(item.quType)} />
        <Chip
          size="small"
          color={pending ? 'default' : item.isRight ? 'success' : item.actualScore! > 0 ? 'warning' : 'error'}
          label={pending ? '待阅卷' : `${scoreText(item.actualScore)} / ${scoreText(item.score)} 分${!item.isRight && item.actualScore! > 0 ? '（部分得分）' : ''}`}
        />
        <Box sx={{ flex: 1 }} />
        <Button size="small" component={RouterLink} to={paths.quView.to(item.quId)}>
          查看试题
        </Button>
      </Stack>
      <QuestionReview question={item.question} answer={item.answer} subAnswers={item.subList.map((s) => s.answer)} />
      {item.comment && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          阅卷评语：{item.comment}
        </Alert>
      )}
    </Box>
  );
}

/** /web/exam/result/{paperId}: the thank-you, the score and pass/fail, and the review, as far as the exam releases them. */
export function ExamResultPage() {
  const { id = '' } = useParams();
  const query = usePaperResult(id);
  return (
    <PageContainer width="reading">
      <QueryState query={query}>
        {(result) => {
          let n = 0;
          return (
            <Stack spacing={2}>
              <Card sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
                <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
                  {result.title}
                </Typography>
                {result.handType !== null && result.handType !== HandType.LEARNER && (
                  <Alert severity="warning" sx={{ textAlign: 'left', mb: 1 }}>
                    {HandType.label(result.handType)}
                  </Alert>
                )}
                <Verdict result={result} />
                {result.thanks && <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{result.thanks}</Typography>}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center" sx={{ mt: 3 }}>
                  <Button component={RouterLink} to={paths.examList.path} variant="contained">
                    返回考试列表
                  </Button>
                  <Button component={RouterLink} to={paths.paperRecords.path} variant="outlined">
                    我的成绩
                  </Button>
                  <Button component={RouterLink} to={paths.wrongBook.to(result.examId)} variant="outlined">
                    错题本
                  </Button>
                </Stack>
              </Card>
              {result.reviewOpen ? (
                <Card sx={{ px: { xs: 2, sm: 4 }, py: 1 }}>
                  {result.groups.map((g, gi) => (
                    <Box key={gi}>
                      <Typography variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
                        {g.title}（每题 {scoreText(g.perScore)} 分）
                      </Typography>
                      {g.quList.map((item) => {
                        n += 1;
                        return (
                          <Box key={item.quId}>
                            <ReviewItem item={item} number={n} />
                            <Divider />
                          </Box>
                        );
                      })}
                    </Box>
                  ))}
                </Card>
              ) : (
                result.reviewOpensAt && (
                  <Alert severity="info">答案与解析将在 {formatTime(result.reviewOpensAt, 'YYYY-MM-DD HH:mm')} 考试结束后公布。</Alert>
                )
              )}
            </Stack>
          );
        }}
      </QueryState>
    </PageContainer>
  );
}
