import { useMemo } from 'react';
import { Box, Button, Checkbox, Chip, CircularProgress, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { InputHelperText, useInput, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { menuApi, type MenuNode } from '../../../common/api';
import { MenuType } from '../../../common/codes';
import { endpointQuery } from '../../providers/endpointQuery';
import { LoadError } from './LoadError';
import { descendantIds, flattenTree, parentMap } from './tree';
import { ExpandCollapseButtons, TreeItem, TreeToggle, useCollapsed } from './treeUi';


/**
 * Toggle one entry in a checked set that always holds every checked entry plus the ancestors of
 * checked entries (so the sidebar can reach them). Checking an entry checks its whole subtree;
 * unchecking removes the subtree and drops ancestors left without any checked descendant.
 */
export function toggleMenu(tree: readonly MenuNode[], checked: ReadonlySet<string>, node: MenuNode): Set<string> {
  const next = new Set(checked);
  const subtree = [node.id, ...descendantIds(node)];
  const full = subtree.every((id) => next.has(id));
  const parents = parentMap(tree);
  if (full) {
    subtree.forEach((id) => next.delete(id));
    for (let p = parents.get(node.id); p; p = parents.get(p)) {
      const parentNode = flattenTree(tree).find((e) => e.node.id === p)?.node;
      if (parentNode && !descendantIds(parentNode).some((id) => next.has(id))) next.delete(p);
    }
  } else {
    subtree.forEach((id) => next.add(id));
    for (let p = parents.get(node.id); p; p = parents.get(p)) next.add(p);
  }
  return next;
}

interface MenuTreeCheckProps {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Ready-made tree; otherwise the menu tree is loaded. */
  tree?: MenuNode[];
  disabled?: boolean;
}

/** Menu tree with checkboxes (role form). Function entries show their permission tag. */
export function MenuTreeCheck({ value, onChange, tree: given, disabled }: MenuTreeCheckProps) {
  const translate = useTranslate();
  const loaded = useQuery({ ...endpointQuery(menuApi.tree), enabled: !given });
  const tree = useMemo(() => given ?? loaded.data ?? [], [given, loaded.data]);
  const checked = useMemo(() => new Set(value ?? []), [value]);
  const { collapsed, toggle, expandAll, collapseAll } = useCollapsed();
  const allIds = useMemo(() => flattenTree(tree).map((e) => e.node.id), [tree]);

  if (!given && loaded.isPending) return <CircularProgress size={24} aria-label={translate('examhall.common.loading')} />;
  if (!given && loaded.isError && !loaded.data) return <LoadError error={loaded.error} onRetry={() => void loaded.refetch()} retrying={loaded.isFetching} />;
  if (tree.length === 0) return <Typography color="text.secondary">{translate('examhall.common.noData')}</Typography>;

  const renderNodes = (nodes: MenuNode[], depth: number) =>
    nodes.map((node) => {
      const below = descendantIds(node);
      const isParent = node.children.length > 0;
      const full = checked.has(node.id) && below.every((id) => checked.has(id));
      const some = !full && (checked.has(node.id) || below.some((id) => checked.has(id)));
      const open = !collapsed.has(node.id);
      const row = (
        <Stack direction="row" alignItems="center" sx={{ pl: depth * 3, minHeight: 34 }}>
          <TreeToggle hasChildren={isParent} open={open} onToggle={() => toggle(node.id)} />
          <Checkbox
            size="small"
            checked={full}
            indeterminate={some}
            disabled={disabled}
            onChange={() => onChange([...toggleMenu(tree, checked, node)])}
            slotProps={{ input: { 'aria-label': node.title } }}
          />
          <Typography variant="body2" component="span">
            {node.title}
          </Typography>
          {node.menuType === MenuType.FUNCTION && node.permissionTag ? (
            <Chip label={node.permissionTag} size="small" variant="outlined" sx={{ ml: 1, fontFamily: 'monospace', fontSize: 12 }} />
          ) : null}
        </Stack>
      );
      return <TreeItem key={node.id} label={node.title} hasChildren={isParent} open={open} row={row} renderChildren={() => renderNodes(node.children, depth + 1)} />;
    });

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Button size="small" disabled={disabled} onClick={() => onChange(allIds)}>
          {translate('examhall.roles.checkAll')}
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange([])}>
          {translate('examhall.roles.uncheckAll')}
        </Button>
        <ExpandCollapseButtons onExpandAll={expandAll} onCollapseAll={() => collapseAll(allIds)} />
      </Stack>
      <Box
        component="ul"
        role="tree"
        aria-multiselectable
        sx={{ p: 1, m: 0, border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 480, overflow: 'auto' }}
      >
        {renderNodes(tree, 0)}
      </Box>
    </Box>
  );
}

/** react-admin input: the role's menuIds. */
export function MenuTreeInput({ source, label }: { source: string; label?: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, defaultValue: [] });
  return (
    <Box sx={{ width: '100%' }}>
      <FormLabel component="div" sx={{ mb: 0.5 }}>
        {label ? translate(label, { _: label }) : translate('examhall.roles.menus')}
      </FormLabel>
      <FormHelperText sx={{ mt: 0, mb: 1 }}>{translate('examhall.roles.menusHelper')}</FormHelperText>
      <MenuTreeCheck value={Array.isArray(field.value) ? field.value : []} onChange={field.onChange} />
      {fieldState.error ? <InputHelperText error={fieldState.error.message} /> : null}
    </Box>
  );
}
