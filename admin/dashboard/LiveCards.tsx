import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { DashboardLive } from '../../common/api';
import { ExamState, PaperState } from '../../common/codes';

interface LiveCardDef {
  key: 'examsOpen' | 'learnersInExam' | 'handedInToday' | 'awaitingMarking';
  icon: ComponentType<SvgIconProps>;
  color: string;
  /** The admin list it opens, filtered to what it counts; with the resource that list needs. */
  resource: string;
  to: (live: DashboardLive) => string;
}

const CARDS: LiveCardDef[] = [
  {
    key: 'examsOpen',
    icon: EventAvailableIcon,
    color: '#1890ff',
    resource: 'exam/list',
    to: () => `/exam/list?${new URLSearchParams({ filter: JSON.stringify({ state: ExamState.OPEN }) })}`,
  },
  { key: 'learnersInExam', icon: PeopleOutlineIcon, color: '#13c2c2', resource: 'exam/paper', to: () => `/exam/paper?state=${PaperState.IN_EXAM}` },
  { key: 'handedInToday', icon: TaskAltIcon, color: '#52c41a', resource: 'exam/paper', to: (live) => `/exam/paper?handFrom=${live.todayStart}` },
  { key: 'awaitingMarking', icon: EditNoteIcon, color: '#fa8c16', resource: 'exam/mark', to: () => '/exam/mark' },
];

function LiveCard({ def, live }: { def: LiveCardDef; live: DashboardLive | undefined }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: def.resource, action: 'list' });
  const Icon = def.icon;
  const label = translate(`dashboard.${def.key}`);
  const content = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 }, p: { xs: 1.5, sm: 2.5 }, '&:last-child': { pb: { xs: 1.5, sm: 2.5 } } }}>
      <Box
        sx={{
          width: { xs: 40, sm: 52 },
          height: { xs: 40, sm: 52 },
          flexShrink: 0,
          borderRadius: 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: def.color,
          bgcolor: alpha(def.color, 0.1),
        }}
      >
        <Icon sx={{ fontSize: { xs: 22, sm: 28 } }} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.3 }}>
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600, lineHeight: 1.3 }} data-testid={`live-${def.key}`}>
          {live === undefined ? <Skeleton width={48} /> : live[def.key].toLocaleString()}
        </Typography>
      </Box>
      {canAccess ? <ChevronRightIcon color="action" sx={{ display: { xs: 'none', sm: 'block' } }} /> : null}
    </CardContent>
  );
  return (
    <Card component="section" aria-label={label}>
      {canAccess && live ? (
        <CardActionArea component={RouterLink} to={def.to(live)} title={translate('dashboard.openList', { name: label })}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** 此刻: exams open, learners in an exam, papers handed in today and awaiting marking; each opens its list, filtered. */
export function LiveCards({ live }: { live: DashboardLive | undefined }) {
  return (
    <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
      {CARDS.map((def) => (
        <LiveCard key={def.key} def={def} live={live} />
      ))}
    </Box>
  );
}
