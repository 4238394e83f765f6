import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Replay from '@mui/icons-material/Replay';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PracticeMode, QuType } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { accuracy, judged, useTrainingResult } from './api/practice';
import { trainingLabel } from './useStartTraining';

function Figure({ label, value, color }: { label: string; value: ReactNode; color?: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 700, fontSize: { xs: 22, sm: 28 }, color }}>{value}</Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** /web/repo/repo/{trainId}: how a training went (the server's verdicts and my own apart), per type, the questions I missed and those awaiting my verdict. */
export function TrainingResultPage() {
  const { trainId = '' } = useParams();
  const query = useTrainingResult(trainId);
  return (
    <PageContainer width="reading">
      <QueryState query={query}>
        {({ training, byType, wrong, pending }) => {
          const judgedWrong = wrong.filter((w) => !w.selfAssessed).length;
          return (
          <>
            <Link component={RouterLink} to={paths.repoView.to(training.repoId)} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
              <ArrowBack fontSize="small" /> 返回题库
            </Link>
            <Card sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography variant="h5" component="h1">
                  练习结果
                </Typography>
                <Chip size="small" color="primary" variant="outlined" label={trainingLabel(training)} />
                {training.finished ? <Chip size="small" color="success" label="已完成" /> : <Chip size="small" label="未完成" />}
              </Stack>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {training.repoTitle} · {formatTime(training.updateTime, 'YYYY-MM-DD HH:mm')}
              </Typography>
              <Stack direction="row" sx={{ mt: 3, gap: 1 }}>
                <Figure label="已答 / 总题数" value={`${training.answered}/${training.total}`} />
                <Figure label="答对" value={judged(training).right} color="success.main" />
                <Figure label="答错" value={judgedWrong} color={judgedWrong ? 'error.main' : undefined} />
                <Figure label="正确率" value={accuracy(training)} />
              </Stack>
              {(training.selfAssessed > 0 || training.pending > 0) && (
                <Box component="section" aria-label="自评的题" sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
                  <Stack direction="row" sx={{ gap: 1 }}>
                    <Figure label="自评" value={training.selfAssessed} />
                    <Figure label="自评答对" value={training.selfRight} color="success.main" />
                    <Figure label="自评答错" value={training.selfAssessed - training.selfRight} color={training.selfAssessed > training.selfRight ? 'error.main' : undefined} />
                    <Figure label="待自评" value={training.pending} color={training.pending ? 'info.main' : undefined} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
                    简答题由你对照参考答案自评，单独统计，不计入上面的正确率
                  </Typography>
                </Box>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'center' }}>
                {wrong.length > 0 && (
                  <Button
                    variant="contained"
                    disableElevation
                    startIcon={<Replay />}
                    component={RouterLink}
                    to={paths.repoTraining.to(training.repoId, PracticeMode.RETRY, { fromTrainId: training.id })}
                  >
                    再练一遍错题
                  </Button>
                )}
                {!training.finished && (
                  <Button variant="outlined" component={RouterLink} to={paths.repoTraining.to(training.repoId, training.mode, { trainId: training.id })}>
                    继续练习
                  </Button>
                )}
                <Button variant="outlined" component={RouterLink} to={paths.repoView.to(training.repoId)}>
                  选择其他练习
                </Button>
              </Stack>
            </Card>
            <Card component="section" aria-label="按题型统计" sx={{ mb: 2 }}>
              <Typography component="h2" sx={{ fontWeight: 600, fontSize: 16, px: 2, pt: 2, pb: 1 }}>
                按题型统计
              </Typography>
              <TableContainer>
                <Table size="small" aria-label="按题型统计">
                  <TableHead>
                    <TableRow>
                      <TableCell>题型</TableCell>
                      <TableCell align="right">题数</TableCell>
                      <TableCell align="right">已答</TableCell>
                      <TableCell align="right">答对</TableCell>
                      <TableCell align="right">正确率</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {byType.map((t) => (
                      <TableRow key={t.quType}>
                        <TableCell>{QuType.label(t.quType)}</TableCell>
                        <TableCell align="right">{t.total}</TableCell>
                        <TableCell align="right">{t.answered}</TableCell>
                        <TableCell align="right">{t.right}</TableCell>
                        <TableCell align="right">
                          {accuracy(t)}
                          {t.selfAssessed > 0 && (
                            <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
                              自评 {t.selfRight}/{t.selfAssessed}
                            </Typography>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Card>
            {pending.length > 0 && (
              <Card component="section" aria-label="待自评的题" sx={{ mb: 2 }}>
                <Typography component="h2" sx={{ fontWeight: 600, fontSize: 16, px: 2, pt: 2, pb: 1 }}>
                  待自评的题（{pending.length}）
                </Typography>
                <Box component="ol" aria-label="待自评的题" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                  {pending.map((p) => (
                    <Box component="li" key={p.quId} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}>
                      <Typography color="text.secondary" sx={{ minWidth: 24 }}>
                        {p.sequence}.
                      </Typography>
                      <Typography sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{p.title || '（无题干文字）'}</Typography>
                      <Button size="small" component={RouterLink} to={paths.repoTraining.to(training.repoId, training.mode, { trainId: training.id })} sx={{ flexShrink: 0 }}>
                        去自评
                      </Button>
                    </Box>
                  ))}
                </Box>
              </Card>
            )}
            <Card component="section" aria-label="答错的题">
              <Typography component="h2" sx={{ fontWeight: 600, fontSize: 16, px: 2, pt: 2, pb: 1 }}>
                答错的题（{wrong.length}）
              </Typography>
              {wrong.length === 0 ? (
                <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
                  {training.answered ? '这次练习没有答错的题，继续保持！' : '这次练习还没有作答'}
                </Typography>
              ) : (
                <Box component="ol" aria-label="答错的题" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                  {wrong.map((w, i) => (
                    <Box component="li" key={w.quId} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}>
                      <Typography color="text.secondary" sx={{ minWidth: 24 }}>
                        {i + 1}.
                      </Typography>
                      <Link component={RouterLink} to={paths.quView.to(w.quId)} underline="hover" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {w.title || '（无题干文字）'}
                      </Link>
                      {w.selfAssessed && <Chip size="small" variant="outlined" label="自评" sx={{ flexShrink: 0 }} />}
                      <Chip size="small" label={QuType.label(w.quType)} sx={{ flexShrink: 0 }} />
                    </Box>
                  ))}
                </Box>
              )}
            </Card>
          </>
          );
        }}
      </QueryState>
    </PageContainer>
  );
}
