import { useState } from 'react';
import { useTranslate } from 'react-admin';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import FormatSizeIcon from '@mui/icons-material/FormatSize';
import { SIZES, useLayoutPreferences } from './preferences';

/** Font size / density choice (default, medium, small, mini), kept in the `size` cookie. */
export function SizePicker() {
  const translate = useTranslate();
  const { size, setSize } = useLayoutPreferences();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('layout.size');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
          <FormatSizeIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': label } }}>
        {SIZES.map((option) => (
          <MenuItem
            key={option}
            selected={option === size}
            aria-checked={option === size}
            role="menuitemradio"
            disabled={option === size}
            onClick={() => {
              setSize(option);
              setAnchor(null);
            }}
          >
            {translate(`layout.sizes.${option}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
