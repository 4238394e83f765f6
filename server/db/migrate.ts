import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/20261121_0001_identity';
import * as m0002 from './migrations/20261121_0002_seed_mark';
import * as mCourses from './migrations/20261127_0001_courses';

/** Listed by hand so the set is explicit and bundles the same under tsx and tests. */
const migrations: Record<string, Migration> = {
  '20261121_0001_identity': m0001,
  '20261121_0002_seed_mark': m0002,
  '20261127_0001_courses': mCourses,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; Kysely locks so concurrent boots run each migration once. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
