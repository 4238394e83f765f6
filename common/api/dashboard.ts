import { Type, type Static } from '@sinclair/typebox';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { EmptyBody } from './base';

export const DashboardStat = Type.Object({
  userCount: Type.Integer(),
  departCount: Type.Integer(),
  noticeCount: Type.Integer(),
  msgCount: Type.Integer(),
});
export type DashboardStat = Static<typeof DashboardStat>;

export const dashboardApi = defineApi('dashboard', {
  stat: { path: '/api/sys/dashboard/stat', access: { perm: Perm.dashboard }, body: EmptyBody, response: DashboardStat, summary: 'Counts for the administrator home' },
});
