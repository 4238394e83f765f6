import type { ComponentType } from 'react';
import { useCanAccess, useGetIdentity, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import { dashboardApi, type DashboardStat } from '../../common/api';
import { endpointQuery } from '../providers/endpointQuery';
import { LoadError } from '../resources/shared/LoadError';

interface StatCardDef {
  key: keyof DashboardStat;
  label: string;
  icon: ComponentType<SvgIconProps>;
  color: string;
}

const CARDS: StatCardDef[] = [
  { key: 'userCount', label: 'dashboard.users', icon: PeopleOutlineIcon, color: '#1890ff' },
  { key: 'departCount', label: 'dashboard.departs', icon: AccountTreeOutlinedIcon, color: '#13c2c2' },
  { key: 'noticeCount', label: 'dashboard.notices', icon: CampaignOutlinedIcon, color: '#fa8c16' },
  { key: 'msgCount', label: 'dashboard.messages', icon: MailOutlineIcon, color: '#722ed1' },
];

function StatCard({ def, value }: { def: StatCardDef; value: number | undefined }) {
  const translate = useTranslate();
  const Icon = def.icon;
  const label = translate(def.label);
  return (
    <Card component="section" aria-label={label}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Box sx={{ width: 52, height: 52, borderRadius: 2, display: 'flex', alignItems: 'center', justifyContent: 'center', color: def.color, bgcolor: alpha(def.color, 0.1) }}>
          <Icon sx={{ fontSize: 28 }} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {value === undefined ? <Skeleton width={48} /> : value.toLocaleString()}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/** 控制台: a welcome line and the four counts of dashboardApi.stat (charts come later). */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'dashboard', action: 'list' });
  const stat = useQuery({ ...endpointQuery(dashboardApi.stat), enabled: canAccess === true });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Card>
        <CardContent sx={{ p: 3, '&:last-child': { pb: 3 } }}>
          <Typography variant="h5" component="h1">
            {translate('dashboard.welcome', { name: identity?.fullName ?? '' })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('dashboard.subtitle')}
          </Typography>
        </CardContent>
      </Card>
      {!checking && canAccess === false ? (
        <Typography color="text.secondary">{translate('dashboard.noAccess')}</Typography>
      ) : stat.isError && !stat.data ? (
        <Card>
          <LoadError error={stat.error} onRetry={() => void stat.refetch()} retrying={stat.isFetching} />
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
          {CARDS.map((def) => (
            <StatCard key={def.key} def={def} value={stat.data?.[def.key]} />
          ))}
        </Box>
      )}
    </Box>
  );
}
