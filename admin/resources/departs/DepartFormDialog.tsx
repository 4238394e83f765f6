import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, maxLength, NumberInput, required, TextInput, useNotify, useTranslate } from 'react-admin';
import type { DepartNode, DepartSaveBody } from '../../../common/api';
import { useAppDataProvider } from '../shared/appData';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { pickBody } from '../shared/util';

const RESOURCE = 'sys/depart';
export type DepartDialogState =
  | { mode: 'create'; parent?: DepartNode }
  | { mode: 'edit'; node: DepartNode };

const integerRule = (v: unknown) => (v === null || v === undefined || v === '' || Number.isInteger(Number(v)) ? undefined : 'examhall.validation.integer');

/** 新增部门 / 新增下级 / 编辑 in a dialog; saves through /api/sys/depart/save. */
export function DepartFormDialog({ state, tree, onClose, onSaved }: { state: DepartDialogState; tree: DepartNode[]; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [busy, setBusy] = useState(false);
  const editing = state.mode === 'edit' ? state.node : undefined;
  const defaults: Record<string, unknown> = editing
    ? { id: editing.id, parentId: editing.parentId, deptName: editing.deptName, deptCode: editing.deptCode, sort: editing.sort }
    : { parentId: state.mode === 'create' && state.parent ? state.parent.id : '', deptName: '', deptCode: '', sort: null };
  const title = editing
    ? translate('examhall.departs.editTitle')
    : state.mode === 'create' && state.parent
      ? translate('examhall.departs.createChildTitle', { name: state.parent.deptName })
      : translate('examhall.departs.createTitle');

  const submit = async (values: Record<string, unknown>) => {
    const body = pickBody<DepartSaveBody>(values, ['id', 'parentId', 'deptName', 'deptCode']);
    if (values.sort !== null && values.sort !== undefined && values.sort !== '') body.sort = Number(values.sort);
    setBusy(true);
    try {
      await dataProvider.call('/api/sys/depart/save', body);
      notify('examhall.common.saved', { type: 'success' });
      onSaved();
    } catch {
      // Shown by the http client; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" aria-labelledby="depart-form-title">
      <Form defaultValues={defaults} onSubmit={submit} resource={RESOURCE}>
        <DialogTitle id="depart-form-title">{title}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <DeptTreeInput source="parentId" resource={RESOURCE} tree={tree} excludeId={editing?.id} helperText={translate('examhall.departs.parentHelper')} />
          <TextInput source="deptName" resource={RESOURCE} validate={[required('examhall.validation.deptName'), maxLength(64)]} autoFocus />
          <TextInput source="deptCode" resource={RESOURCE} validate={maxLength(64)} />
          <NumberInput source="sort" resource={RESOURCE} validate={integerRule} step={1} />
        </DialogContent>
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
