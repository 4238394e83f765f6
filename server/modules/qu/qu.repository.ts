import { sql } from 'kysely';
import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import { insertRows } from '../../db/prepared';
import type { QuRow } from '../../db/schema';
import { contains, type PageArgs } from '../../lib/paging';

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

/** Rows per insert: a statement of them takes a few milliseconds, the longest an import holds the event loop. */
const INSERT_CHUNK = 200;

/**
 * Questions and their tags, a few statements of many rows each, their SQL built once (insertRows:
 * no query building per call, the costly part of a 5,000-question import). A long import gives the
 * event loop its turns between its parts (qu.service insertPreparedQuestions).
 */
export async function insertQuestions(db: Db, items: readonly QuWrite[]): Promise<void> {
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    const part = items.slice(i, i + INSERT_CHUNK);
    await insertRows(db, 'qu', part.map((q) => q.row));
    const tags = part.flatMap((q) => q.tags.map((name) => ({ qu_id: q.row.id, repo_id: q.row.repo_id, name })));
    if (tags.length) await insertRows(db, 'qu_tag', tags);
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

export interface QuFilter {
  repoId?: string;
  quType?: number;
  level?: number;
  content?: string;
  tag?: string;
  excludes?: string[];
  ids?: string[];
}

function filtered(db: Db, f: QuFilter) {
  let q = db.selectFrom('qu');
  if (f.repoId) q = q.where('qu.repo_id', '=', f.repoId);
  if (f.quType !== undefined) q = q.where('qu.qu_type', '=', f.quType);
  if (f.level !== undefined) q = q.where('qu.level', '=', f.level);
  if (f.content) q = q.where(contains('qu.content', f.content));
  if (f.excludes?.length) q = q.where('qu.id', 'not in', f.excludes);
  if (f.ids) q = q.where('qu.id', 'in', f.ids.length ? f.ids : ['']);
  if (f.tag) {
    const tag = f.tag;
    q = q.where((eb) => eb.exists(eb.selectFrom('qu_tag').select('qu_tag.qu_id').whereRef('qu_tag.qu_id', '=', 'qu.id').where('qu_tag.name', '=', tag)));
  }
  return q;
}

export type QuListRow = Pick<QuRow, 'id' | 'repo_id' | 'qu_type' | 'level' | 'content' | 'create_time' | 'update_time'>;

/**
 * A page of questions in bank order. The page's ids come from the (repo_id, sort, id) index alone,
 * then only those rows are read: a deep page of a large bank skips index entries, not whole rows.
 */
export async function pageQuestions(db: Db, f: QuFilter, page: PageArgs, knownTotal?: number): Promise<Page<QuListRow>> {
  // Filtered by type or level, the (repo_id, qu_type, level) index finds a few rows to sort; walking
  // the whole bank in order through (repo_id, sort, id) instead reads every row. `+sort` keeps
  // SQLite's planner (which has no statistics) off the order index in that case.
  const sortKey = f.quType !== undefined || f.level !== undefined ? sql<number>`+qu.sort` : sql<number>`qu.sort`;
  const offset = (page.current - 1) * page.size;
  let total = knownTotal;
  let idList: string[] = [];
  if (total !== undefined) {
    if (total > 0) {
      const rows = await filtered(db, f).select('qu.id').orderBy(sortKey).orderBy('qu.id').limit(page.size).offset(offset).execute();
      idList = rows.map((r) => r.id);
    }
  } else {
    // The page and the number of matches in one pass over the filter (a text search reads each row once).
    const rows = await filtered(db, f)
      .select(['qu.id', (eb) => eb.fn.countAll<number>().over().as('total')])
      .orderBy(sortKey)
      .orderBy('qu.id')
      .limit(page.size)
      .offset(offset)
      .execute();
    idList = rows.map((r) => r.id);
    total = rows.length ? Number(rows[0].total) : undefined;
    // A page past the end says nothing of the total: count.
    if (total === undefined) {
      const counted = await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      total = Number(counted?.n ?? 0);
    }
  }
  const meta = { total, current: page.current, size: page.size, pages: Math.ceil(total / page.size) };
  if (idList.length === 0) return { ...meta, records: [] };
  const rows = await db
    .selectFrom('qu')
    .select(['qu.id', 'qu.repo_id', 'qu.qu_type', 'qu.level', 'qu.content', 'qu.create_time', 'qu.update_time'])
    .where('qu.id', 'in', idList)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { ...meta, records: idList.flatMap((id) => byId.get(id) ?? []) };
}

/** Full rows of every question a filter matches, in bank order (export; bounded by the caller). */
/** Up to `limit` matching questions from `offset`, in bank order (the id orders ties, so pages join up). */
export async function filteredRows(db: Db, f: QuFilter, limit: number, offset = 0): Promise<QuRow[]> {
  return filtered(db, f).select(COLUMNS.map((c) => `qu.${c}` as const)).orderBy('qu.repo_id').orderBy('qu.sort').orderBy('qu.id').limit(limit).offset(offset).execute();
}

/** The banks the given questions are in. */
export async function repoIdsOf(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('qu').select('repo_id').distinct().where('id', 'in', ids).execute()).map((r) => r.repo_id);
}

export async function deleteQuestions(db: Db, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('qu').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function moveQuestions(db: Db, ids: readonly string[], repoId: string, firstSort: number, now: number): Promise<number> {
  let n = 0;
  for (const [i, id] of ids.entries()) {
    const res = await db.updateTable('qu').set({ repo_id: repoId, sort: firstSort + i, update_time: now }).where('id', '=', id).executeTakeFirst();
    n += Number(res.numUpdatedRows);
  }
  await db.updateTable('qu_tag').set({ repo_id: repoId }).where('qu_id', 'in', ids).execute();
  return n;
}

export async function setLevel(db: Db, ids: readonly string[], level: number, now: number): Promise<number> {
  const res = await db.updateTable('qu').set({ level, update_time: now }).where('id', 'in', ids).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function addTags(db: Db, rows: ReadonlyArray<{ qu_id: string; repo_id: string; name: string }>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insertInto('qu_tag').values(rows.slice(i, i + CHUNK)).onConflict((oc) => oc.columns(['qu_id', 'name']).doNothing()).execute();
  }
}

export async function removeTags(db: Db, ids: readonly string[], names: readonly string[]): Promise<void> {
  await db.deleteFrom('qu_tag').where('qu_id', 'in', ids).where('name', 'in', names).execute();
}

/** A bank's knowledge points with how many questions carry each. */
export async function tagCounts(db: Db, repoId: string): Promise<Array<{ name: string; count: number }>> {
  const rows = await db
    .selectFrom('qu_tag')
    .select(['name', (eb) => eb.fn.countAll<number>().as('n')])
    .where('repo_id', '=', repoId)
    .groupBy('name')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ name: r.name, count: Number(r.n) }));
}

/** Which of the given stem keys a bank holds already (duplicate detection). */
/** `between`: awaited before each query but the first (an import's 5,000 stems give the event loop its turns). */
export async function existingStemKeys(db: Db, repoId: string, keys: readonly string[], between?: () => Promise<void> | undefined): Promise<Set<string>> {
  const out = new Set<string>();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    if (i > 0) await between?.();
    const rows = await db.selectFrom('qu').select('stem_key').where('repo_id', '=', repoId).where('stem_key', 'in', unique.slice(i, i + CHUNK)).execute();
    for (const r of rows) out.add(r.stem_key);
  }
  return out;
}

export async function findRow(db: Db, id: string): Promise<QuRow | undefined> {
  return db.selectFrom('qu').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}
