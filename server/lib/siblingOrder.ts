import { fail } from './errors';

export interface Sibling {
  id: string;
  sort: number;
}

/**
 * The sort values to write when one entry of an ordered sibling list moves up (-1) or down (+1):
 * the list in its new order renumbered 1..n, keeping only the values that change (so ties and
 * gaps left by older edits heal on the first move). `siblings` must be in display order.
 */
export function planMove(siblings: Sibling[], id: string, delta: -1 | 1): Sibling[] {
  const from = siblings.findIndex((s) => s.id === id);
  if (from < 0) throw new Error(`planMove: ${id} is not among its siblings`);
  const to = from + delta;
  if (to < 0) throw fail('已经是同级的第一个，无法上移');
  if (to >= siblings.length) throw fail('已经是同级的最后一个，无法下移');
  const order = [...siblings];
  [order[from], order[to]] = [order[to], order[from]];
  return order.map((s, i) => ({ id: s.id, sort: i + 1 })).filter((s, i) => order[i].sort !== s.sort);
}
