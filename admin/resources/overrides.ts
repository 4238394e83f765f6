import type { DataProvider } from 'react-admin';
import { post } from '../../common/http';
import type { DepartNode, MenuNode, SentMsg } from '../../common/api';
import { flattenTree, type TreeNode } from './shared/tree';

/** Standard calls fail silently: react-admin shows the failure itself (as in the base provider). */
const SILENT = { silent: true } as const;

/** Tree resources have /tree instead of /paging: getList answers every node, flattened in tree order. */
function treeList<N extends TreeNode>(path: string): Partial<DataProvider> {
  return {
    getList: async () => {
      const nodes = flattenTree(await post<N[]>(path, {}, SILENT)).map(({ node, depth }) => ({ ...node, depth }));
      return { data: nodes as any[], total: nodes.length };
    },
  };
}

/** Per-resource overrides the admin data provider consults before its envelope mapping. */
export const dataProviderOverrides: Record<string, Partial<DataProvider>> = {
  'sys/depart': treeList<DepartNode>('/api/sys/depart/tree'),
  'sys/menu': treeList<MenuNode>('/api/sys/menu/tree'),
  // Messages are sent, not saved.
  'sys/msg': {
    create: async (_resource, { data }) => ({ data: (await post<SentMsg>('/api/sys/msg/send', data, SILENT)) as any }),
  },
};
