import { useEffect, useState } from 'react';
import { Alert, Snackbar, Stack } from '@mui/material';
import { subscribeDismiss, subscribeNotify, type Notification } from '../http/notify';

/** Older messages give way when this many are on screen. */
const MAX_VISIBLE = 5;

interface Item extends Notification {
  open: boolean;
}

export interface NotifierProps {
  /**
   * Distance from the top of the window in px. An app with a sticky header passes a value below
   * it, so a message never covers the header's menu.
   */
  top?: number;
  /** Accessible name of each message's close button (else the theme's wording). */
  closeText?: string;
}

/**
 * Shows the messages raised through `notify`, stacked at the top centre; each closes by itself
 * after its duration (paused while hovered) or with its close button (named `closeText`, else
 * the theme's wording), or when `dismissNotify` closes it. Mount one per app.
 */
export function Notifier({ top = 24, closeText }: NotifierProps = {}) {
  const [items, setItems] = useState<Item[]>([]);

  const close = (id: number) => setItems((current) => current.map((it) => (it.id === id ? { ...it, open: false } : it)));

  useEffect(() => {
    const stopNotify = subscribeNotify((n) => {
      setItems((current) => [...current, { ...n, open: true }].slice(-MAX_VISIBLE));
    });
    const stopDismiss = subscribeDismiss(close);
    return () => {
      stopNotify();
      stopDismiss();
    };
  }, []);

  const remove = (id: number) => setItems((current) => current.filter((it) => it.id !== id));

  return (
    <Stack
      spacing={1}
      alignItems="center"
      sx={{
        position: 'fixed',
        top,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        pointerEvents: 'none',
      }}
    >
      {items.map((item) => (
        <Snackbar
          key={item.id}
          open={item.open}
          autoHideDuration={item.duration}
          onClose={(_event, reason) => {
            if (reason !== 'clickaway') close(item.id);
          }}
          slotProps={{ transition: { onExited: () => remove(item.id) } }}
          sx={{ position: 'static', transform: 'none', left: 'auto', right: 'auto', top: 'auto', pointerEvents: 'auto' }}
        >
          <Alert severity={item.type} variant="filled" onClose={() => close(item.id)} closeText={closeText} sx={{ minWidth: 280, boxShadow: 3 }}>
            {item.message}
          </Alert>
        </Snackbar>
      ))}
    </Stack>
  );
}
