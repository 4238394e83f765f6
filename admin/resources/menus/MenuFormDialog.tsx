import { useMemo } from 'react';
import { Box, Stack } from '@mui/material';
import { AutocompleteInput, BooleanInput, FormDataConsumer, maxLength, NumberInput, RadioButtonGroupInput, required, TextInput, useTranslate } from 'react-admin';
import { menuApi, type MenuNode, type MenuSaveBody } from '../../../common/api';
import { MenuType } from '../../../common/codes';
import { useCodeChoices } from '../shared/labels';
import { optionalInt, SaveDialog } from '../shared/SaveDialog';
import { descendantIds, findNode, flattenTree } from '../shared/tree';
import { treeDialogTitle, type TreeDialogState } from '../shared/treeUi';
import { integerRule, parseCode } from '../shared/util';

const RESOURCE = 'sys/menu';
const MENU_FUNCTION = MenuType.FUNCTION;
const TOP = '0';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** The save body: a function carries its permission tag, a menu or route its path and component. */
function toBody(values: Record<string, unknown>): MenuSaveBody {
  const menuType = MenuType.has(Number(values.menuType)) ? MenuType.of(Number(values.menuType)) : MenuType.MENU;
  const sort = optionalInt(values.sort);
  return {
    ...(values.id ? { id: String(values.id) } : {}),
    parentId: text(values.parentId) || TOP,
    menuType,
    title: text(values.title),
    path: text(values.path),
    name: text(values.name),
    component: text(values.component),
    redirect: text(values.redirect),
    permissionTag: text(values.permissionTag),
    icon: text(values.icon),
    hidden: Boolean(values.hidden),
    alwaysShow: Boolean(values.alwaysShow),
    noCache: Boolean(values.noCache),
    affix: Boolean(values.affix),
    ...(sort !== undefined ? { sort } : {}),
  };
}

const isTop = (parentId: unknown) => !parentId || parentId === TOP;
const topPathRule = (value: unknown, values: Record<string, unknown>) =>
  value && isTop(values.parentId) && !String(value).startsWith('/') ? 'examhall.menus.pathHelper' : undefined;

/** 新增菜单 / 新增下级 / 编辑: fields depend on the type (menu and route: path + component; function: permission tag). */
export function MenuFormDialog({ state, tree, onClose, onSaved }: { state: TreeDialogState<MenuNode>; tree: MenuNode[]; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const typeChoices = useCodeChoices(MenuType.items);
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
  const title = treeDialogTitle(translate, 'examhall.menus', state, (n) => n.title);

  return (
    <SaveDialog
      title={title}
      titleId="menu-form-title"
      maxWidth="md"
      resource={RESOURCE}
      defaultValues={defaults}
      endpoint={menuApi.save}
      toBody={toBody}
      onClose={onClose}
      onSaved={onSaved}
    >
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
    </SaveDialog>
  );
}
