import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { SiteConfig } from '../../common/api';
import { LAYOUT } from '../theme';
import { menuIcon } from './icons';
import { isExternal, type NavItem } from './navigation';
import { useLayoutPreferences } from './preferences';

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);
const containsActive = (item: NavItem, pathname: string): boolean =>
  item.children ? item.children.some((child) => containsActive(child, pathname)) : isActive(pathname, item.path);

const SidebarPaper = styled(Box)(({ theme }) => ({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: theme.palette.sidebar.background,
  color: theme.palette.sidebar.text,
  overflowX: 'hidden',
  overflowY: 'auto',
  '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 34 },
  '& .MuiListItemButton-root': {
    minHeight: 48,
    color: theme.palette.sidebar.text,
    transition: theme.transitions.create(['background-color', 'color'], { duration: theme.transitions.duration.shortest }),
    '&:hover': { backgroundColor: theme.palette.sidebar.hover, color: theme.palette.sidebar.activeText },
    '&.Mui-selected, &.Mui-selected:hover': {
      backgroundColor: theme.palette.primary.main,
      color: theme.palette.primary.contrastText,
    },
  },
  '& .MuiListItemText-primary': { fontSize: '0.9rem', whiteSpace: 'nowrap' },
}));

const Logo = styled(Link)(({ theme }) => ({
  height: LAYOUT.headerHeight,
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1.25),
  padding: theme.spacing(0, 2),
  color: theme.palette.sidebar.activeText,
  textDecoration: 'none',
  overflow: 'hidden',
  '& img': { height: 32, maxWidth: 140, objectFit: 'contain' },
}));

const LogoMark = styled('span')(({ theme }) => ({
  width: 32,
  height: 32,
  flexShrink: 0,
  borderRadius: 6,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 700,
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
}));

function SidebarLogo({ site, open }: { site?: SiteConfig; open: boolean }) {
  const name = site?.siteName ?? '';
  return (
    <Logo to="/dashboard" aria-label={name || undefined}>
      {site?.backLogo ? <img src={site.backLogo} alt={name} /> : <LogoMark aria-hidden>{name.charAt(0)}</LogoMark>}
      {open && !site?.backLogo && (
        // A long name takes two smaller lines rather than being cut off at 210 px.
        <Typography
          component="span"
          title={name}
          sx={{
            fontWeight: 600,
            fontSize: name.length > 8 ? '0.875rem' : '1rem',
            lineHeight: 1.3,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            wordBreak: 'break-all',
          }}
        >
          {name}
        </Typography>
      )}
    </Logo>
  );
}

interface EntryProps {
  item: NavItem;
  pathname: string;
  depth: number;
  onNavigate: () => void;
}

/** A page's link: an outside address opens in a new tab; an inside one is a router link, selected while open. */
function pageLink(item: NavItem, pathname: string) {
  const external = isExternal(item.path);
  const linkProps = external
    ? { component: 'a' as const, href: item.path, target: '_blank', rel: 'noopener noreferrer' }
    : { component: Link, to: item.path };
  return { ...linkProps, selected: !external && isActive(pathname, item.path) };
}

function PageEntry({ item, pathname, depth, onNavigate }: EntryProps) {
  const Icon = menuIcon(item.icon);
  return (
    <ListItem disablePadding>
      <ListItemButton {...pageLink(item, pathname)} onClick={onNavigate} sx={{ pl: 2.5 + depth * 2 }}>
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={item.title} />
      </ListItemButton>
    </ListItem>
  );
}

function GroupEntry({ item, pathname, depth, onNavigate }: EntryProps) {
  const active = containsActive(item, pathname);
  const [open, setOpen] = useState(active);
  // Opening a page of this group (from a tab, the search, a link) unfolds it.
  useEffect(() => {
    if (active) setOpen(true);
  }, [active]);
  const Icon = menuIcon(item.icon);
  // One list item holds the group's button and its own list of pages.
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={{ pl: 2.5 + depth * 2, ...(active && { color: 'sidebar.activeText' }) }}>
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={item.title} />
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding sx={{ bgcolor: 'sidebar.groupBackground' }}>
          <Entries items={item.children ?? []} pathname={pathname} depth={depth + 1} onNavigate={onNavigate} />
        </List>
      </Collapse>
    </ListItem>
  );
}

function Entries({ items, ...rest }: Omit<EntryProps, 'item'> & { items: NavItem[] }) {
  return (
    <>
      {items.map((item) =>
        item.children ? <GroupEntry key={item.key} item={item} {...rest} /> : <PageEntry key={item.key} item={item} {...rest} />,
      )}
    </>
  );
}

/** Folded sidebar: every page as an icon with its title in a tooltip. */
function FoldedEntries({ items, pathname }: { items: NavItem[]; pathname: string }) {
  const leaves = (list: NavItem[]): NavItem[] => list.flatMap((item) => (item.children ? leaves(item.children) : [item]));
  return (
    <>
      {leaves(items).map((item) => {
        const Icon = menuIcon(item.icon);
        return (
          <ListItem key={item.key} disablePadding>
            <Tooltip title={item.title} placement="right">
              <ListItemButton {...pageLink(item, pathname)} aria-label={item.title} sx={{ justifyContent: 'center', px: 0 }}>
                <ListItemIcon sx={{ justifyContent: 'center', minWidth: 0 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
              </ListItemButton>
            </Tooltip>
          </ListItem>
        );
      })}
    </>
  );
}

export function Sidebar({ nav, site }: { nav: NavItem[]; site?: SiteConfig }) {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const { device, sidebarOpen, closeSidebar, settings } = useLayoutPreferences();
  const mobile = device === 'mobile';
  const expanded = mobile || sidebarOpen;
  const width = expanded ? LAYOUT.sidebarWidth : LAYOUT.sidebarClosedWidth;

  const content = (
    <SidebarPaper className="admin-sidebar">
      {settings.sidebarLogo && <SidebarLogo site={site} open={expanded} />}
      <Box component="nav" aria-label={translate('layout.mainNav')} sx={{ flex: 1 }}>
        <List disablePadding>
          {expanded ? (
            <Entries items={nav} pathname={pathname} depth={0} onNavigate={() => mobile && closeSidebar()} />
          ) : (
            <FoldedEntries items={nav} pathname={pathname} />
          )}
        </List>
      </Box>
    </SidebarPaper>
  );

  if (mobile) {
    return (
      <Drawer variant="temporary" open={sidebarOpen} onClose={closeSidebar} ModalProps={{ keepMounted: true }} slotProps={{ paper: { sx: { width: LAYOUT.sidebarWidth, border: 0 } } }}>
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      open
      sx={(theme) => ({
        width,
        flexShrink: 0,
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        '& .MuiDrawer-paper': {
          width,
          border: 0,
          overflowX: 'hidden',
          transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      })}
    >
      {content}
    </Drawer>
  );
}
