import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import type { UserRecord } from '../../../common/api';

/** User state labels (spec section 3). */
const STATE_LABELS: Record<number, string> = { 0: '正常', 1: '禁用', 2: '待审核' };

export const USER_EXPORT_FILE_NAME = '用户列表.xlsx';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The exported users spreadsheet: one header row, one row per user. */
export async function buildUserWorkbook(records: UserRecord[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Examhall';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('用户列表', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '用户名', key: 'userName', width: 20 },
    { header: '姓名', key: 'realName', width: 16 },
    { header: '部门', key: 'deptName', width: 20 },
    { header: '角色', key: 'roles', width: 24 },
    { header: '手机号', key: 'mobile', width: 16 },
    { header: '邮箱', key: 'email', width: 28 },
    { header: '状态', key: 'state', width: 10 },
    { header: '创建时间', key: 'createTime', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of records) {
    sheet.addRow({
      userName: r.userName,
      realName: r.realName,
      deptName: r.deptName,
      roles: r.roleNames.join('、'),
      mobile: r.mobile,
      email: r.email,
      state: STATE_LABELS[r.state] ?? String(r.state),
      createTime: dayjs(r.createTime).format('YYYY-MM-DD HH:mm:ss'),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
