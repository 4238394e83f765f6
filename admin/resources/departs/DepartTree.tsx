import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Chip, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Confirm, Title, useCanAccess, useNotify, useTranslate } from 'react-admin';
import type { DepartNode } from '../../../common/api';
import { useApiQuery, useAppDataProvider } from '../shared/appData';
import { EmptyState } from '../shared/EmptyState';
import { flattenTree } from '../shared/tree';
import { DepartFormDialog, type DepartDialogState } from './DepartFormDialog';

const RESOURCE = 'sys/depart';

function NodeAction({ title, onClick, disabled, children, color }: { title: string; onClick: () => void; disabled?: boolean; children: ReactNode; color?: 'error' }) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton size="small" aria-label={title} onClick={onClick} disabled={disabled} color={color}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** 部门管理: the department tree with per-node actions. */
export function DepartTree() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { data, isPending, refetch } = useApiQuery<DepartNode[]>('/api/sys/depart/tree');
  const tree = data ?? [];
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<DepartDialogState | null>(null);
  // The node stays after the confirmation closes, so the closing dialog keeps its text.
  const [deleting, setDeleting] = useState<DepartNode | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCE, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const { canAccess: canSort } = useCanAccess({ resource: RESOURCE, action: 'sort' });
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });

  const toggle = (id: string) =>
    setCollapsed((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const move = async (node: DepartNode, sort: -1 | 1) => {
    setBusy(true);
    try {
      await dataProvider.call('/api/sys/depart/sort', { id: node.id, sort });
      refetch();
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await dataProvider.call('/api/sys/depart/delete', { ids: [deleting.id] });
      notify('examhall.common.deleted', { type: 'success' });
      refetch();
    } catch {
      // The server's refusal (users or sub-departments remain) is shown by the http client.
    } finally {
      setConfirmOpen(false);
      setBusy(false);
    }
  };

  const renderNodes = (nodes: DepartNode[], depth: number): ReactNode =>
    nodes.map((node, index) => {
      const hasChildren = node.children.length > 0;
      const open = !collapsed.has(node.id);
      return (
        <Box component="li" key={node.id} role="treeitem" aria-label={node.deptName} aria-expanded={hasChildren ? open : undefined} sx={{ listStyle: 'none' }}>
          <Stack
            direction="row"
            alignItems="center"
            spacing={1}
            sx={{ pl: depth * 3 + 1, pr: 1, minHeight: 44, borderBottom: 1, borderColor: 'divider', '&:hover': { bgcolor: 'action.hover' } }}
          >
            {hasChildren ? (
              <IconButton size="small" onClick={() => toggle(node.id)} aria-label={translate(open ? 'examhall.common.collapse' : 'examhall.common.expand')}>
                {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
              </IconButton>
            ) : (
              <Box sx={{ width: 34, flexShrink: 0 }} />
            )}
            <Typography variant="body2" sx={{ fontWeight: depth === 0 ? 600 : 400 }}>
              {node.deptName}
            </Typography>
            {node.deptCode ? <Chip size="small" variant="outlined" label={node.deptCode} /> : null}
            <Typography variant="caption" color="text.secondary">
              {translate('examhall.departs.userCount', { smart_count: node.userCount })}
            </Typography>
            <Box sx={{ flex: 1 }} />
            {canCreate ? (
              <NodeAction title={translate('examhall.common.addChild')} onClick={() => setDialog({ mode: 'create', parent: node })}>
                <PlaylistAddIcon fontSize="small" />
              </NodeAction>
            ) : null}
            {canEdit ? (
              <NodeAction title={translate('examhall.common.edit')} onClick={() => setDialog({ mode: 'edit', node })}>
                <EditIcon fontSize="small" />
              </NodeAction>
            ) : null}
            {canSort ? (
              <>
                <NodeAction title={translate('examhall.common.moveUp')} onClick={() => void move(node, -1)} disabled={busy || index === 0}>
                  <ArrowUpwardIcon fontSize="small" />
                </NodeAction>
                <NodeAction title={translate('examhall.common.moveDown')} onClick={() => void move(node, 1)} disabled={busy || index === nodes.length - 1}>
                  <ArrowDownwardIcon fontSize="small" />
                </NodeAction>
              </>
            ) : null}
            {canDelete ? (
              <NodeAction title={translate('examhall.common.delete')} onClick={() => {
                  setDeleting(node);
                  setConfirmOpen(true);
                }}
                color="error"
              >
                <DeleteIcon fontSize="small" />
              </NodeAction>
            ) : null}
          </Stack>
          {hasChildren && open ? (
            <Box component="ul" role="group" sx={{ p: 0, m: 0 }}>
              {renderNodes(node.children, depth + 1)}
            </Box>
          ) : null}
        </Box>
      );
    });

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('examhall.departs.title')} />
      <Stack direction="row" spacing={1} sx={{ mb: 1 }} justifyContent="flex-end">
        <Button size="small" onClick={() => setCollapsed(new Set())}>
          {translate('examhall.common.expandAll')}
        </Button>
        <Button size="small" onClick={() => setCollapsed(new Set(flattenTree(tree).filter((e) => e.node.children.length).map((e) => e.node.id)))}>
          {translate('examhall.common.collapseAll')}
        </Button>
        {canCreate ? (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
            {translate('examhall.departs.addTop')}
          </Button>
        ) : null}
      </Stack>
      <Card>
        {isPending && !data ? (
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <CircularProgress size={28} aria-label={translate('examhall.common.loading')} />
          </Box>
        ) : tree.length === 0 ? (
          <EmptyState message="examhall.departs.empty" />
        ) : (
          <Box component="ul" role="tree" aria-label={translate('examhall.departs.title')} sx={{ p: 0, m: 0 }}>
            {renderNodes(tree, 0)}
          </Box>
        )}
      </Card>
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
        isOpen={confirmOpen}
        loading={busy}
        title="examhall.departs.deleteTitle"
        content={translate('examhall.departs.deleteConfirm', { name: deleting?.deptName ?? '' })}
        confirm="examhall.common.delete"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setConfirmOpen(false)}
      />
    </Box>
  );
}
