import type { DashboardStat } from '../../../common/api';
import type { ServiceContext } from '../../context';
import { countTotals } from './dashboard.repository';

/** Users, departments, notices and sent messages in the system. */
export async function dashboardStat(ctx: ServiceContext): Promise<DashboardStat> {
  const row = await countTotals(ctx.db);
  return {
    userCount: Number(row.user_count ?? 0),
    departCount: Number(row.depart_count ?? 0),
    noticeCount: Number(row.notice_count ?? 0),
    msgCount: Number(row.msg_count ?? 0),
  };
}
