import { useMemo, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Confirm, Title, useCanAccess, useNotify, useTranslate } from 'react-admin';
import type { MenuNode } from '../../../common/api';
import { MENU_TYPE } from '../../../common/labels';
import { useApiQuery, useAppDataProvider } from '../shared/appData';
import { EmptyState } from '../shared/EmptyState';
import { useCodeLabel } from '../shared/labels';
import { flattenTree } from '../shared/tree';
import { MENU_FUNCTION, MenuFormDialog, type MenuDialogState } from './MenuFormDialog';
import { useRefreshAdminSession } from '../../layout/useAdminSession';

const RESOURCE = 'sys/menu';
const TYPE_COLOR = { 1: 'primary', 2: 'warning', 3: 'info' } as const;

function RowAction({ title, onClick, disabled, children, color }: { title: string; onClick: () => void; disabled?: boolean; children: ReactNode; color?: 'error' }) {
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

interface Row {
  node: MenuNode;
  depth: number;
  first: boolean;
  last: boolean;
}

/** 菜单管理: every menu as a tree table with sort, edit and delete. */
export function MenuTree() {
  const translate = useTranslate();
  const notify = useNotify();
  const codeLabel = useCodeLabel();
  const dataProvider = useAppDataProvider();
  const { data, isPending, refetch } = useApiQuery<MenuNode[]>('/api/sys/menu/tree');
  const refreshSession = useRefreshAdminSession();
  /** After any change: the tree here, and the sidebar and route search of the shell. */
  const changed = () => {
    refetch();
    refreshSession().catch(() => undefined);
  };
  const tree = useMemo(() => data ?? [], [data]);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<MenuDialogState | null>(null);
  const [deleting, setDeleting] = useState<MenuNode | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCE, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const { canAccess: canSort } = useCanAccess({ resource: RESOURCE, action: 'sort' });
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });

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

  const toggle = (id: string) =>
    setCollapsed((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const move = async (node: MenuNode, sort: -1 | 1) => {
    setBusy(true);
    try {
      await dataProvider.call('/api/sys/menu/sort', { id: node.id, sort });
      changed();
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
      await dataProvider.call('/api/sys/menu/delete', { ids: [deleting.id] });
      notify('examhall.common.deleted', { type: 'success' });
      changed();
    } catch {
      // Shown by the http client.
    } finally {
      setConfirmOpen(false);
      setBusy(false);
    }
  };

  const yesNo = (v: boolean) => translate(v ? 'examhall.common.yes' : 'examhall.common.no');
  const actions = canCreate || canEdit || canSort || canDelete;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('examhall.menus.title')} />
      <Stack direction="row" spacing={1} sx={{ mb: 1 }} justifyContent="flex-end">
        <Button size="small" onClick={() => setCollapsed(new Set())}>
          {translate('examhall.common.expandAll')}
        </Button>
        <Button size="small" onClick={() => setCollapsed(new Set(flattenTree(tree).filter((e) => e.node.children.length).map((e) => e.node.id)))}>
          {translate('examhall.common.collapseAll')}
        </Button>
        {canCreate ? (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
            {translate('examhall.menus.addTop')}
          </Button>
        ) : null}
      </Stack>
      <Card>
        {isPending && !data ? (
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <CircularProgress size={28} aria-label={translate('examhall.common.loading')} />
          </Box>
        ) : tree.length === 0 ? (
          <EmptyState message="examhall.menus.empty" />
        ) : (
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
                          {hasChildren ? (
                            <IconButton size="small" onClick={() => toggle(node.id)} aria-label={translate(open ? 'examhall.common.collapse' : 'examhall.common.expand')}>
                              {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                            </IconButton>
                          ) : (
                            <Box sx={{ width: 34 }} />
                          )}
                          {node.title}
                        </Stack>
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={TYPE_COLOR[node.menuType as 1 | 2 | 3] ?? 'default'}
                          label={codeLabel(MENU_TYPE, node.menuType)}
                        />
                      </TableCell>
                      <TableCell>{node.path}</TableCell>
                      <TableCell>{node.component}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{node.permissionTag}</TableCell>
                      <TableCell align="right">{node.sort}</TableCell>
                      <TableCell>{node.menuType === MENU_FUNCTION ? '' : yesNo(node.hidden)}</TableCell>
                      {actions ? (
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {canCreate && node.menuType !== MENU_FUNCTION ? (
                            <RowAction title={translate('examhall.common.addChild')} onClick={() => setDialog({ mode: 'create', parent: node })}>
                              <PlaylistAddIcon fontSize="small" />
                            </RowAction>
                          ) : canCreate ? (
                            // Functions take no children; keep the columns of buttons aligned.
                            <Box component="span" sx={{ display: 'inline-block', width: 34 }} />
                          ) : null}
                          {canEdit ? (
                            <RowAction title={translate('examhall.common.edit')} onClick={() => setDialog({ mode: 'edit', node })}>
                              <EditIcon fontSize="small" />
                            </RowAction>
                          ) : null}
                          {canSort ? (
                            <>
                              <RowAction title={translate('examhall.common.moveUp')} onClick={() => void move(node, -1)} disabled={busy || first}>
                                <ArrowUpwardIcon fontSize="small" />
                              </RowAction>
                              <RowAction title={translate('examhall.common.moveDown')} onClick={() => void move(node, 1)} disabled={busy || last}>
                                <ArrowDownwardIcon fontSize="small" />
                              </RowAction>
                            </>
                          ) : null}
                          {canDelete ? (
                            <RowAction
                              title={translate('examhall.common.delete')}
                              color="error"
                              onClick={() => {
                                setDeleting(node);
                                setConfirmOpen(true);
                              }}
                            >
                              <DeleteIcon fontSize="small" />
                            </RowAction>
                          ) : null}
                        </TableCell>
                      ) : null}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
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
        isOpen={confirmOpen}
        loading={busy}
        title="examhall.menus.deleteTitle"
        content={translate('examhall.menus.deleteConfirm', { name: deleting?.title ?? '' })}
        confirm="examhall.common.delete"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setConfirmOpen(false)}
      />
    </Box>
  );
}
