import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserImportPreview, UserImportResult, UserImportRow } from '../../../common/api';
import { renderScreen } from '../../testing/renderScreen';
import { answer, setupMswServer } from '../../testing/server';
import { UserImportDialog } from './UserImportDialog';

setupMswServer();

const row = (n: number, userName: string, over: Partial<UserImportRow> = {}): UserImportRow => ({
  row: n,
  userName,
  realName: `名${n}`,
  mobile: '',
  email: '',
  deptPath: '总部',
  roleNames: ['学员'],
  password: 'generated',
  newDept: false,
  existing: false,
  errors: [],
  ...over,
});
const withErrors: UserImportPreview = {
  rows: [row(2, 'good'), row(3, 'badphone', { mobile: '12345', errors: ['手机号码格式不正确!'] }), row(4, 'old', { existing: true }), row(5, 'nodept', { deptPath: '总部/X', errors: ['部门不存在：总部/X（可勾选“自动创建不存在的部门”）', '角色不存在：火星人'] })],
  ready: 1,
  invalid: 2,
  existing: 1,
  newDepts: [],
};
const clean: UserImportPreview = { rows: [row(2, 'good'), row(3, 'fixed', { deptPath: '总部/X', newDept: true }), row(4, 'old', { existing: true })], ready: 2, invalid: 0, existing: 1, newDepts: ['总部/X'] };
const xlsx = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], '用户.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('user import dialog', { timeout: 30_000 }, () => {
  it('shows every row problem, blocks the import until the file is clean, then imports and saves the generated passwords once', async () => {
    const previews = answer('/api/sys/user/import/parse', (body: Record<string, unknown>) => (body.createDepts === '1' ? clean : withErrors));
    const result: UserImportResult = { created: 2, skipped: 1, departsCreated: 1, generated: 2, passwordFile: btoa('PK-bytes'), fileName: '导入用户初始密码.xlsx' };
    const commits = answer('/api/sys/user/import/commit', result);
    const createObjectURL = vi.fn(() => 'blob:passwords');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderScreen(<UserImportDialog open onClose={() => undefined} />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });

    await ue.upload(screen.getByLabelText('选择 Excel 文件'), xlsx());
    const table = await screen.findByRole('table', { name: '导入预览' });
    // Problems only, by default: the clean row is hidden, each problem is listed on its row.
    expect(within(table).queryByText('good')).toBeNull();
    const bad = within(table).getByText('nodept').closest('tr')!;
    expect(within(bad).getByText('部门不存在：总部/X（可勾选“自动创建不存在的部门”）')).toBeTruthy();
    expect(within(bad).getByText('角色不存在：火星人')).toBeTruthy();
    expect(within(within(table).getByText('badphone').closest('tr')!).getByText('手机号码格式不正确!')).toBeTruthy();
    expect(within(within(table).getByText('old').closest('tr')!).getByText('用户名已存在，将跳过')).toBeTruthy();
    expect(screen.getByText('有 2 行存在问题，请按提示修改文件后重新选择文件。')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: '确认导入 1 个用户' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(commits).toEqual([]);

    // Ticking 创建部门 reads the same file again with it.
    await ue.click(screen.getByLabelText('自动创建不存在的部门'));
    await waitFor(() => expect(previews).toHaveLength(2));
    expect(previews[1].createDepts).toBe('1');
    const go = await screen.findByRole('button', { name: '确认导入 2 个用户' });
    expect((go as HTMLButtonElement).disabled).toBe(false);
    await ue.click(go);
    expect(await screen.findByText(/已导入 2 个用户，跳过 1 个已存在的用户，新建 1 个部门/)).toBeTruthy();
    expect(commits).toHaveLength(1);
    expect(commits[0].createDepts).toBe('1');
    // The same file goes again: the server checks it all again before saving.
    expect(commits[0].file.size).toBe(4);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/已下载 2 个自动生成的初始密码/)).toBeTruthy();
  });
});
