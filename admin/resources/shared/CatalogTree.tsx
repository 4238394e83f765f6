import { Typography } from '@mui/material';
import { maxLength, NumberInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { TArray, TSchema } from '@sinclair/typebox';
import type { Endpoint } from '../../../common/api';
import { ResourceTree, type TreeApi } from './ResourceTree';
import { optionalInt, SaveDialog } from './SaveDialog';
import { treeDialogTitle, type TreeDialogState } from './treeUi';
import { integerRule } from './util';

/** A category node as both category trees (courses, question banks) answer it. */
export interface CatalogNode {
  id: string;
  parentId: string;
  title: string;
  sort: number;
  children: CatalogNode[];
}

/** What differs between category trees: the resource, its messages, its calls and what it counts. */
export interface CatalogTreeSpec<N extends CatalogNode> {
  resource: string;
  /** i18n prefix, e.g. examhall.courseCatalogs */
  messages: string;
  api: TreeApi<Endpoint<TSchema, TArray>> & { save: Endpoint };
  countKey: keyof N & string;
}

const toBody = (v: Record<string, unknown>) => ({
  ...(v.id ? { id: String(v.id) } : {}),
  parentId: String(v.parentId ?? ''),
  title: String(v.title ?? '').trim(),
  ...(optionalInt(v.sort) !== undefined ? { sort: optionalInt(v.sort) } : {}),
});

/** Every category but `exclude` and its branch, indented, as parent choices. */
function parentChoices(nodes: CatalogNode[], exclude?: string, depth = 0): Array<{ id: string; name: string }> {
  return nodes.filter((n) => n.id !== exclude).flatMap((n) => [{ id: n.id, name: `${'　'.repeat(depth)}${n.title}` }, ...parentChoices(n.children, exclude, depth + 1)]);
}

function CatalogFormDialog<N extends CatalogNode>({ spec, state, tree, onClose, onSaved }: { spec: CatalogTreeSpec<N>; state: TreeDialogState<N>; tree: N[]; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const editing = state.mode === 'edit' ? state.node : undefined;
  const defaults = editing
    ? { id: editing.id, parentId: editing.parentId === '0' ? '' : editing.parentId, title: editing.title, sort: editing.sort }
    : { parentId: state.mode === 'create' && state.parent ? state.parent.id : '', title: '', sort: null };
  return (
    <SaveDialog
      title={treeDialogTitle(translate, spec.messages, state, (n) => n.title)}
      titleId="catalog-form-title"
      maxWidth="sm"
      resource={spec.resource}
      defaultValues={defaults}
      endpoint={spec.api.save}
      toBody={toBody}
      onClose={onClose}
      onSaved={onSaved}
    >
      <SelectInput source="parentId" choices={parentChoices(tree, editing?.id)} emptyText="—" emptyValue="" helperText={`${spec.messages}.parentHelper`} />
      <TextInput source="title" validate={[required('examhall.validation.catalogTitle'), maxLength(64)]} autoFocus />
      <NumberInput source="sort" validate={integerRule} step={1} />
    </SaveDialog>
  );
}

/** A category tree screen (课程分类, 题库分类): things are filed under it; a category holding some, or children, cannot be deleted. */
export function CatalogTree<N extends CatalogNode>({ spec }: { spec: CatalogTreeSpec<N> }) {
  const translate = useTranslate();
  return (
    <ResourceTree
      resource={spec.resource}
      messages={spec.messages}
      api={spec.api}
      nameLabel={`resources.${spec.resource}.fields.title`}
      nameOf={(n) => (n as N).title}
      columns={[
        {
          key: spec.countKey,
          label: `resources.${spec.resource}.fields.${spec.countKey}`,
          align: 'right',
          render: (n) => (
            <Typography variant="body2" color="text.secondary" component="span">
              {translate(`${spec.messages}.${spec.countKey}`, { smart_count: Number((n as N)[spec.countKey]) })}
            </Typography>
          ),
        },
      ]}
      renderForm={(props) => <CatalogFormDialog spec={spec} state={props.state as TreeDialogState<N>} tree={props.tree as N[]} onClose={props.onClose} onSaved={props.onSaved} />}
    />
  );
}
