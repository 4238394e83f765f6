import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { notify } from '../../common/http';

/** Toggles fullscreen of the whole page; warns where the browser cannot (spec section 8). */
export function FullscreenButton() {
  const translate = useTranslate();
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      notify.warning(translate('layout.fullscreenUnsupported'));
      return;
    }
    const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => notify.warning(translate('layout.fullscreenUnsupported')));
  };

  return (
    <Tooltip title={translate(active ? 'layout.exitFullscreen' : 'layout.fullscreen')}>
      <IconButton color="inherit" aria-label={translate('layout.fullscreen')} aria-pressed={active} onClick={toggle}>
        {active ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
}
