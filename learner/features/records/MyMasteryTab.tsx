import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import { Link as RouterLink } from 'react-router-dom';
import type { StatsMastery } from '../../../common/api/stats';
import { EmptyState } from '../../components/EmptyState';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useMyMastery } from './api/records';

/** Below this score rate a knowledge point is weak; from GOOD on it is mastered. */
const WEAK = 60;
const GOOD = 85;

const rateText = (v: number) => `${Math.round(v * 10) / 10}%`;
const tone = (v: number) => (v < WEAK ? 'error' : v < GOOD ? 'warning' : 'success');

function MasteryRow({ m }: { m: StatsMastery }) {
  const color = tone(m.scoreRate);
  return (
    <ListItem divider sx={{ display: 'block', px: { xs: 2, sm: 3 }, py: 1.5 }} aria-label={`${m.tag}：得分率 ${rateText(m.scoreRate)}，${m.questions} 题`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.75 }}>
        <Typography sx={{ fontWeight: 500, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{m.tag}</Typography>
        {m.scoreRate < WEAK && <Chip size="small" color="error" variant="outlined" label="薄弱" sx={{ height: 22 }} />}
        <Typography sx={{ fontWeight: 600, color: `${color}.main`, fontVariantNumeric: 'tabular-nums', minWidth: 52, textAlign: 'right' }}>{rateText(m.scoreRate)}</Typography>
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }} aria-hidden>
          <Box sx={{ height: '100%', width: `${Math.max(0, Math.min(100, m.scoreRate))}%`, bgcolor: `${color}.main`, borderRadius: 4 }} />
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {m.questions} 题
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
          <Button size="small" component={RouterLink} to={paths.wrongBookTag.to(m.tag)} aria-label={`${m.tag}的错题`} sx={{ minWidth: 0 }}>
            错题
          </Button>
          <Button size="small" component={RouterLink} to={paths.repo.to(undefined, m.tag)} aria-label={`练习${m.tag}`} sx={{ minWidth: 0 }}>
            练习
          </Button>
        </Stack>
      </Stack>
    </ListItem>
  );
}

const practiceButton = (
  <Button component={RouterLink} to={paths.repo.path} variant="outlined" startIcon={<EditNoteOutlined />}>
    去练习
  </Button>
);

/**
 * 知识点掌握 in the user centre: my score rate per knowledge point over the exams whose answers are
 * released to me, weakest first, each linked to its wrong questions across exams and to the banks
 * that practise it (知识点练习).
 */
export function MyMasteryTab() {
  const query = useMyMastery();
  return (
    <QueryState query={query}>
      {(mastery) =>
        mastery.length === 0 ? (
          <EmptyState text="还没有知识点掌握情况：考试公布答案后，这里会按知识点显示你的得分率" action={practiceButton} />
        ) : (
          <Box sx={{ mx: { xs: -2, sm: -3 }, mt: { xs: -2, sm: -3 } }}>
            <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, pt: 2, pb: 1 }}>
              来自已公布答案的考试：每个知识点上得到的分数占可得分数的比例，薄弱的排在前面
            </Typography>
            <List disablePadding aria-label="知识点掌握">
              {[...mastery].sort((a, b) => a.scoreRate - b.scoreRate || a.tag.localeCompare(b.tag)).map((m) => (
                <MasteryRow key={m.tag} m={m} />
              ))}
            </List>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, px: { xs: 2, sm: 3 }, pt: 2 }}>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                “错题”列出这个知识点答错的题，“练习”找出包含它的题库；各场考试的错题本在“我的成绩”中
              </Typography>
              <Button component={RouterLink} to={paths.paperRecords.path} variant="outlined" startIcon={<MenuBookOutlined />}>
                错题本
              </Button>
              {practiceButton}
            </Stack>
          </Box>
        )
      }
    </QueryState>
  );
}
