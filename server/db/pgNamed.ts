import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL parses and plans every statement it is sent unless the statement is named, when each
 * connection plans it once. The hot queries (built once by `prepared()`) carry this marker at the
 * head of their SQL; they are sent as named statements. Only they: every other query text (lists
 * of any length) would leave a new statement on every connection.
 */
export const NAMED_MARKER = '/* named */ ';

/** A pg pool whose clients send marked queries as named statements. */
export function namedStatementPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `examhall_${names.size + 1}`));
    return name;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query: ((textOrCursor: unknown, parameters?: ReadonlyArray<unknown>) => {
          if (typeof textOrCursor === 'string' && textOrCursor.startsWith(NAMED_MARKER)) {
            return client.query({ name: nameOf(textOrCursor), text: textOrCursor, values: parameters as unknown[] }) as Promise<PostgresQueryResult<unknown>>;
          }
          return (client.query as (a: unknown, b?: unknown) => unknown)(textOrCursor, parameters);
        }) as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}
