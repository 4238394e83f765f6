import type { Kysely, Transaction } from 'kysely';
import type { DB, SysFileTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

const COLUMNS = ['id', 'storage_key', 'file_name', 'mime', 'size', 'create_by', 'create_time'] as const;

export async function insertFile(db: Db, row: SysFileTable): Promise<void> {
  await db.insertInto('sys_file').values(row).execute();
}

export function findFile(db: Db, id: string): Promise<SysFileTable | undefined> {
  return db.selectFrom('sys_file').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}
