import type { Kysely } from 'kysely';
import type { DashboardStat } from '../../../common/api';
import type { DB } from '../../db/schema';
import { countTotals } from './dashboard.repository';

/** Users, departments, notices and sent messages in the system. */
export async function dashboardStat(db: Kysely<DB>): Promise<DashboardStat> {
  const row = await countTotals(db);
  return {
    userCount: Number(row.user_count ?? 0),
    departCount: Number(row.depart_count ?? 0),
    noticeCount: Number(row.notice_count ?? 0),
    msgCount: Number(row.msg_count ?? 0),
  };
}
