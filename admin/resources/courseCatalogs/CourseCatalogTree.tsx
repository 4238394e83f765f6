import { Typography } from '@mui/material';
import { maxLength, NumberInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { courseCatalogApi, type CourseCatalogNode, type CourseCatalogSaveBody } from '../../../common/api';
import { ResourceTree } from '../shared/ResourceTree';
import { optionalInt, SaveDialog } from '../shared/SaveDialog';
import { treeDialogTitle, type TreeDialogState } from '../shared/treeUi';
import { integerRule } from '../shared/util';

const RESOURCE = 'course/catalog';

const toBody = (v: Record<string, unknown>): CourseCatalogSaveBody => ({
  ...(v.id ? { id: String(v.id) } : {}),
  parentId: String(v.parentId ?? ''),
  title: String(v.title ?? '').trim(),
  ...(optionalInt(v.sort) !== undefined ? { sort: optionalInt(v.sort) } : {}),
});

/** Every category but `exclude` and its branch, indented, as parent choices. */
function parentChoices(nodes: CourseCatalogNode[], exclude?: string, depth = 0): Array<{ id: string; name: string }> {
  return nodes.filter((n) => n.id !== exclude).flatMap((n) => [{ id: n.id, name: `${'　'.repeat(depth)}${n.title}` }, ...parentChoices(n.children, exclude, depth + 1)]);
}

function CatalogFormDialog({ state, tree, onClose, onSaved }: { state: TreeDialogState<CourseCatalogNode>; tree: CourseCatalogNode[]; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const editing = state.mode === 'edit' ? state.node : undefined;
  const defaults = editing
    ? { id: editing.id, parentId: editing.parentId === '0' ? '' : editing.parentId, title: editing.title, sort: editing.sort }
    : { parentId: state.mode === 'create' && state.parent ? state.parent.id : '', title: '', sort: null };
  return (
    <SaveDialog
      title={treeDialogTitle(translate, 'examhall.courseCatalogs', state, (n) => n.title)}
      titleId="course-catalog-form-title"
      maxWidth="sm"
      resource={RESOURCE}
      defaultValues={defaults}
      endpoint={courseCatalogApi.save}
      toBody={toBody}
      onClose={onClose}
      onSaved={onSaved}
    >
      <SelectInput source="parentId" choices={parentChoices(tree, editing?.id)} emptyText="—" emptyValue="" helperText="examhall.courseCatalogs.parentHelper" />
      <TextInput source="title" validate={[required('examhall.validation.title'), maxLength(64)]} autoFocus />
      <NumberInput source="sort" validate={integerRule} step={1} />
    </SaveDialog>
  );
}

/** 课程分类: the category tree (courses are filed under it; a category with courses or children cannot be deleted). */
export function CourseCatalogTree() {
  const translate = useTranslate();
  return (
    <ResourceTree
      resource={RESOURCE}
      messages="examhall.courseCatalogs"
      api={courseCatalogApi}
      nameLabel="resources.course/catalog.fields.title"
      nameOf={(n: CourseCatalogNode) => n.title}
      columns={[
        {
          key: 'courseCount',
          label: 'resources.course/catalog.fields.courseCount',
          align: 'right',
          render: (n: CourseCatalogNode) => (
            <Typography variant="body2" color="text.secondary" component="span">
              {translate('examhall.courseCatalogs.courseCount', { smart_count: n.courseCount })}
            </Typography>
          ),
        },
      ]}
      renderForm={(props) => <CatalogFormDialog {...props} />}
    />
  );
}
