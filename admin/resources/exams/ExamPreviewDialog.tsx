import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { examApi, type ExamGroup } from '../../../common/api';
import { QuType } from '../../../common/codes';
import { call } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { useCodeLabel } from '../shared/labels';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';
import { QuReadOnly } from '../papers/QuReadOnly';

/**
 * 预览试卷: one paper drawn at random from the composition as it stands in the form (not the saved
 * one), with answers and analyses; 重新抽取 draws another. `groups` null: the form still has
 * something to fix.
 */
export function ExamPreviewDialog({ groups, shuffleQuestions, onClose }: { groups: ExamGroup[] | null; shuffleQuestions: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const body = groups ? { groups, shuffleQuestions } : null;
  const q = useQuery({
    queryKey: [...endpointKey(examApi.preview, body ?? {}), 'preview'],
    queryFn: () => call(examApi.preview, body!, { silent: true }),
    enabled: body !== null,
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
  let content;
  if (!body) content = <Alert severity="warning">{translate('examhall.exams.previewInvalid')}</Alert>;
  else if (q.isPending) content = <LoadingBlock />;
  else if (q.isError) content = <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else {
    let n = 0;
    content = (
      <Stack spacing={2}>
        <Alert severity="info">{translate('examhall.exams.previewHint')}</Alert>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('examhall.exams.total', { score: q.data.totalScore, count: q.data.groups.reduce((s, g) => s + g.quList.length, 0) })}
        </Typography>
        {q.data.groups.map((g, gi) => (
          <Box key={gi} component="section" aria-label={g.title}>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
              <Typography variant="h6" sx={{ fontSize: 17 }}>
                {g.title}
              </Typography>
              <Chip size="small" label={codeLabel(QuType.items, g.quType)} />
              <Typography variant="body2" color="text.secondary">
                {translate('examhall.exams.sectionSummary', { count: g.quList.length, score: Math.round(g.quList.length * g.perScore * 100) / 100 })}
              </Typography>
            </Stack>
            <Stack spacing={2} divider={<Divider flexItem />}>
              {g.quList.map((qu) => {
                n += 1;
                return (
                  <Stack key={qu.id} direction="row" spacing={1} data-testid="preview-qu">
                    <Typography sx={{ fontWeight: 600, minWidth: 28 }}>{n}.</Typography>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <QuReadOnly question={qu} />
                      <Typography variant="caption" color="text.secondary">
                        {qu.repoTitle}
                      </Typography>
                    </Box>
                  </Stack>
                );
              })}
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="exam-preview-title" scroll="paper">
      <DialogTitle id="exam-preview-title">{translate('examhall.exams.previewTitle')}</DialogTitle>
      <DialogContent dividers>{content}</DialogContent>
      <DialogActions>
        {body ? (
          <Button startIcon={<RefreshIcon />} onClick={() => void q.refetch()} disabled={q.isFetching}>
            {translate('examhall.exams.previewAgain')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {translate('examhall.exams.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
