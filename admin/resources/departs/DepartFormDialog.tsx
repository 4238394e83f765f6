import { maxLength, NumberInput, required, TextInput, useTranslate } from 'react-admin';
import { departApi, type DepartNode, type DepartSaveBody } from '../../../common/api';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { optionalInt, SaveDialog } from '../shared/SaveDialog';
import { treeDialogTitle, type TreeDialogState } from '../shared/treeUi';
import { integerRule } from '../shared/util';

const RESOURCE = 'sys/depart';

const toBody = (values: Record<string, unknown>): DepartSaveBody => ({
  ...(values.id ? { id: String(values.id) } : {}),
  parentId: String(values.parentId ?? ''),
  deptName: String(values.deptName ?? '').trim(),
  deptCode: String(values.deptCode ?? '').trim(),
  ...(optionalInt(values.sort) !== undefined ? { sort: optionalInt(values.sort) } : {}),
});

/** 新增部门 / 新增下级 / 编辑 in a dialog; saves through departApi.save. */
export function DepartFormDialog({ state, tree, onClose, onSaved }: { state: TreeDialogState<DepartNode>; tree: DepartNode[]; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const editing = state.mode === 'edit' ? state.node : undefined;
  const defaults: Record<string, unknown> = editing
    ? { id: editing.id, parentId: editing.parentId, deptName: editing.deptName, deptCode: editing.deptCode, sort: editing.sort }
    : { parentId: state.mode === 'create' && state.parent ? state.parent.id : '', deptName: '', deptCode: '', sort: null };
  const title = treeDialogTitle(translate, 'examhall.departs', state, (n) => n.deptName);

  return (
    <SaveDialog
      title={title}
      titleId="depart-form-title"
      maxWidth="sm"
      resource={RESOURCE}
      defaultValues={defaults}
      endpoint={departApi.save}
      toBody={toBody}
      onClose={onClose}
      onSaved={onSaved}
    >
      <DeptTreeInput source="parentId" resource={RESOURCE} tree={tree} excludeId={editing?.id} helperText={translate('examhall.departs.parentHelper')} />
      <TextInput source="deptName" resource={RESOURCE} validate={[required('examhall.validation.deptName'), maxLength(64)]} autoFocus />
      <TextInput source="deptCode" resource={RESOURCE} validate={maxLength(64)} />
      <NumberInput source="sort" resource={RESOURCE} validate={integerRule} step={1} />
    </SaveDialog>
  );
}
