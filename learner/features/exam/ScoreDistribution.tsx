import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { StatsDistribution } from '../../../common/api/stats';
import { scoreText } from './format';

/**
 * 成绩分布: everyone's best scores in bands as small bars (mine highlighted, the pass line marked),
 * with how many I beat. Plain boxes, no chart library: the result page stays light.
 */
export function ScoreDistribution({ data }: { data: StatsDistribution }) {
  const peak = Math.max(1, ...data.bands.map((b) => b.count));
  const last = data.bands.length - 1;
  const isMine = (i: number) => {
    const b = data.bands[i];
    return data.myScore >= b.from && (data.myScore < b.to || (i === last && data.myScore <= b.to));
  };
  return (
    <Box sx={{ width: '100%', maxWidth: 520, mt: 2, px: 2, py: 1.5, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="score-distribution">
      <Stack direction="row" justifyContent="space-between" alignItems="baseline" useFlexGap flexWrap="wrap" sx={{ mb: 1, columnGap: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>成绩分布</Typography>
        <Typography variant="body2" color="text.secondary">
          {data.attempts} 人参加 · 平均 {scoreText(data.mean)} 分 · 中位数 {scoreText(data.median)} 分
        </Typography>
      </Stack>
      <Box role="img" aria-label="各分数段人数" sx={{ display: 'flex', alignItems: 'flex-end', gap: '3px', height: 72 }}>
        {data.bands.map((b, i) => (
          <Tooltip key={b.from} title={`${scoreText(b.from)}–${scoreText(b.to)} 分：${b.count} 人`}>
            <Box
              data-mine={isMine(i) || undefined}
              sx={{
                flex: 1,
                minWidth: 0,
                height: `${Math.max(4, (72 * b.count) / peak)}px`,
                borderRadius: '3px 3px 0 0',
                bgcolor: isMine(i) ? 'primary.main' : b.to <= data.qualifyScore ? 'grey.400' : 'success.light',
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Stack direction="row" justifyContent="space-between" sx={{ mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          0
        </Typography>
        <Typography variant="caption" color="text.secondary">
          及格 {scoreText(data.qualifyScore)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {scoreText(data.totalScore)}
        </Typography>
      </Stack>
      {data.beatPercent !== null && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          我的最好成绩 {scoreText(data.myScore)} 分，超过了 <b>{scoreText(data.beatPercent)}%</b> 的考生
        </Typography>
      )}
    </Box>
  );
}
