import { useState } from 'react';
import { Confirm, useGetIdentity, useLocaleState, useLogout, useTranslate } from 'react-admin';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import { LEARNER_HOME } from '../../common/routing';
import { LOCALES, saveLocale } from '../providers/i18nProvider';

/** The learner SPA owns the profile page; both it and the learner home are full-page navigations. */
const PROFILE_PATH = '/profile/index';

/** Avatar + real name; profile, learner home, language, logout (after a confirmation). */
export function UserDropdown({ compact = false }: { compact?: boolean }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = identity?.fullName ?? '';
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        aria-label={translate('layout.user.menu')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ ml: 0.5, px: 1, minWidth: 0, gap: 1, fontWeight: 400 }}
        endIcon={compact ? undefined : <ArrowDropDownIcon />}
      >
        <Avatar src={identity?.avatar} alt={name} sx={{ width: 30, height: 30, fontSize: '0.9rem', bgcolor: 'primary.main' }}>
          {name.charAt(0)}
        </Avatar>
        {!compact && (
          <Box component="span" sx={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        )}
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 180 } } }}
      >
        <MenuItem onClick={() => window.location.assign(PROFILE_PATH)}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('layout.user.profile')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => window.location.assign(LEARNER_HOME)}>
          <ListItemIcon>
            <SchoolOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('layout.user.learnerHome')}</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>{translate('layout.user.language')}</ListSubheader>
        {LOCALES.map((option) => (
          <MenuItem
            key={option.locale}
            role="menuitemradio"
            aria-checked={locale === option.locale}
            onClick={() => {
              saveLocale(option.locale);
              setLocale(option.locale);
              close();
            }}
          >
            <ListItemIcon>{locale === option.locale && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText lang={option.locale}>{option.name}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setConfirming(true);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('layout.user.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <Confirm
        isOpen={confirming}
        title={translate('layout.user.logoutTitle')}
        content={translate('layout.user.logoutConfirm')}
        confirm={translate('ra.action.confirm')}
        onConfirm={() => {
          setConfirming(false);
          logout();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
