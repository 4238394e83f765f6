import type { Db } from '../../db/database';
import type { QuRow } from '../../db/schema';

/** Questions and their knowledge points: the only place that builds queries on `qu` and `qu_tag`. */

const COLUMNS = [
  'id', 'repo_id', 'qu_type', 'level', 'content', 'stem_key', 'body', 'analysis', 'sort', 'create_by', 'create_time', 'update_time',
] as const;

export interface QuWrite {
  row: QuRow;
  tags: string[];
}

/** Rows per statement: stays under SQLite's 32,766 bound parameters (12 columns a row). */
const CHUNK = 500;

export async function insertQuestions(db: Db, items: readonly QuWrite[]): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) {
    const part = items.slice(i, i + CHUNK);
    await db.insertInto('qu').values(part.map((q) => q.row)).execute();
    const tags = part.flatMap((q) => q.tags.map((name) => ({ qu_id: q.row.id, repo_id: q.row.repo_id, name })));
    for (let j = 0; j < tags.length; j += CHUNK * 3) await db.insertInto('qu_tag').values(tags.slice(j, j + CHUNK * 3)).execute();
  }
}

export async function updateQuestion(db: Db, item: QuWrite): Promise<void> {
  const { id, create_by: _by, create_time: _ct, ...values } = item.row;
  await db.updateTable('qu').set(values).where('id', '=', id).execute();
  await db.deleteFrom('qu_tag').where('qu_id', '=', id).execute();
  if (item.tags.length) await db.insertInto('qu_tag').values(item.tags.map((name) => ({ qu_id: id, repo_id: item.row.repo_id, name }))).execute();
}

export async function findQuestions(db: Db, ids: readonly string[]): Promise<QuRow[]> {
  const rows: QuRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    rows.push(...(await db.selectFrom('qu').select(COLUMNS).where('id', 'in', ids.slice(i, i + CHUNK)).execute()));
  }
  return rows;
}

/** Knowledge points of the given questions, by question id. */
export async function tagsOf(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db.selectFrom('qu_tag').select(['qu_id', 'name']).where('qu_id', 'in', ids.slice(i, i + CHUNK)).orderBy('name').execute();
    for (const r of rows) out.set(r.qu_id, [...(out.get(r.qu_id) ?? []), r.name]);
  }
  return out;
}

/** Ids of a bank's questions of one type (and level), in bank order: an exam's draw pool. */
export async function poolIds(db: Db, repoId: string, quType: number, level?: number): Promise<string[]> {
  let q = db.selectFrom('qu').select('id').where('repo_id', '=', repoId).where('qu_type', '=', quType);
  if (level !== undefined) q = q.where('level', '=', level);
  return (await q.orderBy('sort').orderBy('id').execute()).map((r) => r.id);
}

/** Ids of a bank's questions in bank order, optionally of one type or knowledge point. */
export async function orderedIds(db: Db, repoId: string, filter: { quType?: number; tag?: string } = {}): Promise<string[]> {
  let q = db.selectFrom('qu').select('qu.id').where('qu.repo_id', '=', repoId);
  if (filter.quType !== undefined) q = q.where('qu.qu_type', '=', filter.quType);
  if (filter.tag !== undefined) {
    const tag = filter.tag;
    q = q.where((eb) => eb.exists(eb.selectFrom('qu_tag').select('qu_tag.qu_id').whereRef('qu_tag.qu_id', '=', 'qu.id').where('qu_tag.name', '=', tag)));
  }
  return (await q.orderBy('qu.sort').orderBy('qu.id').execute()).map((r) => r.id);
}

/** The next free place at the end of a bank's order. */
export async function nextSort(db: Db, repoId: string): Promise<number> {
  const row = await db.selectFrom('qu').select((eb) => eb.fn.max('sort').as('m')).where('repo_id', '=', repoId).executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}
