import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { QuLevel, QuType } from '../../../common/codes';
import { QuestionReview } from '../../../common/components/question';
import { ErrorCode } from '../../../common/errorCodes';
import { ApiError } from '../../../common/http';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useLearnerQu } from './api/qu';

/** The server refused: this learner has not earned the question's answer. Says so, and where answers can be seen. */
function Refusal({ message }: { message: string }) {
  return (
    <Card sx={{ py: { xs: 5, sm: 7 }, px: 3, textAlign: 'center' }} role="alert">
      <LockOutlined sx={{ fontSize: 52, color: 'action.disabled' }} aria-hidden />
      <Typography sx={{ mt: 1, fontWeight: 500, fontSize: 17 }}>{message}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 460, mx: 'auto' }}>
        错题本里的题目、练习中答过的题目，以及考试公布答案后的试题，才能查看答案和解析。
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'center' }}>
        <Button variant="contained" component={RouterLink} to={paths.paperRecords.path}>
          我的成绩
        </Button>
        <Button variant="outlined" component={RouterLink} to={paths.repo.to()}>
          题库训练
        </Button>
      </Stack>
    </Card>
  );
}

/** /web/qu/view/{id}: a question with its answer and analysis, for a learner who has earned it; the server's refusal otherwise. */
export function QuViewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useLearnerQu(id);
  const refusal = query.error instanceof ApiError && query.error.code === ErrorCode.FORBIDDEN ? query.error.message : '';

  return (
    <PageContainer
      width="reading"
      title="试题详情"
      actions={
        <Button onClick={() => navigate(-1)} startIcon={<ArrowBack />} color="inherit" sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          返回
        </Button>
      }
    >
      {refusal ? (
        <Refusal message={refusal} />
      ) : (
        <Card sx={{ p: { xs: 2, sm: 3 } }}>
          <QueryState query={query}>
            {(qu) => (
              <Box component="article" aria-label="试题">
                <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
                  <Chip size="small" color="primary" variant="outlined" label={QuType.label(qu.quType)} />
                  {qu.level !== undefined && qu.level !== QuLevel.ORDINARY && <Chip size="small" label={QuLevel.label(qu.level)} />}
                  {(qu.tags ?? []).map((t) => (
                    <Chip key={t} size="small" variant="outlined" label={t} />
                  ))}
                </Stack>
                <QuestionReview question={qu} />
              </Box>
            )}
          </QueryState>
        </Card>
      )}
    </PageContainer>
  );
}
