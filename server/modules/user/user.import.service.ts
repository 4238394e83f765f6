import type { UserImportPreview, UserImportResult, UserImportRow } from '../../../common/api';
import { UserState } from '../../../common/codes';
import { ErrorCode } from '../../../common/errorCodes';
import { Perm } from '../../../common/permissions';
import { isMobile, isStrongPassword, Msg } from '../../../common/validators';
import { inTransaction, type ServiceContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { NewUser } from '../../db/schema';
import { AppError, fail, forbidden } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { generatePassword, hashPassword, hashRandomSecret } from '../../lib/password';
import { STUDENT_ROLE_ID } from '../../seed/constants';
import { runHeavyJob, type HeavyJobLimits } from '../../workers/pool';
import { rolesBeyond } from '../access/grants.service';
import { departPaths, DEPT_PATH_SEPARATOR, ensureDepartPaths, splitDeptPath } from '../depart/depart.service';
import type { AuthUser } from '../identity/session.service';
import { buildPasswordWorkbook, ROLE_SEPARATORS, type RawUserRow } from './user.import';
import * as repo from './user.repository';
import { checkOptionalEmail, checkRealName, checkUserName } from './user.rules';

/**
 * Users by the thousand: an uploaded spreadsheet is read in a worker thread, every row checked
 * against the database at once (names taken, departments, roles and what the importing
 * administrator may grant), and shown as a preview; the commit reads the same file again, checks
 * it again and creates every user in one transaction, or none.
 */

export const USER_IMPORT_JOB_LIMITS: HeavyJobLimits = {
  memoryMb: 384,
  timeoutMs: 60_000,
  tooBig: '文件解压后过大或行数过多，无法导入，请拆分后再导入',
  tooSlow: '文件解析超时，请拆分后再导入',
};

export const PASSWORD_FILE_NAME = '导入用户初始密码.xlsx';

export interface UserImportSource {
  buffer: Buffer;
  /** Create the departments the file names that do not exist yet. */
  createDepts: boolean;
  /** The client's name for the read while it queues (workers/pool.ts heavyJobProgress). */
  ticket?: string;
}

/** A checked row with what saving it needs. */
interface CheckedRow extends UserImportRow {
  roleIds: string[];
  deptId: string | null;
  plainPassword: string;
}

function readRows(src: UserImportSource): Promise<RawUserRow[]> {
  // A copy of its own, handed over to the worker rather than copied again.
  const data = new Uint8Array(src.buffer);
  return runHeavyJob<RawUserRow[]>(new URL('./user.import.worker.ts', import.meta.url), { buffer: data }, USER_IMPORT_JOB_LIMITS, [data.buffer as ArrayBuffer], src.ticket);
}

/** The message of a rule's refusal (the rules throw the same messages the forms show). */
function problem(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (e) {
    if (e instanceof AppError) return e.message;
    throw e;
  }
}

/** Every row with every problem, checked against the database in a few queries whatever the number of rows. */
async function checkRows(ctx: ServiceContext, who: AuthUser, raws: RawUserRow[], createDepts: boolean): Promise<{ rows: CheckedRow[]; newDepts: string[] }> {
  if (createDepts && !who.permissions.includes(Perm.departSave)) throw forbidden('您没有新增部门的权限，不能自动创建部门');
  const [taken, roles, paths] = await Promise.all([
    repo.findTakenNames(ctx.db, raws.map((r) => r.userName).filter(Boolean)),
    repo.listRoles(ctx.db),
    departPaths(ctx),
  ]);
  const roleByName = new Map(roles.map((r) => [r.role_name.trim(), r]));
  const roleNamesOf = (raw: RawUserRow) => [...new Set(raw.roles.split(ROLE_SEPARATORS).map((s) => s.trim()).filter(Boolean))];
  const used = new Set<string>();
  for (const raw of raws) {
    const names = roleNamesOf(raw);
    if (names.length === 0) used.add(STUDENT_ROLE_ID);
    for (const name of names) {
      const role = roleByName.get(name);
      if (role) used.add(role.id);
    }
  }
  // Nobody grants a permission they lack: asked once for every role the file names.
  const beyond = new Set(await rolesBeyond(ctx, who, [...used]));
  const deptByPath = new Map<string, string>();
  for (const [id, path] of paths) if (!deptByPath.has(path)) deptByPath.set(path, id);
  const firstRow = new Map<string, number>();
  const newDepts = new Set<string>();

  const rows = raws.map((raw): CheckedRow => {
    const errors: string[] = [];
    const add = (message: string | undefined) => message && errors.push(message);

    let existing = false;
    if (!raw.userName) errors.push('用户名不能为空');
    else {
      add(problem(() => checkUserName(raw.userName)));
      const key = raw.userName.toLowerCase();
      const first = firstRow.get(key);
      if (first !== undefined) errors.push(`用户名与第${first}行重复`);
      else {
        firstRow.set(key, raw.row);
        existing = taken.has(key);
      }
    }
    add(problem(() => checkRealName(raw.realName)));
    if (raw.mobile && !isMobile(raw.mobile)) errors.push(Msg.mobile);
    add(problem(() => checkOptionalEmail(raw.email)));

    const deptPath = splitDeptPath(raw.deptPath).join(DEPT_PATH_SEPARATOR);
    let deptId: string | null = null;
    let newDept = false;
    if (deptPath) {
      deptId = deptByPath.get(deptPath) ?? null;
      if (!deptId) {
        if (createDepts) {
          newDept = true;
          if (!existing) newDepts.add(deptPath);
        } else errors.push(`部门不存在：${deptPath}（可勾选“自动创建不存在的部门”）`);
      }
    }

    const roleNames = roleNamesOf(raw);
    const found = roleNames.length ? roleNames.map((n) => roleByName.get(n)) : [roles.find((r) => r.id === STUDENT_ROLE_ID)];
    const unknown = roleNames.filter((_n, i) => !found[i]);
    if (unknown.length) errors.push(`角色不存在：${unknown.join('、')}`);
    const known = found.filter((r): r is NonNullable<typeof r> => r !== undefined);
    const tooStrong = known.filter((r) => beyond.has(r.id));
    if (tooStrong.length) errors.push(`您不能授予超出自身权限的角色：${tooStrong.map((r) => r.role_name).join('、')}`);
    if (!known.length && !unknown.length) errors.push('没有可授予的角色，请填写角色');

    if (raw.password && !isStrongPassword(raw.password)) errors.push(`初始密码：${Msg.password}`);

    return {
      row: raw.row,
      userName: raw.userName,
      realName: raw.realName,
      mobile: raw.mobile,
      email: raw.email,
      deptPath,
      roleNames: known.map((r) => r.role_name),
      password: raw.password ? 'given' : 'generated',
      newDept,
      // An existing user's row is skipped: what else it says does not matter.
      existing: existing,
      errors: existing ? [] : errors,
      roleIds: known.map((r) => r.id),
      deptId,
      plainPassword: raw.password,
    };
  });
  return { rows, newDepts: [...newDepts] };
}

const publicRow = ({ roleIds: _r, deptId: _d, plainPassword: _p, ...row }: CheckedRow): UserImportRow => row;

/** The preview: every row with its problems; nothing is saved. */
export async function previewUserImport(ctx: ServiceContext, who: AuthUser, src: UserImportSource): Promise<UserImportPreview> {
  const { rows, newDepts } = await checkRows(ctx, who, await readRows(src), src.createDepts);
  const invalid = rows.filter((r) => r.errors.length).length;
  const existing = rows.filter((r) => r.existing).length;
  return { rows: rows.map(publicRow), ready: rows.length - invalid - existing, invalid, existing, newDepts };
}

/**
 * Creates the users of an import: all or none. A row with a problem refuses the whole import
 * (naming the first); existing users are skipped. Passwords are hashed before the transaction (on
 * SQLite an open write transaction holds every writer): each distinct password the file gives once
 * at full cost, each generated one at the cost its randomness allows. The generated ones are
 * answered once, as a spreadsheet, and kept nowhere. Every new user must change the password at
 * first sign-in.
 */
export async function commitUserImport(ctx: ServiceContext, who: AuthUser, src: UserImportSource): Promise<UserImportResult> {
  const { rows, newDepts } = await checkRows(ctx, who, await readRows(src), src.createDepts);
  const invalid = rows.filter((r) => r.errors.length);
  if (invalid.length) {
    const first = invalid[0];
    throw fail(`第${first.row}行：${first.errors[0]}${invalid.length > 1 ? `（共${invalid.length}行有问题）` : ''}，请修正后重新导入`);
  }
  const fresh = rows.filter((r) => !r.existing);
  if (fresh.length === 0) throw fail('文件中的用户都已存在，没有需要导入的用户');

  const given = [...new Set(fresh.map((r) => r.plainPassword).filter(Boolean))];
  const givenHashes = new Map(await Promise.all(given.map(async (p) => [p, await hashPassword(p)] as const)));
  const generated = new Map<CheckedRow, string>();
  for (const r of fresh) if (!r.plainPassword) generated.set(r, generatePassword());
  const generatedHashes = new Map(await Promise.all([...generated].map(async ([r, p]) => [r, await hashRandomSecret(p)] as const)));

  const now = ctx.clock.now();
  let departsCreated = 0;
  try {
    await inTransaction(ctx, async (tx) => {
      let deptIds = new Map<string, string>();
      if (newDepts.length) {
        const before = (await departPaths(tx)).size;
        deptIds = await ensureDepartPaths(tx, newDepts);
        departsCreated = (await departPaths(tx)).size - before;
      }
      const users: NewUser[] = [];
      const links: Array<{ user_id: string; role_id: string }> = [];
      for (const r of fresh) {
        const id = newId();
        users.push({
          id,
          user_name: r.userName,
          real_name: r.realName,
          password_hash: r.plainPassword ? givenHashes.get(r.plainPassword)! : generatedHashes.get(r)!,
          avatar: '',
          mobile: r.mobile,
          email: r.email,
          dept_id: r.deptId ?? (r.newDept ? deptIds.get(r.deptPath)! : null),
          state: UserState.NORMAL,
          pass_change_required: 1,
          create_time: now,
          update_time: now,
        });
        for (const roleId of r.roleIds) links.push({ user_id: id, role_id: roleId });
      }
      await repo.insertUsers(tx.db, users, links);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCode.DUPLICATE, '导入期间有同名用户被创建，请重新上传预览');
    throw e;
  }
  const accounts = [...generated].map(([r, password]) => ({ userName: r.userName, realName: r.realName, password }));
  return {
    created: fresh.length,
    skipped: rows.length - fresh.length,
    departsCreated,
    generated: accounts.length,
    passwordFile: accounts.length ? (await buildPasswordWorkbook(accounts)).toString('base64') : '',
    fileName: PASSWORD_FILE_NAME,
  };
}
