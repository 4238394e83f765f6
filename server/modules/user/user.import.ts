import ExcelJS from 'exceljs';
import { USER_IMPORT_MAX_ROWS } from '../../../common/api';
import { fail } from '../../lib/errors';
import { zipOverBudget, type ZipBudget } from '../../lib/zipBudget';

/**
 * The user import spreadsheet: its template, reading an upload into raw rows (in a worker thread,
 * user.import.worker.ts), and the file of generated passwords. The export (user.export.ts) writes
 * the same headers, so an export imports again as it is.
 */

/** Header → field. 邮箱 and the export's 状态/创建时间 are read or ignored by name. */
export const IMPORT_COLUMNS = {
  用户名: 'userName',
  姓名: 'realName',
  手机号: 'mobile',
  部门: 'deptPath',
  角色: 'roles',
  初始密码: 'password',
  邮箱: 'email',
} as const;
type Field = (typeof IMPORT_COLUMNS)[keyof typeof IMPORT_COLUMNS];

/** One data row as the file has it: text, trimmed, nothing checked yet. */
export type RawUserRow = { row: number } & Record<Field, string>;

/** Roles in one cell: separated by , ， 、 ; or ；. */
export const ROLE_SEPARATORS = /[,，、;；]/;

const UNREADABLE = '文件无法读取，请确认是有效的 Excel 文件（.xlsx）';
const NO_HEADER = '没有找到表头：第一行应为 用户名、姓名、手机号、部门、角色、初始密码（请下载导入模板）';
/** Title or note rows may stand above the header. */
const HEADER_ROWS = 5;

export const IMPORT_BUDGET: ZipBudget = { perEntryBytes: 64 * 1024 * 1024, totalBytes: 128 * 1024 * 1024 };

/** Excel's escape for characters XML cannot hold (_x000D_ is a carriage return). */
const unescapeX = (s: string) => (s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : s);

/** A cell as plain text: numbers as written (a phone number typed as a number stays 11 digits), formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return unescapeX(value);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return unescapeX(value.richText.map((r) => r.text).join(''));
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || result === null || typeof result === 'object' ? '' : cellText(result as ExcelJS.CellValue);
  }
  return '';
}

/** Header text compared loosely: spaces and the required mark * removed, a trailing （说明） dropped. */
const headerKey = (s: string) => s.replace(/[\s*＊]/g, '').replace(/[(（].*[)）]$/, '');

/**
 * Reads the first sheet of an upload into rows (blank rows skipped). Throws a business error only
 * when the file cannot be read at all, has no header row, or holds more rows than one import may.
 */
export async function readUserSheet(buffer: Buffer): Promise<RawUserRow[]> {
  const over = zipOverBudget(buffer, IMPORT_BUDGET);
  if (over === 'broken') throw fail(UNREADABLE);
  if (over) throw fail('文件解压后过大，无法导入，请检查文件或拆分后再导入');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw fail(UNREADABLE);
  }
  const ws = workbook.worksheets[0];
  if (!ws) throw fail(NO_HEADER);
  let header = 0;
  const columns = new Map<Field, number>();
  for (let r = 1; r <= Math.min(HEADER_ROWS, ws.rowCount) && !header; r++) {
    ws.getRow(r).eachCell((cell, col) => {
      const key = headerKey(cellText(cell.value)) as keyof typeof IMPORT_COLUMNS;
      if (Object.hasOwn(IMPORT_COLUMNS, key) && !columns.has(IMPORT_COLUMNS[key])) columns.set(IMPORT_COLUMNS[key], col);
    });
    if (columns.has('userName') && columns.has('realName')) header = r;
    else columns.clear();
  }
  if (!header) throw fail(NO_HEADER);
  if (ws.rowCount - header > USER_IMPORT_MAX_ROWS * 2) throw fail(`一次最多导入 ${USER_IMPORT_MAX_ROWS} 个用户，请拆分后再导入`);
  const rows: RawUserRow[] = [];
  const text = (row: ExcelJS.Row, field: Field) => {
    const col = columns.get(field);
    return col ? cellText(row.getCell(col).value).trim() : '';
  };
  for (let r = header + 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    if (!row.hasValues) continue;
    const raw: RawUserRow = {
      row: r,
      userName: text(row, 'userName'),
      realName: text(row, 'realName'),
      mobile: text(row, 'mobile'),
      deptPath: text(row, 'deptPath'),
      roles: text(row, 'roles'),
      password: text(row, 'password'),
      email: text(row, 'email'),
    };
    if (Object.entries(raw).every(([k, v]) => k === 'row' || v === '')) continue;
    rows.push(raw);
    if (rows.length > USER_IMPORT_MAX_ROWS) throw fail(`一次最多导入 ${USER_IMPORT_MAX_ROWS} 个用户，请拆分后再导入`);
  }
  if (rows.length === 0) throw fail('文件中没有用户数据');
  return rows;
}

/** The import template: the header row with a note on each column, an example row, and a sheet of rules. */
export async function buildUserImportTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Examhall';
  const sheet = workbook.addWorksheet('用户导入', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '用户名', key: 'userName', width: 18 },
    { header: '姓名', key: 'realName', width: 14 },
    { header: '手机号', key: 'mobile', width: 16, style: { numFmt: '@' } },
    { header: '部门', key: 'deptPath', width: 26 },
    { header: '角色', key: 'roles', width: 20 },
    { header: '初始密码', key: 'password', width: 16, style: { numFmt: '@' } },
  ];
  const header = sheet.getRow(1);
  header.font = { bold: true };
  const notes: Record<number, string> = {
    1: '必填。字母、数字、下划线、点、@ 或 -，2-32位，不能与已有用户重复',
    2: '必填',
    3: '选填。11位手机号',
    4: '选填。从顶级部门写起，用 / 分隔，如 总部/研发部/前端组',
    5: '选填，默认为学员。按角色名称填写，多个用 , 或 、 分隔',
    6: '选填。至少6位，同时包含字母和数字；不填则由系统生成，导入后下载一次',
  };
  for (const [col, note] of Object.entries(notes)) header.getCell(Number(col)).note = note;
  sheet.addRow({ userName: 'zhangsan', realName: '张三', mobile: '13800138000', deptPath: '总部/研发部/前端组', roles: '学员', password: '' });
  const guide = workbook.addWorksheet('填写说明');
  guide.getColumn(1).width = 90;
  [
    '每行一个用户，第一行为表头，请勿修改表头文字；示例行可直接改写或删除。',
    '用户名、姓名必填；其余选填。一次最多导入 10000 个用户。',
    '部门：从顶级部门写起，如 总部/研发部/前端组；不存在的部门在导入时勾选“自动创建不存在的部门”即可创建。',
    '角色：按角色名称填写，多个用逗号或顿号分隔；只能授予您自己拥有的权限范围内的角色。不填为学员。',
    '初始密码：不填则由系统生成，导入成功后随结果下载一次（系统不保存明文，请妥善转交）。',
    '导入的用户首次登录时必须修改密码。已存在的用户名会被跳过，因此用户导出的文件可以直接再导入。',
  ].forEach((line) => guide.addRow([line]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The new accounts and their initial passwords: handed to the administrator once, never stored. */
export async function buildPasswordWorkbook(accounts: Array<{ userName: string; realName: string; password: string }>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Examhall';
  const sheet = workbook.addWorksheet('初始密码', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '用户名', key: 'userName', width: 20 },
    { header: '姓名', key: 'realName', width: 16 },
    { header: '初始密码', key: 'password', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const a of accounts) sheet.addRow(a);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
