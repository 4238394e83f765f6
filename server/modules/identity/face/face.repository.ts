import type { Db } from '../../../db/database';
import type { SysUserFaceTable } from '../../../db/schema';

export type FaceRow = SysUserFaceTable;
/** What may be told about an enrolment: everything but the descriptor. */
export type FaceInfoRow = Omit<FaceRow, 'descriptor'>;

export function findFaceInfo(db: Db, userId: string): Promise<FaceInfoRow | undefined> {
  return db.selectFrom('sys_user_face').select(['user_id', 'model', 'version', 'photo_file_id', 'create_time']).where('user_id', '=', userId).executeTakeFirst();
}

export function findFaceDescriptor(db: Db, userId: string, model: string): Promise<Pick<FaceRow, 'user_id' | 'descriptor'> | undefined> {
  return db.selectFrom('sys_user_face').select(['user_id', 'descriptor']).where('user_id', '=', userId).where('model', '=', model).executeTakeFirst();
}

export async function countFaces(db: Db, model: string): Promise<number> {
  const row = await db.selectFrom('sys_user_face').select((eb) => eb.fn.countAll<string | number>().as('n')).where('model', '=', model).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Enrolled descriptors of one model, a page at a time in user id order (the 1:N search). */
export function listFaceDescriptors(db: Db, model: string, afterUserId: string, limit: number): Promise<Array<Pick<FaceRow, 'user_id' | 'descriptor'>>> {
  return db
    .selectFrom('sys_user_face')
    .select(['user_id', 'descriptor'])
    .where('model', '=', model)
    .where('user_id', '>', afterUserId)
    .orderBy('user_id')
    .limit(limit)
    .execute();
}

/** One enrolment per user: a new one replaces the old. */
export async function upsertFace(db: Db, row: FaceRow): Promise<void> {
  await db
    .insertInto('sys_user_face')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ descriptor: row.descriptor, model: row.model, version: row.version, photo_file_id: row.photo_file_id, create_time: row.create_time }))
    .execute();
}

/** Removes the enrolments; answers the photo files they held. */
export async function deleteFaces(db: Db, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const photos = await db.selectFrom('sys_user_face').select('photo_file_id').where('user_id', 'in', userIds).where('photo_file_id', 'is not', null).execute();
  await db.deleteFrom('sys_user_face').where('user_id', 'in', userIds).execute();
  return photos.map((p) => p.photo_file_id).filter((id): id is string => Boolean(id));
}
