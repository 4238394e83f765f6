import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/20261121_0001_identity';
import * as m0002 from './migrations/20261121_0002_seed_mark';
import * as m0003 from './migrations/20261123_0003_foreign_keys';
import * as m0004 from './migrations/20261123_0004_user_names_and_file_kinds';
import * as mCourses from './migrations/20261127_0001_courses';
import * as mBanks from './migrations/20261128_0001_banks';
import * as mExams from './migrations/20261128_0002_exams';
import * as mPractice from './migrations/20261128_0003_practice';
import * as mPaperUserExam from './migrations/20261129_0001_paper_user_exam';
import * as mPaperDraft from './migrations/20261130_0001_paper_draft';
import * as mPaperQuRoom from './migrations/20261201_0001_paper_qu_room';
import * as mQuSnapshot from './migrations/20261202_0001_qu_snapshot';
import * as mExamPublish from './migrations/20261203_0001_exam_publish';
import * as mCoursePageSession from './migrations/20261203_0002_course_page_session';
import * as mPracticeSelfAssess from './migrations/20261203_0003_practice_self_assess';
import * as mExamPracticeDuring from './migrations/20261203_0004_exam_practice_during';
import * as mExamRanking from './migrations/20261204_0401_exam_ranking';
import * as mDashboard from './migrations/20261204_0402_dashboard';
import * as mSigninWays from './migrations/20261205_0101_signin_ways';
import * as mSso from './migrations/20261205_0201_sso';
import * as mPasswordChange from './migrations/20261205_0301_password_change';
import * as mStats from './migrations/20261205_0501_stats';
import * as mFace from './migrations/20261206_0101_face';
import * as mWrongBookIndexes from './migrations/20261207_0101_wrong_book_indexes';

/** Listed by hand so the set is explicit and bundles the same under tsx and tests. */
const migrations: Record<string, Migration> = {
  '20261121_0001_identity': m0001,
  '20261121_0002_seed_mark': m0002,
  '20261123_0003_foreign_keys': m0003,
  '20261123_0004_user_names_and_file_kinds': m0004,
  '20261127_0001_courses': mCourses,
  '20261128_0001_banks': mBanks,
  '20261128_0002_exams': mExams,
  '20261128_0003_practice': mPractice,
  '20261129_0001_paper_user_exam': mPaperUserExam,
  '20261130_0001_paper_draft': mPaperDraft,
  '20261201_0001_paper_qu_room': mPaperQuRoom,
  '20261202_0001_qu_snapshot': mQuSnapshot,
  '20261203_0001_exam_publish': mExamPublish,
  '20261203_0002_course_page_session': mCoursePageSession,
  '20261203_0003_practice_self_assess': mPracticeSelfAssess,
  '20261203_0004_exam_practice_during': mExamPracticeDuring,
  '20261204_0401_exam_ranking': mExamRanking,
  '20261204_0402_dashboard': mDashboard,
  '20261205_0101_signin_ways': mSigninWays,
  '20261205_0201_sso': mSso,
  '20261205_0301_password_change': mPasswordChange,
  '20261205_0501_stats': mStats,
  '20261206_0101_face': mFace,
  '20261207_0101_wrong_book_indexes': mWrongBookIndexes,
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

/** Brings the schema up to the named migration (tests start from an older schema with data in it). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateTo(name);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
