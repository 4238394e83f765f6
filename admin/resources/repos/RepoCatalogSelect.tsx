import { useQuery } from '@tanstack/react-query';
import { SelectInput } from 'react-admin';
import { repoCatalogApi } from '../../../common/api';
import { call } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { flattenTree } from '../shared/tree';

/** Bank categories as choices, indented by depth (the tree drawn in a select). */
export function useRepoCatalogChoices() {
  const tree = useQuery({ queryKey: endpointKey(repoCatalogApi.tree), queryFn: () => call(repoCatalogApi.tree, {}, { silent: true }) });
  return { choices: flattenTree(tree.data).map(({ node, depth }) => ({ id: node.id, name: `${'　'.repeat(depth)}${node.title}` })), isPending: tree.isPending };
}

/** The category of a bank (form) or of the banks listed (filter; a category includes its sub-categories). */
export function RepoCatalogSelect({ source = 'catId', emptyText = '—', minWidth = 240 }: { source?: string; emptyText?: string; minWidth?: number }) {
  const { choices, isPending } = useRepoCatalogChoices();
  return <SelectInput source={source} choices={choices} emptyText={emptyText} emptyValue="" isLoading={isPending} sx={{ minWidth, maxWidth: 720 }} />;
}
