import type { Db } from '../../db/database';
import type { ConfigRow } from '../../db/schema';

const COLUMNS = [
  'id', 'site_name', 'front_logo', 'back_logo', 'copy_right', 'allow_register', 'register_review', 'update_time',
  'login_password', 'login_sms', 'reset_sms', 'reset_email', 'sms_provider', 'sms_settings',
  'login_face', 'face_keep_photo', 'face_threshold', 'face_liveness',
] as const;

export function findConfig(db: Db, id: string): Promise<ConfigRow | undefined> {
  return db.selectFrom('sys_config').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function updateConfig(db: Db, id: string, values: Omit<ConfigRow, 'id' | 'sms_provider' | 'sms_settings'>): Promise<void> {
  await db.updateTable('sys_config').set(values).where('id', '=', id).execute();
}

export async function updateSmsConfig(db: Db, id: string, provider: string, settings: string, now: number): Promise<void> {
  await db.updateTable('sys_config').set({ sms_provider: provider, sms_settings: settings, update_time: now }).where('id', '=', id).execute();
}
