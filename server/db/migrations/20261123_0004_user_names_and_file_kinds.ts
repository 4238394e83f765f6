import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
//
// - User names are unique whatever their case ("ADMIN" is "admin"): a unique index on
//   lower(user_name), which also serves the case-insensitive look-up at sign-in. Names that
//   already clash keep the oldest account as is; the later ones get a numbered suffix.
// - sys_user.login_epoch: bumped when an administrator clears a user's sign-in locks (the
//   rate-limit keys carry it, so every lock of the user's is left behind at once).
// - sys_file.kind: what an upload is for (avatar, logo, notice, question, course, …), which
//   decides who may read it. Earlier uploads were all served publicly: images stay public
//   ('image'), other files become private ('file').
export async function up(db: Kysely<any>): Promise<void> {
  const users: Array<{ id: string; user_name: string }> = await db
    .selectFrom('sys_user')
    .select(['id', 'user_name'])
    .orderBy('create_time')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const u of users) {
    let name = u.user_name;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${u.user_name.slice(0, 56)}_${n}`;
    taken.add(name.toLowerCase());
    if (name !== u.user_name) await db.updateTable('sys_user').set({ user_name: name }).where('id', '=', u.id).execute();
  }
  await db.schema.createIndex('uq_sys_user_name_lower').on('sys_user').unique().expression(sql`lower(user_name)`).execute();

  await db.schema.alterTable('sys_user').addColumn('login_epoch', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('sys_file').addColumn('kind', 'varchar(32)', (c) => c.notNull().defaultTo('file')).execute();
  await db.updateTable('sys_file').set({ kind: 'image' }).where('mime', 'like', 'image/%').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_file').dropColumn('kind').execute();
  await db.schema.alterTable('sys_user').dropColumn('login_epoch').execute();
  await db.schema.dropIndex('uq_sys_user_name_lower').execute();
}
