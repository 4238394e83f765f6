import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { styled } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { LAYOUT } from '../theme';
import type { VisitedView } from './visitedViews';

export interface TagsViewProps {
  views: VisitedView[];
  activePath: string;
  titleOf: (path: string) => string;
  onRefresh: (view: VisitedView) => void;
  onClose: (view: VisitedView) => void;
  onCloseOthers: (view: VisitedView) => void;
  onCloseAll: () => void;
}

const Bar = styled('nav')(({ theme }) => ({
  height: LAYOUT.tagsHeight,
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(0.75),
  padding: theme.spacing(0, 1.5),
  overflowX: 'auto',
  overflowY: 'hidden',
  scrollbarWidth: 'none',
  backgroundColor: theme.palette.background.paper,
  borderBottom: `1px solid ${theme.palette.divider}`,
  boxShadow: theme.palette.chrome.headerShadow,
  '&::-webkit-scrollbar': { display: 'none' },
}));

const Tag = styled('div')(({ theme }) => ({
  flexShrink: 0,
  height: 26,
  display: 'inline-flex',
  alignItems: 'center',
  border: `1px solid ${theme.palette.chrome.tagBorder}`,
  borderRadius: 3,
  backgroundColor: theme.palette.chrome.tagBackground,
  color: theme.palette.text.secondary,
  fontSize: 12,
  '& a': {
    color: 'inherit',
    textDecoration: 'none',
    padding: theme.spacing(0, 1),
    lineHeight: '24px',
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    whiteSpace: 'nowrap',
  },
  '&.active': {
    backgroundColor: theme.palette.primary.main,
    borderColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
    '& a::before': { content: '""', width: 7, height: 7, borderRadius: '50%', backgroundColor: 'currentColor' },
  },
  '&:not(.active):hover': { color: theme.palette.primary.main },
}));

const CloseButton = styled('button')({
  border: 0,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  width: 16,
  height: 16,
  marginRight: 4,
  marginLeft: -4,
  padding: 0,
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  '&:hover': { backgroundColor: 'rgba(0,0,0,0.16)', color: '#fff' },
});

/** The bar of visited views under the header, with its right-click menu. */
export function TagsView({ views, activePath, titleOf, onRefresh, onClose, onCloseOthers, onCloseAll }: TagsViewProps) {
  const translate = useTranslate();
  const [menu, setMenu] = useState<{ view: VisitedView; top: number; left: number } | null>(null);
  const barRef = useRef<HTMLElement>(null);

  // Keep the current tab in sight when the bar overflows.
  useEffect(() => {
    const active = barRef.current?.querySelector<HTMLElement>('.active');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, views.length]);

  const openMenu = (event: MouseEvent, view: VisitedView) => {
    event.preventDefault();
    setMenu({ view, top: event.clientY, left: event.clientX });
  };
  const act = (fn: (view: VisitedView) => void) => () => {
    if (menu) fn(menu.view);
    setMenu(null);
  };

  return (
    <>
      <Bar ref={barRef} aria-label={translate('layout.tags.bar')}>
        {views.map((view) => {
          const title = titleOf(view.path);
          const active = view.path === activePath;
          return (
            <Tag key={view.path} className={active ? 'active' : undefined} onContextMenu={(e) => openMenu(e, view)}>
              <Link to={view.fullPath} aria-current={active ? 'page' : undefined}>
                {title}
              </Link>
              {!view.affix && (
                <CloseButton type="button" aria-label={translate('layout.tags.closeTag', { title })} onClick={() => onClose(view)}>
                  <CloseIcon sx={{ fontSize: 12 }} />
                </CloseButton>
              )}
            </Tag>
          );
        })}
      </Bar>
      <Menu
        open={Boolean(menu)}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.top, left: menu.left } : undefined}
        slotProps={{ list: { dense: true, 'aria-label': menu ? titleOf(menu.view.path) : undefined } }}
      >
        <MenuItem onClick={act(onRefresh)}>{translate('layout.tags.refresh')}</MenuItem>
        {menu && !menu.view.affix && <MenuItem onClick={act(onClose)}>{translate('layout.tags.close')}</MenuItem>}
        <MenuItem onClick={act(onCloseOthers)}>{translate('layout.tags.closeOthers')}</MenuItem>
        <MenuItem onClick={act(() => onCloseAll())}>{translate('layout.tags.closeAll')}</MenuItem>
      </Menu>
    </>
  );
}
