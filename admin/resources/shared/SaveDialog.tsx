import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Form, useNotify, useTranslate } from 'react-admin';
import type { BodyOf, Endpoint } from '../../../common/api';
import { call, type CallArgs } from '../../../common/http';
import { InvalidFormNoticeCloser } from '../../layout/AdminNotifier';

interface SaveDialogProps<E extends Endpoint> {
  title: string;
  /** The id of the title, naming the dialog. */
  titleId: string;
  maxWidth: 'sm' | 'md';
  resource: string;
  defaultValues: Record<string, unknown>;
  /** The save endpoint (create without id, update with id). */
  endpoint: E;
  /** The body the endpoint takes, from the form's values. */
  toBody: (values: Record<string, unknown>) => BodyOf<E>;
  onClose: () => void;
  onSaved: () => void;
  children: ReactNode;
}

/**
 * A create / edit form in a dialog (取消 / 保存) that saves through one endpoint. 保存 is always
 * enabled: an empty submit shows the field errors. A refusal is shown by the http client and the
 * dialog keeps what was typed.
 */
export function SaveDialog<E extends Endpoint>({ title, titleId, maxWidth, resource, defaultValues, endpoint, toBody, onClose, onSaved, children }: SaveDialogProps<E>) {
  const translate = useTranslate();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: (body: BodyOf<E>) => call(endpoint, ...([body] as CallArgs<E>)),
    onSuccess: () => {
      notify('examhall.common.saved', { type: 'success' });
      onSaved();
    },
  });
  const busy = save.isPending;

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <Form defaultValues={defaultValues} onSubmit={(values: Record<string, unknown>) => save.mutateAsync(toBody(values)).catch(() => undefined)} resource={resource} noValidate>
        <InvalidFormNoticeCloser />
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

/** A whole number typed in a form, or nothing (an empty optional `sort`). */
export function optionalInt(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
}
