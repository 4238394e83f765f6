import { LoadingIndicator, ToggleThemeButton, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { LAYOUT } from '../theme';
import { FullscreenButton } from './FullscreenButton';
import type { NavPage } from './navigation';
import { useLayoutPreferences } from './preferences';
import { RouteSearch } from './RouteSearch';
import { SizePicker } from './SizePicker';
import { UserDropdown } from './UserDropdown';

/** The 60 px navigation bar: sidebar toggle, breadcrumb, then search, fullscreen, size, theme, settings and the user. */
export function AppHeader({ trail, pages }: { trail: string[]; pages: NavPage[] }) {
  const translate = useTranslate();
  const { device, sidebarOpen, toggleSidebar, setSettingsOpen } = useLayoutPreferences();
  const mobile = device === 'mobile';
  const crumbs = mobile ? trail.slice(-1) : trail;

  return (
    <Toolbar disableGutters sx={{ minHeight: `${LAYOUT.headerHeight}px !important`, height: LAYOUT.headerHeight, px: 1, gap: 0.5 }}>
      <Tooltip title={translate('layout.toggleSidebar')}>
        <IconButton color="inherit" aria-label={translate('layout.toggleSidebar')} aria-expanded={sidebarOpen} onClick={toggleSidebar}>
          {sidebarOpen && !mobile ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
      </Tooltip>
      <Breadcrumbs aria-label={translate('layout.breadcrumb')} sx={{ ml: 1, flex: 1, minWidth: 0, '& ol': { flexWrap: 'nowrap' }, '& li': { whiteSpace: 'nowrap' } }}>
        {crumbs.map((crumb, i) => (
          <Typography
            key={`${i}-${crumb}`}
            variant="body2"
            color={i === crumbs.length - 1 ? 'text.primary' : 'text.secondary'}
            sx={{ fontWeight: i === crumbs.length - 1 ? 600 : 400, overflow: 'hidden', textOverflow: 'ellipsis' }}
            aria-current={i === crumbs.length - 1 ? 'page' : undefined}
          >
            {crumb}
          </Typography>
        ))}
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'center', color: 'text.secondary' }}>
        <RouteSearch pages={pages} />
        {!mobile && <FullscreenButton />}
        {!mobile && <SizePicker />}
        {!mobile && <ToggleThemeButton />}
        <LoadingIndicator />
        <Tooltip title={translate('layout.settings')}>
          <IconButton color="inherit" aria-label={translate('layout.settings')} onClick={() => setSettingsOpen(true)}>
            <SettingsOutlinedIcon />
          </IconButton>
        </Tooltip>
        <UserDropdown compact={mobile} />
      </Box>
    </Toolbar>
  );
}
