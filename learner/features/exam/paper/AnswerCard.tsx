import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaperDetail } from '../../../../common/api/paper';
import type { CardState } from './paperAnswers';

export interface NumberedItem {
  quId: string;
  number: number;
  group: number;
}

/** Every question of the paper numbered 1..n in section order. */
export function numberItems(paper: PaperDetail): NumberedItem[] {
  let n = 0;
  return paper.groups.flatMap((g, group) => g.quList.map((q) => ({ quId: q.quId, number: (n += 1), group })));
}

/** The answer card: sections with a button per question showing answered, marked and current. */
export function AnswerCard({
  paper,
  states,
  current,
  onPick,
}: {
  paper: PaperDetail;
  states: Record<string, CardState>;
  current: string | null;
  onPick: (quId: string) => void;
}) {
  const items = numberItems(paper);
  const answered = items.filter((i) => states[i.quId]?.answered).length;
  return (
    <Box component="nav" aria-label="答题卡">
      <Stack direction="row" justifyContent="space-between" alignItems="baseline" sx={{ mb: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>答题卡</Typography>
        <Typography variant="body2" color="text.secondary">
          已答 {answered} / {items.length}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mb: 1.5, fontSize: 12, color: 'text.secondary' }}>
        <Legend color="primary.main" label="已答" />
        <Legend color="grey.300" label="未答" />
        <Legend color="warning.main" label="标记" outline />
      </Stack>
      {paper.groups.map((g, gi) => (
        <Box key={gi} sx={{ mb: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
            {g.title}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(38px, 1fr))', gap: 0.75 }}>
            {items
              .filter((i) => i.group === gi)
              .map((i) => {
                const s = states[i.quId];
                const isCurrent = current === i.quId;
                return (
                  <ButtonBase
                    key={i.quId}
                    onClick={() => onPick(i.quId)}
                    aria-label={`第${i.number}题${s?.answered ? '，已答' : '，未答'}${s?.mark ? '，已标记' : ''}`}
                    aria-current={isCurrent ? 'step' : undefined}
                    data-answered={s?.answered ? 'true' : 'false'}
                    sx={{
                      height: 36,
                      borderRadius: 1,
                      fontSize: 14,
                      fontWeight: isCurrent ? 700 : 500,
                      color: s?.answered ? 'primary.contrastText' : 'text.primary',
                      bgcolor: s?.answered ? 'primary.main' : 'grey.100',
                      border: 2,
                      borderColor: s?.mark ? 'warning.main' : isCurrent ? 'primary.dark' : 'transparent',
                      boxShadow: isCurrent ? 2 : 0,
                    }}
                  >
                    {i.number}
                  </ButtonBase>
                );
              })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Legend({ color, label, outline }: { color: string; label: string; outline?: boolean }) {
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <Box sx={{ width: 12, height: 12, borderRadius: 0.5, ...(outline ? { border: 2, borderColor: color } : { bgcolor: color }) }} />
      <span>{label}</span>
    </Stack>
  );
}
