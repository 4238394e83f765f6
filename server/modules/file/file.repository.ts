import type { Db } from '../../db/database';
import type { FileRow } from '../../db/schema';

const COLUMNS = ['id', 'storage_key', 'file_name', 'mime', 'size', 'create_by', 'create_time', 'kind'] as const;

export async function insertFile(db: Db, row: FileRow): Promise<void> {
  await db.insertInto('sys_file').values(row).execute();
}

export function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('sys_file').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function deleteFile(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sys_file').where('id', '=', id).execute();
}
