/** Helpers for the nested trees the server answers (departments, menus). */
export interface TreeNode {
  id: string;
  parentId: string;
  children: TreeNode[];
}

export interface FlatEntry<N> {
  node: N;
  depth: number;
}

type Nested<N> = N & { children: Nested<N>[] };

/** Depth-first order, the way the tree is drawn. */
export function flattenTree<N extends TreeNode>(nodes: readonly N[] | undefined, depth = 0, out: FlatEntry<N>[] = []): FlatEntry<N>[] {
  for (const node of nodes ?? []) {
    out.push({ node, depth });
    flattenTree(node.children as N[], depth + 1, out);
  }
  return out;
}

/** The ids of a node's whole subtree, the node itself excluded. */
export function descendantIds<N extends TreeNode>(node: N): string[] {
  return flattenTree(node.children as Nested<N>[]).map((e) => e.node.id);
}

export function findNode<N extends TreeNode>(nodes: readonly N[] | undefined, id: string): N | undefined {
  return flattenTree(nodes).find((e) => e.node.id === id)?.node;
}

/** id -> parent id, for walking up. */
export function parentMap<N extends TreeNode>(nodes: readonly N[] | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const { node } of flattenTree(nodes)) for (const child of node.children) map.set(child.id, node.id);
  return map;
}

/** The ids of every node that has children (what 折叠全部 folds). */
export function branchIds<N extends TreeNode>(nodes: readonly N[] | undefined): string[] {
  return flattenTree(nodes)
    .filter((e) => e.node.children.length)
    .map((e) => e.node.id);
}
