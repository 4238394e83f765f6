import { useState, type ReactNode } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import type { DepartNode } from '../../../common/api';
import { useApiQuery } from '../shared/appData';
import { branchIds } from '../shared/tree';
import { TreeItem, TreeNodeActions, TreeScreen, TreeToggle, useCollapsed, useTreePermissions } from '../shared/treeUi';
import { useTreeActions } from '../shared/useTreeActions';
import { DepartFormDialog, type DepartDialogState } from './DepartFormDialog';

const RESOURCE = 'sys/depart';

/** 部门管理: the department tree with per-node actions. */
export function DepartTree() {
  const translate = useTranslate();
  const { data, isPending, refetch } = useApiQuery<DepartNode[]>('/api/sys/depart/tree');
  const tree = data ?? [];
  const { collapsed, toggle, expandAll, collapseAll } = useCollapsed();
  const [dialog, setDialog] = useState<DepartDialogState | null>(null);
  // The server refuses to delete while users or sub-departments remain.
  const { busy, deleting, move, askDelete, confirmProps } = useTreeActions<DepartNode>({
    sortUrl: '/api/sys/depart/sort',
    deleteUrl: '/api/sys/depart/delete',
    onChanged: refetch,
  });
  const can = useTreePermissions(RESOURCE);

  const renderNodes = (nodes: DepartNode[], depth: number): ReactNode =>
    nodes.map((node, index) => {
      const hasChildren = node.children.length > 0;
      const open = !collapsed.has(node.id);
      const row = (
        <Stack
          direction="row"
          alignItems="center"
          spacing={1}
          sx={{ pl: depth * 3 + 1, pr: 1, minHeight: 44, borderBottom: 1, borderColor: 'divider', '&:hover': { bgcolor: 'action.hover' } }}
        >
          <TreeToggle hasChildren={hasChildren} open={open} onToggle={() => toggle(node.id)} />
          <Typography variant="body2" sx={{ fontWeight: depth === 0 ? 600 : 400 }}>
            {node.deptName}
          </Typography>
          {node.deptCode ? <Chip size="small" variant="outlined" label={node.deptCode} /> : null}
          <Typography variant="caption" color="text.secondary">
            {translate('examhall.departs.userCount', { smart_count: node.userCount })}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <TreeNodeActions
            can={can}
            busy={busy}
            first={index === 0}
            last={index === nodes.length - 1}
            onAddChild={() => setDialog({ mode: 'create', parent: node })}
            onEdit={() => setDialog({ mode: 'edit', node })}
            onMove={(sort) => void move(node, sort)}
            onDelete={() => askDelete(node)}
          />
        </Stack>
      );
      return <TreeItem key={node.id} label={node.deptName} hasChildren={hasChildren} open={open} row={row} renderChildren={() => renderNodes(node.children, depth + 1)} />;
    });

  return (
    <TreeScreen
      title="examhall.departs.title"
      addTopLabel="examhall.departs.addTop"
      canCreate={can.canCreate}
      onAddTop={() => setDialog({ mode: 'create' })}
      onExpandAll={expandAll}
      onCollapseAll={() => collapseAll(branchIds(tree))}
      loading={isPending && !data}
      emptyMessage={tree.length === 0 && 'examhall.departs.empty'}
      dialogs={
        <>
          {dialog ? (
            <DepartFormDialog
              state={dialog}
              tree={tree}
              onClose={() => setDialog(null)}
              onSaved={() => {
                setDialog(null);
                refetch();
              }}
            />
          ) : null}
          <Confirm
            {...confirmProps}
            title="examhall.departs.deleteTitle"
            content={translate('examhall.departs.deleteConfirm', { name: deleting?.deptName ?? '' })}
            confirm="examhall.common.delete"
            confirmColor="warning"
          />
        </>
      }
    >
      <Box component="ul" role="tree" aria-label={translate('examhall.departs.title')} sx={{ p: 0, m: 0 }}>
        {renderNodes(tree, 0)}
      </Box>
    </TreeScreen>
  );
}
