import { useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Card, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { TArray, TSchema } from '@sinclair/typebox';
import type { DataOf, Endpoint, IdsBody, SortBody } from '../../../common/api';
import { call } from '../../../common/http';
import { endpointQuery, useInvalidateEndpoint } from '../../providers/endpointQuery';
import { EmptyState } from './EmptyState';
import { LoadError } from './LoadError';
import { LoadingBlock } from './LoadingBlock';
import { actionColumn } from './listParts';
import { branchIds, type TreeNode } from './tree';
import { ExpandCollapseButtons, TreeNodeActions, TreeToggle, useCollapsed, useTreePermissions, type TreeDialogState } from './treeUi';

/** The calls a tree screen makes: the whole tree, a ±1 move, a delete of ids. */
export interface TreeApi<E extends Endpoint<TSchema, TArray>> {
  tree: E;
  sort: Endpoint<typeof SortBody>;
  delete: Endpoint<typeof IdsBody>;
}

type NodeOf<E extends Endpoint> = DataOf<E> extends ReadonlyArray<infer N> ? N : never;

export interface TreeColumn<N> {
  key: string;
  /** Message key of the header. */
  label: string;
  render: (node: N) => ReactNode;
  align?: 'right';
  /** Hidden below this breakpoint (phones keep the name and the actions). */
  hideBelow?: 'sm' | 'md';
}

export interface ResourceTreeProps<E extends Endpoint<TSchema, TArray>> {
  /** The react-admin resource: what the user may do comes from its endpoints (canAccess). */
  resource: string;
  /** Prefix of the screen's messages: `<messages>.title`, `.addTop`, `.empty`, `.deleteTitle`, `.deleteConfirm` ({name}). */
  messages: string;
  api: TreeApi<E>;
  /** The name shown in the first column, in confirmations and as the row's accessible name. */
  nameOf: (node: NodeOf<E>) => string;
  /** Drawn after the name (a code chip, a count…). */
  nameExtra?: (node: NodeOf<E>) => ReactNode;
  /** Header of the name column. */
  nameLabel: string;
  columns?: TreeColumn<NodeOf<E>>[];
  /** Whether an entry takes children (新增下级); default every entry. */
  takesChildren?: (node: NodeOf<E>) => boolean;
  /** The create / edit dialog. */
  renderForm: (props: { state: TreeDialogState<NodeOf<E>>; tree: NodeOf<E>[]; onClose: () => void; onSaved: () => void }) => ReactNode;
  /** After any change went through (a save, a move, a delete). */
  onChanged?: () => void;
}

interface Row<N> {
  node: N;
  depth: number;
  first: boolean;
  last: boolean;
}

/**
 * One tree screen for every tree of the back-office (departments, menus; bank categories and
 * course chapters next): loads the tree, draws it as a tree grid, and adds top-level entries and
 * children, edits, moves up / down among siblings, deletes after a confirmation, folds and
 * unfolds. A failed load shows what went wrong and 重试, never the empty state.
 */
export function ResourceTree<E extends Endpoint<TSchema, TArray>>(props: ResourceTreeProps<E>) {
  // The endpoint's answer type (DepartNode, MenuNode…) is a tree node; TypeScript cannot see that
  // through the generic E, so the functions about nodes are read as functions of N.
  type N = NodeOf<E> & TreeNode;
  const { resource, messages, api, nameLabel, columns = [], renderForm } = props;
  const nameOf = props.nameOf as (node: N) => string;
  const nameExtra = props.nameExtra as ((node: N) => ReactNode) | undefined;
  const takesChildren = (props.takesChildren ?? (() => true)) as (node: N) => boolean;
  const translate = useTranslate();
  const notify = useNotify();
  const invalidate = useInvalidateEndpoint();
  const can = useTreePermissions(resource);
  const query = useQuery(endpointQuery(api.tree));
  const tree = useMemo(() => (query.data ?? []) as N[], [query.data]);
  const { collapsed, toggle, expandAll, collapseAll } = useCollapsed();
  const [dialog, setDialog] = useState<TreeDialogState<N> | null>(null);
  // Kept after the confirmation closes, so the closing dialog keeps its text.
  const [deleting, setDeleting] = useState<N | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const changed = async () => {
    await invalidate(api.tree);
    props.onChanged?.();
  };
  // Refusals (e.g. a department that still has users) are shown by the http client.
  const move = useMutation({ mutationFn: ({ node, sort }: { node: N; sort: -1 | 1 }) => call(api.sort, { id: node.id, sort }), onSuccess: changed });
  const remove = useMutation({
    mutationFn: (node: N) => call(api.delete, { ids: [node.id] }),
    onSuccess: async () => {
      notify('examhall.common.deleted', { type: 'success' });
      await changed();
    },
    onSettled: () => setConfirmOpen(false),
  });
  const busy = move.isPending || remove.isPending;

  // Visible rows in tree order (children of a folded entry are skipped).
  const rows = useMemo(() => {
    const out: Row<N>[] = [];
    const walk = (nodes: N[], depth: number) =>
      nodes.forEach((node, i) => {
        out.push({ node, depth, first: i === 0, last: i === nodes.length - 1 });
        if (!collapsed.has(node.id)) walk(node.children as N[], depth + 1);
      });
    walk(tree, 0);
    return out;
  }, [tree, collapsed]);

  const hasActions = can.canCreate || can.canEdit || can.canSort || can.canDelete;
  const hide = (below?: 'sm' | 'md') => (below ? { display: { xs: 'none', [below]: 'table-cell' } } : undefined);
  const title = translate(`${messages}.title`);

  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock />;
  else if (query.isError && !query.data) body = <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (tree.length === 0) body = <EmptyState message={`${messages}.empty`} />;
  else
    body = (
      <TableContainer>
        <Table size="small" role="treegrid" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(nameLabel)}</TableCell>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={hide(c.hideBelow)}>
                  {translate(c.label)}
                </TableCell>
              ))}
              {hasActions ? (
                <TableCell align="right" className={actionColumn.headerClassName}>
                  {translate('examhall.common.actions')}
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ node, depth, first, last }) => {
              const hasChildren = node.children.length > 0;
              const open = !collapsed.has(node.id);
              return (
                <TableRow key={node.id} hover aria-label={nameOf(node)} aria-level={depth + 1} aria-expanded={hasChildren ? open : undefined}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Stack direction="row" alignItems="center" spacing={1} sx={{ pl: depth * 3 }}>
                      <TreeToggle hasChildren={hasChildren} open={open} onToggle={() => toggle(node.id)} />
                      <Box component="span" sx={{ fontWeight: depth === 0 ? 600 : 400 }}>
                        {nameOf(node)}
                      </Box>
                      {nameExtra?.(node)}
                    </Stack>
                  </TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} sx={hide(c.hideBelow)}>
                      {c.render(node)}
                    </TableCell>
                  ))}
                  {hasActions ? (
                    <TableCell align="right" className={actionColumn.cellClassName} sx={{ whiteSpace: 'nowrap' }}>
                      <TreeNodeActions
                        can={can}
                        busy={busy}
                        first={first}
                        last={last}
                        onAddChild={takesChildren(node) ? () => setDialog({ mode: 'create', parent: node }) : undefined}
                        onEdit={() => setDialog({ mode: 'edit', node })}
                        onMove={(sort) => move.mutate({ node, sort })}
                        onDelete={() => {
                          setDeleting(node);
                          setConfirmOpen(true);
                        }}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 1.5 }}>
        {can.canCreate ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
            {translate(`${messages}.addTop`)}
          </Button>
        ) : null}
        <ExpandCollapseButtons onExpandAll={expandAll} onCollapseAll={() => collapseAll(branchIds(tree))} />
      </Stack>
      <Card>{body}</Card>
      {dialog
        ? renderForm({
            state: dialog,
            tree,
            onClose: () => setDialog(null),
            onSaved: () => {
              setDialog(null);
              void changed();
            },
          })
        : null}
      <Confirm
        isOpen={confirmOpen}
        loading={remove.isPending}
        title={`${messages}.deleteTitle`}
        content={translate(`${messages}.deleteConfirm`, { name: deleting ? nameOf(deleting) : '' })}
        confirm="examhall.common.delete"
        confirmColor="warning"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setConfirmOpen(false)}
      />
    </Box>
  );
}
