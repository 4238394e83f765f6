import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useAppDataProvider } from './appData';
import { pickBody } from './util';

interface SaveDialogProps<T> {
  title: string;
  /** The id of the title, naming the dialog. */
  titleId: string;
  maxWidth: 'sm' | 'md';
  resource: string;
  defaultValues: Record<string, unknown>;
  /** The save endpoint (create without id, update with id). */
  saveUrl: string;
  /** What the body takes from the form; an optional `sort` is sent as a number when filled. */
  saveKeys: readonly (keyof T & string)[];
  onClose: () => void;
  onSaved: () => void;
  children: ReactNode;
}

/** A create / edit form in a dialog (取消 / 保存) that saves through one endpoint. */
export function SaveDialog<T extends Record<string, unknown>>({
  title,
  titleId,
  maxWidth,
  resource,
  defaultValues,
  saveUrl,
  saveKeys,
  onClose,
  onSaved,
  children,
}: SaveDialogProps<T>) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    const body: Record<string, unknown> = pickBody<T>(values, saveKeys);
    if (values.sort !== null && values.sort !== undefined && values.sort !== '') body.sort = Number(values.sort);
    setBusy(true);
    try {
      await dataProvider.call(saveUrl, body);
      notify('examhall.common.saved', { type: 'success' });
      onSaved();
    } catch {
      // Shown by the http client; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <Form defaultValues={defaultValues} onSubmit={submit} resource={resource}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('examhall.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('examhall.common.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
