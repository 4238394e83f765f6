import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Audience, QuLevel, QuType } from '../../../common/codes';
import { renderScreen } from '../../testing/renderScreen';
import { answer, fail, server, setupMswServer } from '../../testing/server';
import { percent, RepoPracticePage } from './RepoPracticePage';
import { RepoCreate, toRepoBody } from './RepoForm';
import { countsByType, RepoList } from './RepoList';

setupMswServer();

// An error message closes by itself after 5 s; here after a minute, so that only the form's
// correction can close 表单填写有误 within the test.
vi.mock('../../../common/constants', async (original) => ({ ...(await original<object>()), MESSAGE_DURATION: 60_000 }));

const repo = (over: object = {}) => ({
  id: 'r1',
  title: '消防安全题库',
  catId: 'c1',
  catName: '安全',
  remark: '',
  practiceOpen: true,
  practiceAudience: 1,
  departIds: [],
  userIds: [],
  quCount: 7,
  stats: [
    { quType: QuType.SINGLE, level: QuLevel.ORDINARY, count: 3 },
    { quType: QuType.SINGLE, level: QuLevel.HARDER, count: 2 },
    { quType: QuType.FILL, level: QuLevel.ORDINARY, count: 2 },
  ],
  createTime: 0,
  updateTime: 0,
  ...over,
});
const page = <T,>(records: T[]) => ({ current: 1, size: 10, pages: 1, total: records.length, records });

describe('bank list', { timeout: 30_000 }, () => {
  it('shows counts per type with the harder ones, the practice flag and the row links', async () => {
    answer('/api/repo/catalog/tree', []);
    answer('/api/repo/paging', page([repo()]));
    renderScreen(<RepoList />, { resource: 'repo/list' });
    const row = (await screen.findByText('消防安全题库', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByText('(较难 2)')).toBeTruthy();
    expect(within(row).getByText('开放')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /试题/ }).getAttribute('href')).toBe(`/repo/qu?filter=${encodeURIComponent('{"repoId":"r1"}')}`);
    expect(within(row).getByRole('link', { name: /导入/ }).getAttribute('href')).toBe('/repo/qu/import?repoId=r1');
    expect(within(row).getByRole('link', { name: /练习情况/ }).getAttribute('href')).toBe('/repo/list/r1/practice');
  });

  it("shows the server's refusal naming the exam when a bank in use is deleted", async () => {
    answer('/api/repo/catalog/tree', []);
    answer('/api/repo/paging', page([repo()]));
    server.use(http.post('/api/repo/delete', () => fail(1, '考试“消防知识月考”正在从题库“消防安全题库”抽题，不能删除')));
    renderScreen(<RepoList />, { resource: 'repo/list' });
    const ue = userEvent.setup({ delay: null });
    const row = (await screen.findByText('消防安全题库', {}, { timeout: 5000 })).closest('tr')!;
    await ue.click(within(row).getByRole('checkbox'));
    await ue.click(await screen.findByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确定删除选中的 1 个题库吗/)).toBeTruthy();
    await ue.click(within(dialog).getByRole('button', { name: /确认|确定/ }));
    expect(await screen.findByText('考试“消防知识月考”正在从题库“消防安全题库”抽题，不能删除')).toBeTruthy();
  });

  it('counts per type add up the levels', () => {
    expect(countsByType(repo().stats)).toEqual([
      { quType: QuType.SINGLE, total: 5, harder: 2 },
      { quType: QuType.FILL, total: 2, harder: 0 },
    ]);
  });
});

describe('bank form', { timeout: 30_000 }, () => {
  it('names 题库名称 when it is missing, and closes 表单填写有误 once the form is corrected and saved', async () => {
    answer('/api/repo/catalog/tree', []);
    const saved = answer('/api/repo/save', repo({ id: 'r9', title: '新题库' }));
    renderScreen(<RepoCreate />, { resource: 'repo/list', path: '/repo/list/create' });
    const ue = userEvent.setup({ delay: null });
    const title = await screen.findByRole('textbox', { name: '题库名称' });
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入题库名称')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('表单填写有误，请检查');

    await ue.type(title, '新题库');
    await waitFor(() => expect(screen.queryByText('表单填写有误，请检查')).toBeNull());
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await screen.findByText('已新增')).toBeTruthy();
    expect(screen.queryByText('表单填写有误，请检查')).toBeNull();
  });
});

describe('bank form body', () => {
  it('sends departments or people only while practice is open with that audience', () => {
    const base = { title: ' 题库 ', practiceOpen: true, practiceAudience: Audience.DEPARTS, departIds: ['d1'], userIds: ['u1'] };
    expect(toRepoBody(base)).toMatchObject({ title: '题库', practiceOpen: true, departIds: ['d1'], userIds: [] });
    expect(toRepoBody({ ...base, practiceOpen: false })).toMatchObject({ departIds: [], userIds: [] });
    expect(toRepoBody({ ...base, practiceAudience: Audience.PEOPLE }).userIds).toEqual(['u1']);
  });
});

describe('bank practice figures', { timeout: 30_000 }, () => {
  it('lists learners with their accuracy and the most-missed questions', async () => {
    answer('/api/repo/detail', repo());
    answer('/api/sys/depart/tree', []);
    const users = answer(
      '/api/repo/practice/users',
      page([
        { userId: 'u1', userName: 'zhangsan', realName: '张三', deptName: '安保部', answered: 20, right: 15, selfAssessed: 0, selfRight: 0, trainings: 3, lastTime: 0 },
        // Four answers judged (three right), three self-assessed (all said right): 75 %, and 3/3 apart.
        { userId: 'u2', userName: 'lisi', realName: '李四', deptName: '安保部', answered: 7, right: 6, selfAssessed: 3, selfRight: 3, trainings: 1, lastTime: 0 },
        { userId: 'u3', userName: 'wangwu', realName: '王五', deptName: '安保部', answered: 2, right: 2, selfAssessed: 2, selfRight: 2, trainings: 1, lastTime: 0 },
      ]),
    );
    answer('/api/repo/practice/missed', page([{ quId: 'q1', quType: QuType.FILL, title: '火警电话是＿＿', answered: 10, wrong: 4 }]));
    renderScreen(<RepoPracticePage />, { resource: 'repo/list', path: '/repo/list/r1/practice', route: '/repo/list/:id/practice' });
    const ue = userEvent.setup({ delay: null });
    expect(await screen.findByText('练习情况：消防安全题库')).toBeTruthy();
    const row = (await screen.findByText('张三')).closest('tr')!;
    expect(within(row).getByText('75%')).toBeTruthy();
    const selfRow = screen.getByText('李四').closest('tr')!;
    expect(within(selfRow).getByText('75%')).toBeTruthy();
    expect(within(selfRow).getByText('3/3')).toBeTruthy();
    // Only self-assessed answers: no judged accuracy to show.
    const onlySelf = screen.getByText('王五').closest('tr')!;
    expect(within(onlySelf).queryByText(/%/)).toBeNull();
    expect(within(onlySelf).getByText('2/2')).toBeTruthy();
    expect(screen.getByText(/正确率只算系统判定的题/)).toBeTruthy();
    expect(users[0].params).toEqual({ repoId: 'r1', departId: '', realName: '' });
    await ue.type(screen.getByRole('textbox', { name: '姓名' }), '张');
    await waitFor(() => expect(users.at(-1).params.realName).toBe('张'));
    await ue.click(screen.getByRole('tab', { name: '易错题' }));
    const missed = (await screen.findByText('火警电话是＿＿')).closest('tr')!;
    expect(within(missed).getByText('40%')).toBeTruthy();
    expect(percent(1, 0)).toBe(0);
  });
});
