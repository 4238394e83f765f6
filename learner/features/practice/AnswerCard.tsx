import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TrainingCard } from './api/practice';

type Item = TrainingCard['items'][number];

const stateOf = (i: Item) => (!i.answered ? '未答' : i.assessment === 'pending' ? '待自评' : `${i.assessment === 'self' ? '自评' : ''}${i.isRight ? '答对' : '答错'}`);

const LEGEND = [
  { label: '答对', sx: { bgcolor: 'success.main' } },
  { label: '答错', sx: { bgcolor: 'error.main' } },
  { label: '待自评', sx: { border: 2, borderColor: 'info.main', bgcolor: 'background.paper' } },
  { label: '未答', sx: { border: 1, borderColor: 'divider', bgcolor: 'background.paper' } },
];

/** The positions of a training, coloured right / wrong / awaiting my own verdict / open; a click jumps there. */
export function AnswerCard({ items, current, onJump }: { items: Item[]; current: number; onJump: (sequence: number) => void }) {
  return (
    <Box>
      <Box component="nav" aria-label="答题卡" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(36px, 1fr))', gap: 1 }}>
        {items.map((i) => {
          const here = i.sequence === current;
          const awaiting = i.assessment === 'pending';
          const color = i.answered && !awaiting ? (i.isRight ? 'success' : 'error') : null;
          return (
            <ButtonBase
              key={i.sequence}
              onClick={() => onJump(i.sequence)}
              aria-label={`第${i.sequence}题，${stateOf(i)}`}
              aria-current={here ? 'step' : undefined}
              data-state={awaiting ? 'pending' : i.answered ? (i.isRight ? 'right' : 'wrong') : 'open'}
              sx={{
                height: 36,
                borderRadius: 1.5,
                fontSize: 14,
                fontWeight: here ? 700 : 500,
                border: awaiting ? 2 : 1,
                borderColor: color ? `${color}.main` : awaiting ? 'info.main' : 'divider',
                bgcolor: color ? `${color}.main` : 'background.paper',
                color: color ? 'common.white' : 'text.primary',
                outline: here ? '2px solid' : 'none',
                outlineColor: 'primary.main',
                outlineOffset: 2,
                '&:hover': { borderColor: 'primary.main' },
              }}
            >
              {i.sequence}
            </ButtonBase>
          );
        })}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }} aria-hidden>
        {LEGEND.map((l) => (
          <Stack key={l.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, ...l.sx }} />
            <Typography variant="caption" color="text.secondary">
              {l.label}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
