import { useMemo, useState } from 'react';
import { Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import type { MenuNode } from '../../../common/api';
import { MenuType } from '../../../common/codes';
import { useApiQuery } from '../shared/appData';
import { useCodeLabel } from '../shared/labels';
import { branchIds } from '../shared/tree';
import { TreeNodeActions, TreeScreen, TreeToggle, useCollapsed, useTreePermissions } from '../shared/treeUi';
import { useTreeActions } from '../shared/useTreeActions';
import { MENU_FUNCTION, MenuFormDialog, type MenuDialogState } from './MenuFormDialog';
import { useRefreshAdminSession } from '../../layout/useAdminSession';

const RESOURCE = 'sys/menu';
const TYPE_COLOR = { 1: 'primary', 2: 'warning', 3: 'info' } as const;

interface Row {
  node: MenuNode;
  depth: number;
  first: boolean;
  last: boolean;
}

/** 菜单管理: every menu as a tree table with sort, edit and delete. */
export function MenuTree() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const { data, isPending, refetch } = useApiQuery<MenuNode[]>('/api/sys/menu/tree');
  const refreshSession = useRefreshAdminSession();
  /** After any change: the tree here, and the sidebar and route search of the shell. */
  const changed = () => {
    refetch();
    refreshSession().catch(() => undefined);
  };
  const tree = useMemo(() => data ?? [], [data]);
  const { collapsed, toggle, expandAll, collapseAll } = useCollapsed();
  const [dialog, setDialog] = useState<MenuDialogState | null>(null);
  const { busy, deleting, move, askDelete, confirmProps } = useTreeActions<MenuNode>({
    sortUrl: '/api/sys/menu/sort',
    deleteUrl: '/api/sys/menu/delete',
    onChanged: changed,
  });
  const can = useTreePermissions(RESOURCE);

  // Visible rows in tree order (children of a collapsed entry are skipped).
  const rows = useMemo(() => {
    const out: Row[] = [];
    const walk = (nodes: MenuNode[], depth: number) =>
      nodes.forEach((node, i) => {
        out.push({ node, depth, first: i === 0, last: i === nodes.length - 1 });
        if (!collapsed.has(node.id)) walk(node.children, depth + 1);
      });
    walk(tree, 0);
    return out;
  }, [tree, collapsed]);

  const yesNo = (v: boolean) => translate(v ? 'examhall.common.yes' : 'examhall.common.no');
  const actions = can.canCreate || can.canEdit || can.canSort || can.canDelete;

  return (
    <TreeScreen
      title="examhall.menus.title"
      addTopLabel="examhall.menus.addTop"
      canCreate={can.canCreate}
      onAddTop={() => setDialog({ mode: 'create' })}
      onExpandAll={expandAll}
      onCollapseAll={() => collapseAll(branchIds(tree))}
      loading={isPending && !data}
      emptyMessage={tree.length === 0 && 'examhall.menus.empty'}
      dialogs={
        <>
          {dialog ? (
            <MenuFormDialog
              state={dialog}
              tree={tree}
              onClose={() => setDialog(null)}
              onSaved={() => {
                setDialog(null);
                changed();
              }}
            />
          ) : null}
          <Confirm
            {...confirmProps}
            title="examhall.menus.deleteTitle"
            content={translate('examhall.menus.deleteConfirm', { name: deleting?.title ?? '' })}
            confirm="examhall.common.delete"
            confirmColor="warning"
          />
        </>
      }
    >
      <TableContainer>
        <Table size="small" aria-label={translate('examhall.menus.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.sys/menu.fields.title')}</TableCell>
              <TableCell>{translate('resources.sys/menu.fields.menuType')}</TableCell>
              <TableCell>{translate('resources.sys/menu.fields.path')}</TableCell>
              <TableCell>{translate('resources.sys/menu.fields.component')}</TableCell>
              <TableCell>{translate('resources.sys/menu.fields.permissionTag')}</TableCell>
              <TableCell align="right">{translate('resources.sys/menu.fields.sort')}</TableCell>
              <TableCell>{translate('resources.sys/menu.fields.hidden')}</TableCell>
              {actions ? <TableCell align="right">{translate('examhall.common.actions')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ node, depth, first, last }) => {
              const hasChildren = node.children.length > 0;
              const open = !collapsed.has(node.id);
              return (
                <TableRow key={node.id} hover aria-label={node.title} aria-level={depth + 1} aria-expanded={hasChildren ? open : undefined}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Stack direction="row" alignItems="center" sx={{ pl: depth * 3 }}>
                      <TreeToggle hasChildren={hasChildren} open={open} onToggle={() => toggle(node.id)} />
                      {node.title}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={TYPE_COLOR[node.menuType as 1 | 2 | 3] ?? 'default'}
                      label={codeLabel(MenuType.items, node.menuType)}
                    />
                  </TableCell>
                  <TableCell>{node.path}</TableCell>
                  <TableCell>{node.component}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{node.permissionTag}</TableCell>
                  <TableCell align="right">{node.sort}</TableCell>
                  <TableCell>{node.menuType === MENU_FUNCTION ? '' : yesNo(node.hidden)}</TableCell>
                  {actions ? (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <TreeNodeActions
                        can={can}
                        busy={busy}
                        first={first}
                        last={last}
                        // Functions take no children (their row keeps an empty slot instead).
                        onAddChild={node.menuType !== MENU_FUNCTION ? () => setDialog({ mode: 'create', parent: node }) : undefined}
                        onEdit={() => setDialog({ mode: 'edit', node })}
                        onMove={(sort) => void move(node, sort)}
                        onDelete={() => askDelete(node)}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </TreeScreen>
  );
}
