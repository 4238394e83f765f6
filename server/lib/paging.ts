import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../common/errorCodes';

export interface PageArgs {
  current: number;
  size: number;
}

/**
 * Runs a count and a page of a filtered query. `query` carries the joins and filters only; the
 * caller passes the selection and order through `select`.
 */
export async function paginate<DB, TB extends keyof DB, O, R>(
  query: SelectQueryBuilder<DB, TB, object>,
  { current, size }: PageArgs,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  map: (row: O) => R,
): Promise<Page<R>> {
  const countRow = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  const total = Number((countRow as { total?: number } | undefined)?.total ?? 0);
  const rows = total === 0 ? [] : await select(query).limit(size).offset((current - 1) * size).execute();
  return { records: rows.map(map), total, current, size, pages: Math.ceil(total / size) };
}

/** Escapes LIKE wildcards in user text and wraps it for a contains-match. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "column contains text", the same on SQLite and PostgreSQL: wildcards in the
 * text are escaped with a backslash, which SQLite honours only with an explicit ESCAPE.
 */
export function contains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${likePattern(text)}) escape '\\'`;
}
