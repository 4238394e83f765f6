import dayjs from 'dayjs';
import type { UserRecord } from '../../../common/api';
import { buildXlsx } from '../../workers/xlsx';

/** User state labels (spec section 3). */
const STATE_LABELS: Record<number, string> = { 0: '正常', 1: '禁用', 2: '待审核' };

export const USER_EXPORT_FILE_NAME = '用户列表.xlsx';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The exported users spreadsheet: one header row, one row per user (built by a worker thread). */
export function buildUserWorkbook(records: UserRecord[]): Promise<Buffer> {
  return buildXlsx({
    creator: 'Examhall',
    created: Date.now(),
    sheets: [
      {
        name: '用户列表',
        frozenHeader: true,
        columns: [
          { header: '用户名', width: 20 },
          { header: '姓名', width: 16 },
          { header: '部门', width: 20 },
          { header: '角色', width: 24 },
          { header: '手机号', width: 16 },
          { header: '邮箱', width: 28 },
          { header: '状态', width: 10 },
          { header: '创建时间', width: 20 },
        ],
        rows: records.map((r) => [
          r.userName,
          r.realName,
          r.deptName,
          r.roleNames.join('、'),
          r.mobile,
          r.email,
          STATE_LABELS[r.state] ?? String(r.state),
          dayjs(r.createTime).format('YYYY-MM-DD HH:mm:ss'),
        ]),
      },
    ],
  });
}
