import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { THEME_COLOR } from '../../common/constants';
import { useLayoutPreferences, type LayoutSettings } from './preferences';

/** Preset theme colours; the first is the spec's default. */
export const THEME_SWATCHES = [THEME_COLOR, '#13c2c2', '#11a983', '#722ed1', '#eb2f96', '#f5222d', '#fa8c16', '#304156'];

const Swatch = styled('button')(({ theme }) => ({
  width: 28,
  height: 28,
  borderRadius: 4,
  border: `1px solid ${theme.palette.divider}`,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: '#fff',
  padding: 0,
  '&:focus-visible': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 2 },
}));

const ColorInput = styled('input')(({ theme }) => ({
  width: 36,
  height: 30,
  padding: 2,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: 4,
  background: 'transparent',
  cursor: 'pointer',
}));

const SWITCHES: Array<{ key: keyof Omit<LayoutSettings, 'themeColor'>; label: string }> = [
  { key: 'tagsView', label: 'layout.drawer.tagsView' },
  { key: 'fixedHeader', label: 'layout.drawer.fixedHeader' },
  { key: 'sidebarLogo', label: 'layout.drawer.sidebarLogo' },
];

/** 布局设置: theme colour, tab bar, fixed header, sidebar logo; saved in localStorage. */
export function SettingsDrawer() {
  const translate = useTranslate();
  const { settings, updateSettings, resetSettings, settingsOpen, setSettingsOpen } = useLayoutPreferences();
  const color = settings.themeColor.toLowerCase();

  return (
    <Drawer anchor="right" open={settingsOpen} onClose={() => setSettingsOpen(false)} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Box role="region" aria-labelledby="layout-settings-title" sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="layout-settings-title" variant="h6" component="h2">
            {translate('layout.drawer.title')}
          </Typography>
          <IconButton aria-label={translate('layout.drawer.close')} onClick={() => setSettingsOpen(false)} edge="end">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        <Divider />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1.25 }}>
            {translate('layout.drawer.themeColor')}
          </Typography>
          <Box role="radiogroup" aria-label={translate('layout.drawer.themeColor')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {THEME_SWATCHES.map((swatch) => (
              <Swatch
                key={swatch}
                type="button"
                role="radio"
                aria-checked={color === swatch}
                aria-label={translate('layout.drawer.swatch', { color: swatch })}
                style={{ backgroundColor: swatch }}
                onClick={() => updateSettings({ themeColor: swatch })}
              >
                {color === swatch && <CheckIcon sx={{ fontSize: 18 }} />}
              </Swatch>
            ))}
            <ColorInput type="color" aria-label={translate('layout.drawer.customColor')} value={color} onChange={(e) => updateSettings({ themeColor: e.target.value })} />
          </Box>
        </Box>
        <Divider />
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          {SWITCHES.map(({ key, label }) => (
            <FormControlLabel
              key={key}
              labelPlacement="start"
              sx={{ mx: 0, justifyContent: 'space-between' }}
              control={<Switch checked={settings[key]} onChange={(e) => updateSettings({ [key]: e.target.checked })} />}
              label={translate(label)}
            />
          ))}
        </Box>
        <Divider />
        <Button variant="outlined" onClick={resetSettings}>
          {translate('layout.drawer.reset')}
        </Button>
      </Box>
    </Drawer>
  );
}
