import { leaveApp } from '../app/navigation';
import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { HEADER_HEIGHT, UNREAD_MAX } from '../../common/constants';
import { ADMIN_HOME } from '../../common/routing';
import { logout } from '../../common/services/auth';
import { RoleType } from '../../common/codes';
import { withRetry } from '../app/chunks';
import { useSession } from '../app/session/context';
import { SiteLogo } from '../components/SiteLogo';
import { PAGE_WIDTH } from '../config/layout';
import { activeMenuPath, paths, webMenu } from '../config/paths';

// Loaded when first opened: neither belongs on the first load of every page.
const NavMenu = lazy(withRetry(() => import('./NavMenu').then((m) => ({ default: m.NavMenu }))));
const ConfirmDialog = lazy(withRetry(() => import('../components/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog }))));

/** The section of the page this tab came from (another site, or none: undefined). */
function referrerSection(): string | undefined {
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin ? activeMenuPath(from.pathname) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The learner header (spec section 2): logo or site name, the five menu buttons, and on the right
 * the avatar with the unread badge (opens the message tab), the real name, the admin-centre link
 * for administrators and logout with confirmation. Under 600 px the buttons fold into a menu.
 */
export function WebHeader() {
  const { user, site, unread, clear } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The section of the last page that had one: pages reached from several sections keep it.
  const [from, setFrom] = useState(referrerSection);
  const active = activeMenuPath(pathname, from);
  useEffect(() => {
    if (active) setFrom(active);
  }, [active]);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  // Mounted from their first opening on, so they can animate closed.
  const [menuUsed, setMenuUsed] = useState(false);
  const [logoutUsed, setLogoutUsed] = useState(false);
  const isAdmin = user?.roleType === RoleType.ADMIN;

  const signOut = async () => {
    let endSessionUrl = '';
    try {
      endSessionUrl = await logout();
    } catch {
      // The session ends on this side whatever the server answered.
    }
    clear();
    // Signed in through the organisation's IdP: its session ends too (it comes back to /login).
    if (endSessionUrl) leaveApp(endSessionUrl);
    else navigate(paths.login.path, { replace: true });
  };

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'rgba(255, 255, 255, 0.96)', backdropFilter: 'blur(8px)' }}
    >
      <Toolbar
        disableGutters
        sx={{ height: HEADER_HEIGHT, minHeight: `${HEADER_HEIGHT}px !important`, width: '100%', maxWidth: PAGE_WIDTH.wide, mx: 'auto', px: { xs: 1, sm: 2, md: 3 }, gap: { xs: 0.5, sm: 1 } }}
      >
        <IconButton
          aria-label="导航菜单"
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? 'true' : undefined}
          onClick={(e: MouseEvent<HTMLElement>) => {
            setMenuUsed(true);
            setMenuAnchor(e.currentTarget);
          }}
          sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to={paths.examList.path}
          aria-label="首页"
          sx={{ display: 'flex', alignItems: 'center', textDecoration: 'none', mr: { sm: 1, md: 3 }, minWidth: 0, flexShrink: 1 }}
        >
          <SiteLogo site={site} />
        </Box>

        <Box component="nav" aria-label="主导航" sx={{ display: { xs: 'none', sm: 'flex' }, gap: { sm: 0, md: 0.5 }, flexShrink: 0 }}>
          {webMenu.map((item) => {
            const selected = item.path === active;
            return (
              <Button
                key={item.path}
                component={RouterLink}
                to={item.path}
                aria-current={selected ? 'page' : undefined}
                color={selected ? 'primary' : 'inherit'}
                sx={{
                  px: { sm: 1, md: 2 },
                  height: 40,
                  fontSize: 15,
                  fontWeight: selected ? 600 : 500,
                  color: selected ? 'primary.main' : 'text.primary',
                  bgcolor: (t) => (selected ? alpha(t.palette.primary.main, 0.08) : 'transparent'),
                  '&:hover': { bgcolor: (t) => alpha(t.palette.primary.main, selected ? 0.12 : 0.04) },
                }}
              >
                {item.label}
              </Button>
            );
          })}
        </Box>

        <Box sx={{ flex: 1 }} />

        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 0.5, md: 1 }, flexShrink: 0 }}>
          <IconButton aria-label="我的消息" title="我的消息" onClick={() => navigate(paths.userCenter.to('msg'))} sx={{ p: 0.75 }}>
              <Badge badgeContent={unread} max={UNREAD_MAX} color="error" overlap="circular" data-testid="unread-badge">
                <Avatar src={user?.avatar || undefined} alt={user?.realName} sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 15 }}>
                  {user?.realName?.slice(0, 1)}
                </Avatar>
              </Badge>
            </IconButton>
          <Typography
            component={RouterLink}
            to={paths.profile.path}
            noWrap
            sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 120, color: 'text.primary', textDecoration: 'none', fontSize: 14, '&:hover': { color: 'primary.main' } }}
          >
            {user?.realName}
          </Typography>
          {isAdmin && (
            <Button
              href={ADMIN_HOME}
              aria-label="管理中心"
              startIcon={<AdminPanelSettingsOutlined />}
              color="inherit"
              sx={{ display: { xs: 'none', sm: 'inline-flex' }, color: 'text.secondary', whiteSpace: 'nowrap', '& .MuiButton-startIcon': { mr: { sm: 0, md: 0.5 } } }}
            >
              <Box component="span" sx={{ display: { sm: 'none', md: 'inline' } }}>
                管理中心
              </Box>
            </Button>
          )}
          <Button
            onClick={() => {
              setLogoutUsed(true);
              setConfirmLogout(true);
            }}
            startIcon={<LogoutOutlined />}
            color="inherit"
            aria-label="退出登录"
            sx={{ color: 'text.secondary', whiteSpace: 'nowrap', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, md: 0.5 } } }}
          >
            <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
              退出登录
            </Box>
          </Button>
        </Box>
      </Toolbar>

      {menuUsed && (
        <Suspense fallback={null}>
          <NavMenu anchor={menuAnchor} active={active} isAdmin={isAdmin} onClose={() => setMenuAnchor(null)} />
        </Suspense>
      )}

      {logoutUsed && (
        <Suspense fallback={null}>
          <ConfirmDialog open={confirmLogout} message="确定要退出登录吗？" onConfirm={signOut} onClose={() => setConfirmLogout(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
