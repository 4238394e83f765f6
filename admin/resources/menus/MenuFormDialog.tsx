import { useMemo, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Form,
  FormDataConsumer,
  maxLength,
  NumberInput,
  RadioButtonGroupInput,
  required,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { MenuNode, MenuSaveBody } from '../../../common/api';
import { MENU_TYPE } from '../../../common/labels';
import { useAppDataProvider } from '../shared/appData';
import { useCodeChoices } from '../shared/labels';
import { descendantIds, findNode, flattenTree } from '../shared/tree';
import { parseCode, pickBody } from '../shared/util';

const RESOURCE = 'sys/menu';
export const MENU_FUNCTION = 2;
const TOP = '0';
const SAVE_KEYS = ['id', 'parentId', 'menuType', 'title', 'path', 'name', 'component', 'redirect', 'permissionTag', 'icon', 'hidden', 'alwaysShow', 'noCache', 'affix'] as const;

export type MenuDialogState = { mode: 'create'; parent?: MenuNode } | { mode: 'edit'; node: MenuNode };

const isTop = (parentId: unknown) => !parentId || parentId === TOP;
const topPathRule = (value: unknown, values: Record<string, unknown>) =>
  value && isTop(values.parentId) && !String(value).startsWith('/') ? 'examhall.menus.pathHelper' : undefined;
const integerRule = (v: unknown) => (v === null || v === undefined || v === '' || Number.isInteger(Number(v)) ? undefined : 'examhall.validation.integer');

/** 新增菜单 / 新增下级 / 编辑: fields depend on the type (menu and route: path + component; function: permission tag). */
export function MenuFormDialog({ state, tree, onClose, onSaved }: { state: MenuDialogState; tree: MenuNode[]; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const typeChoices = useCodeChoices(MENU_TYPE);
  const [busy, setBusy] = useState(false);
  const editing = state.mode === 'edit' ? state.node : undefined;
  const parent = state.mode === 'create' ? state.parent : undefined;

  // Possible parents: no function entries, and never the entry itself or anything below it.
  const parentChoices = useMemo(() => {
    const banned = new Set<string>();
    if (editing) {
      const self = findNode(tree, editing.id);
      banned.add(editing.id);
      if (self) descendantIds(self).forEach((id) => banned.add(id));
    }
    return [
      { id: TOP, title: translate('examhall.common.topLevel'), depth: 0 },
      ...flattenTree(tree)
        .filter((e) => e.node.menuType !== MENU_FUNCTION && !banned.has(e.node.id))
        .map((e) => ({ id: e.node.id, title: e.node.title, depth: e.depth + 1 })),
    ];
  }, [tree, editing, translate]);

  const defaults: Record<string, unknown> = editing
    ? { ...editing, parentId: editing.parentId || TOP }
    : {
        parentId: parent?.id ?? TOP,
        menuType: parent && parent.parentId !== TOP && parent.parentId !== '' ? MENU_FUNCTION : 1,
        title: '',
        path: '',
        name: '',
        component: parent ? '' : 'Layout',
        redirect: '',
        permissionTag: '',
        icon: '',
        hidden: false,
        alwaysShow: false,
        noCache: false,
        affix: false,
        sort: null,
      };
  const title = editing
    ? translate('examhall.menus.editTitle')
    : parent
      ? translate('examhall.menus.createChildTitle', { name: parent.title })
      : translate('examhall.menus.createTitle');

  const submit = async (values: Record<string, unknown>) => {
    const body = pickBody<MenuSaveBody>(values, SAVE_KEYS);
    if (values.sort !== null && values.sort !== undefined && values.sort !== '') body.sort = Number(values.sort);
    setBusy(true);
    try {
      await dataProvider.call('/api/sys/menu/save', body);
      notify('examhall.common.saved', { type: 'success' });
      onSaved();
    } catch {
      // Shown by the http client; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="md" aria-labelledby="menu-form-title">
      <Form defaultValues={defaults} onSubmit={submit} resource={RESOURCE}>
        <DialogTitle id="menu-form-title">{title}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <AutocompleteInput
            source="parentId"
            choices={parentChoices}
            optionText={(c: { title: string; depth: number }) => <Box sx={{ pl: c.depth * 2 }}>{c.title}</Box>}
            inputText={(c: { title: string }) => c.title}
            matchSuggestion={(filter: string, c: { title: string }) => c.title.includes(filter)}
            disableClearable
          />
          <RadioButtonGroupInput source="menuType" choices={typeChoices} parse={parseCode} validate={required('examhall.validation.menuType')} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextInput source="title" validate={[required('examhall.validation.menuTitle'), maxLength(64)]} autoFocus />
            <NumberInput source="sort" validate={integerRule} step={1} />
          </Stack>
          <FormDataConsumer>
            {({ formData }) =>
              Number(formData.menuType) === MENU_FUNCTION ? (
                <TextInput
                  source="permissionTag"
                  validate={[required('examhall.validation.permissionTag'), maxLength(128)]}
                  helperText="examhall.menus.tagHelper"
                />
              ) : (
                <>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextInput
                      source="path"
                      validate={[required('examhall.validation.menuPath'), maxLength(255), topPathRule]}
                      helperText="examhall.menus.pathHelper"
                    />
                    <TextInput
                      source="component"
                      validate={[required('examhall.validation.menuComponent'), maxLength(128)]}
                      helperText="examhall.menus.componentHelper"
                    />
                  </Stack>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextInput source="name" validate={maxLength(64)} />
                    <TextInput source="icon" validate={maxLength(64)} />
                    <TextInput source="redirect" validate={maxLength(255)} />
                  </Stack>
                  <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
                    <BooleanInput source="hidden" />
                    <BooleanInput source="alwaysShow" />
                    <BooleanInput source="noCache" />
                    <BooleanInput source="affix" />
                  </Stack>
                </>
              )
            }
          </FormDataConsumer>
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
