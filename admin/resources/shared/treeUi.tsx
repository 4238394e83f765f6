import { useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { useCanAccess, useTranslate, type TranslateFunction } from 'react-admin';

/** The ids of the folded entries of a drawn tree (everything open at first). */
export function useCollapsed() {
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setCollapsed((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return {
    collapsed,
    toggle,
    expandAll: () => setCollapsed(new Set()),
    collapseAll: (ids: Iterable<string>) => setCollapsed(new Set(ids)),
  };
}

/** 展开 / 收起 before an entry with children; an empty slot of the same width before a leaf. */
export function TreeToggle({ hasChildren, open, onToggle }: { hasChildren: boolean; open: boolean; onToggle: () => void }) {
  const translate = useTranslate();
  return hasChildren ? (
    <IconButton size="small" onClick={onToggle} aria-label={translate(open ? 'examhall.common.collapse' : 'examhall.common.expand')}>
      {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
    </IconButton>
  ) : (
    <Box sx={{ width: 34, flexShrink: 0 }} />
  );
}

/** 展开全部 / 折叠全部. */
export function ExpandCollapseButtons({ onExpandAll, onCollapseAll }: { onExpandAll: () => void; onCollapseAll: () => void }) {
  const translate = useTranslate();
  return (
    <>
      <Button size="small" onClick={onExpandAll}>
        {translate('examhall.common.expandAll')}
      </Button>
      <Button size="small" onClick={onCollapseAll}>
        {translate('examhall.common.collapseAll')}
      </Button>
    </>
  );
}

/** A small icon button of a tree entry or row, named by its tooltip. */
export function IconAction({ title, onClick, disabled, children, color }: { title: string; onClick: () => void; disabled?: boolean; children: ReactNode; color?: 'error' }) {
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

export interface TreePermissions {
  canCreate: boolean;
  canEdit: boolean;
  canSort: boolean;
  canDelete: boolean;
}

/** What the user may do on a tree screen's resource. */
export function useTreePermissions(resource: string): TreePermissions {
  const { canAccess: canCreate = false } = useCanAccess({ resource, action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canSort = false } = useCanAccess({ resource, action: 'sort' });
  const { canAccess: canDelete = false } = useCanAccess({ resource, action: 'delete' });
  return { canCreate, canEdit, canSort, canDelete };
}

interface TreeNodeActionsProps {
  can: TreePermissions;
  busy: boolean;
  /** First / last among its siblings: it cannot move up / down. */
  first: boolean;
  last: boolean;
  /** Absent for an entry that takes no children: an empty slot keeps the buttons aligned. */
  onAddChild?: () => void;
  onEdit: () => void;
  onMove: (sort: -1 | 1) => void;
  onDelete: () => void;
}

/** 新增下级 / 编辑 / 上移 / 下移 / 删除 of one tree entry, each shown only to those allowed to use it. */
export function TreeNodeActions({ can, busy, first, last, onAddChild, onEdit, onMove, onDelete }: TreeNodeActionsProps) {
  const translate = useTranslate();
  return (
    <>
      {can.canCreate ? (
        onAddChild ? (
          <IconAction title={translate('examhall.common.addChild')} onClick={onAddChild}>
            <PlaylistAddIcon fontSize="small" />
          </IconAction>
        ) : (
          <Box component="span" sx={{ display: 'inline-block', width: 34 }} />
        )
      ) : null}
      {can.canEdit ? (
        <IconAction title={translate('examhall.common.edit')} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconAction>
      ) : null}
      {can.canSort ? (
        <>
          <IconAction title={translate('examhall.common.moveUp')} onClick={() => onMove(-1)} disabled={busy || first}>
            <ArrowUpwardIcon fontSize="small" />
          </IconAction>
          <IconAction title={translate('examhall.common.moveDown')} onClick={() => onMove(1)} disabled={busy || last}>
            <ArrowDownwardIcon fontSize="small" />
          </IconAction>
        </>
      ) : null}
      {can.canDelete ? (
        <IconAction title={translate('examhall.common.delete')} onClick={onDelete} color="error">
          <DeleteIcon fontSize="small" />
        </IconAction>
      ) : null}
    </>
  );
}

/**
 * One entry of an ARIA tree (a <li role="treeitem">): its row, then, while open, its children in a
 * <ul role="group">.
 */
export function TreeItem({ label, hasChildren, open, row, renderChildren }: { label: string; hasChildren: boolean; open: boolean; row: ReactNode; renderChildren: () => ReactNode }) {
  return (
    <Box component="li" role="treeitem" aria-label={label} aria-expanded={hasChildren ? open : undefined} sx={{ listStyle: 'none' }}>
      {row}
      {hasChildren && open ? (
        <Box component="ul" role="group" sx={{ p: 0, m: 0 }}>
          {renderChildren()}
        </Box>
      ) : null}
    </Box>
  );
}

/** What a tree screen's form dialog is for: a top-level entry, a child of `parent`, or editing `node`. */
export type TreeDialogState<N> = { mode: 'create'; parent?: N } | { mode: 'edit'; node: N };

/** The dialog's title from `<messages>.editTitle`, `.createChildTitle` (with the parent's name) or `.createTitle`. */
export function treeDialogTitle<N>(translate: TranslateFunction, messages: string, state: TreeDialogState<N>, nameOf: (node: N) => string): string {
  if (state.mode === 'edit') return translate(`${messages}.editTitle`);
  return state.parent ? translate(`${messages}.createChildTitle`, { name: nameOf(state.parent) }) : translate(`${messages}.createTitle`);
}
