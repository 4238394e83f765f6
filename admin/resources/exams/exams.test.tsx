import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Form } from 'react-admin';
import type { RepoStat } from '../../../common/api';
import { ExamOpenType, ExamState, QuType } from '../../../common/codes';
import { renderScreen } from '../../testing/renderScreen';
import { answer, setupMswServer } from '../../testing/server';
import { availableIn, capCount, compositionTotals, groupProblems, move, toExamGroup, type DraftGroup } from './composition';
import { endTimeRule, ExamCreate, PracticeDuringExamInput, qualifyRule, toExamBody } from './ExamForm';
import { ExamList } from './ExamList';
import { SectionBuilder } from './SectionBuilder';

setupMswServer();

const BANK = { id: 'r1', title: '安全题库', catId: '', catName: '', remark: '', practiceOpen: false, practiceAudience: 1, departIds: [], userIds: [], quCount: 12, stats: [], createTime: 0, updateTime: 0 };
const STATS: RepoStat[] = [
  { quType: QuType.SINGLE, level: 1, count: 6 },
  { quType: QuType.SINGLE, level: 2, count: 2 },
  { quType: QuType.SHORT, level: 1, count: 3 },
];
const group = (over: Partial<DraftGroup> = {}): DraftGroup => ({ title: '单选题', quType: QuType.SINGLE, perScore: 2, partialScore: '', draws: [{ repoId: 'r1', level: '', count: 5 }], quIds: [], ...over });

const exam = (over: object = {}) => ({
  id: 'e1',
  title: '期末考试',
  content: '',
  openType: ExamOpenType.DEPARTS,
  departIds: ['d1'],
  userIds: [],
  password: '',
  startTime: null,
  endTime: null,
  totalTime: 60,
  qualifyScore: 60,
  chance: 0,
  handMin: 0,
  lateMax: 0,
  resultShow: 2,
  reviewAfterEnd: false,
  thanks: '',
  displayMode: 1,
  shuffleQuestions: true,
  shuffleOptions: true,
  leaveLimit: 0,
  fullscreen: false,
  blockPaste: false,
  watermark: false,
  idleLimit: 0,
  groups: [group()],
  enabled: 0,
  state: 0,
  totalScore: 100,
  quCount: 50,
  paperCount: 12,
  awaitingMarkCount: 3,
  warnings: [],
  publishTime: 0,
  createTime: 0,
  updateTime: 0,
  ...over,
});

describe('composition arithmetic', () => {
  it('totals sections, counts availability per type and level, caps counts and finds what to fix', () => {
    const groups = [group(), group({ title: '简答题', quType: QuType.SHORT, perScore: 10, draws: [{ repoId: 'r1', count: 2 }], quIds: ['q1'] })];
    expect(compositionTotals(groups)).toEqual({ totalScore: 5 * 2 + 3 * 10, quCount: 8 });
    expect(compositionTotals([group({ perScore: 2.5, draws: [{ repoId: 'r1', count: 3 }] })]).totalScore).toBe(7.5);
    expect(availableIn(STATS, QuType.SINGLE)).toBe(8);
    expect(availableIn(STATS, QuType.SINGLE, 2)).toBe(2);
    expect(availableIn(STATS, QuType.MATCH)).toBe(0);
    expect(availableIn(undefined, QuType.SINGLE)).toBeUndefined();
    expect(capCount('12', 8)).toBe(8);
    expect(capCount('0', 8)).toBe(1);
    expect(capCount('', 8)).toBe('');
    expect(capCount('700', undefined)).toBe(500);

    const stats = (id: string) => (id === 'r1' ? STATS : undefined);
    expect(groupProblems(groups, stats)).toEqual([]);
    const bad = [
      group({ title: ' ', perScore: 0, draws: [{ repoId: '', count: '' }] }),
      group({ quType: QuType.MULTIPLE, perScore: 2, partialScore: 2, draws: [{ repoId: 'r1', level: 2, count: 3 }] }),
      group({ draws: [], quIds: [] }),
    ];
    expect(groupProblems(bad, stats).map((p) => `${p.group}:${p.draw ?? '-'}:${p.field}`)).toEqual([
      '0:-:title',
      '0:-:perScore',
      '0:0:repoId',
      '0:0:count',
      '1:-:partialScore',
      // The bank has no multiple choice at all.
      '1:0:count',
      '2:-:questions',
    ]);
    // Three of level 2 from a bank with two: over what the bank has.
    expect(groupProblems([group({ quType: QuType.SINGLE, draws: [{ repoId: 'r1', level: 2, count: 3 }] })], stats)[0]).toMatchObject({ field: 'count', message: 'examhall.exams.v.countOver', args: { n: 2 } });
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(toExamGroup(group({ partialScore: 1, draws: [{ repoId: 'r1', level: '', count: 2 }] }))).toEqual({ title: '单选题', quType: 1, perScore: 2, draws: [{ repoId: 'r1', count: 2 }], quIds: [] });
  });
});

describe('exam form body and rules', () => {
  it('sends departments, people and the password only with the audience that uses them', () => {
    const base = { title: ' 考试 ', openType: ExamOpenType.PUBLIC, departIds: ['d1'], userIds: ['u1'], password: 'x', totalTime: '30', chance: '-1', groups: [group()], endTime: '2030-01-02T03:04' };
    const body = toExamBody(base);
    expect(body).toMatchObject({ title: '考试', departIds: [], userIds: [], password: '', totalTime: 30, chance: 0, startTime: null, endTime: new Date('2030-01-02T03:04').getTime() });
    expect(body.groups).toEqual([{ title: '单选题', quType: 1, perScore: 2, draws: [{ repoId: 'r1', count: 5 }], quIds: [] }]);
    expect(toExamBody({ ...base, openType: ExamOpenType.PASSWORD, password: ' 123 ' }).password).toBe('123');
    expect(toExamBody({ ...base, openType: ExamOpenType.PEOPLE }).userIds).toEqual(['u1']);
  });

  it('wants an end after the start, an end when there is no duration, and a pass mark within the total', () => {
    expect(endTimeRule(1000, { startTime: 2000, totalTime: 60 })).toBe('examhall.exams.v.endAfterStart');
    expect(endTimeRule(null, { startTime: null, totalTime: 0 })).toBe('examhall.exams.v.endRequired');
    expect(endTimeRule(null, { totalTime: 30 })).toBeUndefined();
    expect(qualifyRule(11, { groups: [group()] })).toBe('examhall.exams.v.qualify');
    expect(qualifyRule(10, { groups: [group()] })).toBeUndefined();
  });
});

function renderBuilder(groups: DraftGroup[]) {
  answer('/api/repo/paging', { current: 1, size: 200, pages: 1, total: 1, records: [BANK] });
  answer('/api/repo/list-stat', STATS);
  const checks = answer('/api/exam/exam/check', (body: { groups: unknown[] }) => ({
    totalScore: 0,
    quCount: 0,
    errors: body.groups.length > 1 ? ['第2部分“单选题”：题库“安全题库”的单选题共8道，其中5道已被本试卷的其他抽题或选定试题占用，还剩3道，需要4道'] : [],
    warnings: ['第1部分“单选题”：题库“安全题库”的单选题共8道，本试卷要用去5道（63%）'],
  }));
  renderScreen(
    <Form defaultValues={{ groups, shuffleQuestions: false }}>
      <SectionBuilder />
    </Form>,
    { resource: 'exam/list' },
  );
  return checks;
}

describe('section builder', { timeout: 60_000 }, () => {
  it('shows availability per draw, caps the count at it, keeps a live total and adds and removes sections', async () => {
    const checks = renderBuilder([group()]);
    const ue = userEvent.setup({ delay: null });
    const first = await screen.findByRole('region', { name: '第 1 大题' });
    expect(await within(first).findByText('可用 8 题')).toBeTruthy();
    expect(screen.getByTestId('exam-total').textContent).toBe('总分 10 分，共 5 题');
    await waitFor(() => expect(checks.length).toBeGreaterThan(0));
    expect(await screen.findByTestId('check-warnings')).toBeTruthy();

    const count = within(first).getByLabelText('抽题数量');
    await ue.clear(count);
    await ue.type(count, '20');
    expect((count as HTMLInputElement).value).toBe('8');
    expect(screen.getByTestId('exam-total').textContent).toBe('总分 16 分，共 8 题');

    await ue.click(screen.getByRole('button', { name: '添加大题' }));
    const second = screen.getByRole('region', { name: '第 2 大题' });
    await ue.clear(within(second).getByLabelText('每题分值'));
    await ue.type(within(second).getByLabelText('每题分值'), '5');
    await ue.click(within(second).getByRole('button', { name: '添加抽题规则' }));
    await ue.click(within(second).getByRole('combobox', { name: '题库' }));
    await ue.click(await screen.findByRole('option', { name: '安全题库' }));
    expect(await within(second).findByText('可用 8 题')).toBeTruthy();
    await ue.clear(within(second).getByLabelText('抽题数量'));
    await ue.type(within(second).getByLabelText('抽题数量'), '4');
    expect(screen.getByTestId('exam-total').textContent).toBe('总分 36 分，共 12 题');
    // The server's refusal names the section and the bank.
    expect((await screen.findByTestId('check-errors', {}, { timeout: 3000 })).textContent).toContain('第2部分“单选题”：题库“安全题库”');

    await ue.click(within(second).getByRole('button', { name: '删除大题' }));
    expect(screen.queryByRole('region', { name: '第 2 大题' })).toBeNull();
    expect(screen.getByTestId('exam-total').textContent).toBe('总分 16 分，共 8 题');
    await waitFor(() => expect(screen.queryByTestId('check-errors')).toBeNull());
  });

  it('keeps the count in the level when the level changes the availability', async () => {
    renderBuilder([group({ draws: [{ repoId: 'r1', level: 2, count: 1 }] })]);
    const first = await screen.findByRole('region', { name: '第 1 大题' });
    expect(await within(first).findByText('可用 2 题')).toBeTruthy();
    const ue = userEvent.setup({ delay: null });
    await ue.type(within(first).getByLabelText('抽题数量'), '9');
    expect((within(first).getByLabelText('抽题数量') as HTMLInputElement).value).toBe('2');
  });
});

describe('practice during the exam', { timeout: 60_000 }, () => {
  const renderSwitch = () => {
    const closed = { ...BANK, id: 'r2', title: '封闭题库' };
    answer('/api/repo/paging', { current: 1, size: 200, pages: 1, total: 2, records: [{ ...BANK, practiceOpen: true }, closed] });
    renderScreen(
      <Form defaultValues={{ groups: [group({ draws: [{ repoId: 'r1', level: '', count: 1 }, { repoId: 'r2', level: '', count: 1 }] })], practiceDuringExam: false }}>
        <PracticeDuringExamInput />
      </Form>,
      { resource: 'exam/list' },
    );
  };

  it('warns that a drawn bank open for practice closes to the learners, or says what allowing practice shows', async () => {
    renderSwitch();
    const warning = await screen.findByTestId('practice-open-warning');
    expect(warning.textContent).toContain('《安全题库》');
    expect(warning.textContent).not.toContain('封闭题库');
    expect(warning.textContent).toContain('参考考生将无法练习');
    await userEvent.setup({ delay: null }).click(screen.getByRole('switch', { name: '考试期间允许练习所用题库' }));
    await waitFor(() => expect(screen.getByTestId('practice-open-warning').textContent).toContain('允许考试期间练习'));
    expect(toExamBody({ groups: [group()], practiceDuringExam: true }).practiceDuringExam).toBe(true);
    expect(toExamBody({ groups: [group()] }).practiceDuringExam).toBe(false);
  });
});

describe('question picker', { timeout: 60_000 }, () => {
  it('offers questions of the section type without those already in the exam and adds the picked ones as fixed', async () => {
    renderBuilder([group({ draws: [], quIds: ['q0'] })]);
    answer('/api/qu/qu/detail', { id: 'q0', repoId: 'r1', repoTitle: '安全题库', quType: 1, content: '<p>已选的题</p>', createTime: 0, updateTime: 0 });
    const asked = answer('/api/qu/qu/paging', {
      current: 1,
      size: 10,
      pages: 1,
      total: 2,
      records: [
        { id: 'q1', repoId: 'r1', quType: 1, level: 1, content: '<p>密码至少几位？</p>', tags: [], createTime: 0, updateTime: 0 },
        { id: 'q2', repoId: 'r1', quType: 1, level: 2, content: '<p>哪个是钓鱼邮件？</p>', tags: [], createTime: 0, updateTime: 0 },
      ],
    });
    const ue = userEvent.setup({ delay: null });
    const first = await screen.findByRole('region', { name: '第 1 大题' });
    expect(await within(first).findByText('已选的题')).toBeTruthy();
    await ue.click(within(first).getByRole('button', { name: '选择试题' }));
    const dialog = await screen.findByRole('dialog', { name: '选择单选题' });
    await ue.click(await within(dialog).findByText('密码至少几位？'));
    expect(asked[0]).toMatchObject({ params: { quType: 1, excludes: ['q0'] } });
    await ue.click(within(dialog).getByRole('button', { name: '加入 1 题' }));
    expect(within(first).getByText('密码至少几位？')).toBeTruthy();
    expect(within(first).getByText('已选 2 题（每位考生都会抽到）')).toBeTruthy();
    expect(screen.getByTestId('exam-total').textContent).toBe('总分 4 分，共 2 题');
  });
});

describe('exam form', { timeout: 60_000 }, () => {
  it('names what is missing on an empty submit and sends nothing', async () => {
    answer('/api/repo/paging', { current: 1, size: 200, pages: 1, total: 1, records: [BANK] });
    answer('/api/repo/list-stat', STATS);
    answer('/api/exam/exam/check', { totalScore: 0, quCount: 0, errors: [], warnings: [] });
    const saves = answer('/api/exam/exam/save', exam());
    renderScreen(<ExamCreate />, { resource: 'exam/list' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入考试名称')).toBeTruthy();
    expect(screen.getByText('请添加抽题规则或选择固定试题')).toBeTruthy();
    await ue.click(screen.getByRole('radio', { name: '需要密码' }));
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请设置考试密码')).toBeTruthy();
    const duration = screen.getByLabelText('考试时长（分钟）');
    await ue.clear(duration);
    await ue.type(duration, '0');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('不限时长的考试必须设置结束时间')).toBeTruthy();
    expect(saves).toHaveLength(0);
  });
});

describe('exam list', { timeout: 60_000 }, () => {
  it('shows state, audience, duration, papers awaiting marking and the row actions', async () => {
    answer('/api/exam/exam/paging', { current: 1, size: 10, pages: 1, total: 2, records: [exam(), exam({ id: 'e2', title: '入职测验', enabled: 1, state: 1, awaitingMarkCount: 0, totalTime: 0, openType: 1 })] });
    const states = answer('/api/exam/exam/state', null);
    renderScreen(<ExamList />, { resource: 'exam/list' });
    const ue = userEvent.setup({ delay: null });
    const row = (await screen.findByText('期末考试')).closest('tr')!;
    expect(within(row).getByText('进行中')).toBeTruthy();
    expect(within(row).getByText('指定部门')).toBeTruthy();
    expect(within(row).getByText('60 分钟')).toBeTruthy();
    expect(within(row).getByText('3 份待阅')).toBeTruthy();
    expect((await within(row).findByRole('link', { name: /试卷/ })).getAttribute('href')).toBe('/exam/paper?examId=e1');
    expect((await within(row).findByRole('link', { name: /阅卷/ })).getAttribute('href')).toBe('/exam/mark?examId=e1');
    const other = screen.getByText('入职测验').closest('tr')!;
    expect(within(other).getByText('已禁用')).toBeTruthy();
    expect(within(other).getByText('至结束')).toBeTruthy();
    expect(within(other).queryByRole('link', { name: /阅卷/ })).toBeNull();

    await ue.click(await within(other).findByRole('button', { name: '启用' }));
    expect(await screen.findByText('确定启用考试“入职测验”吗？范围内的考生将可以参加。')).toBeTruthy();
    await ue.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(states).toEqual([{ ids: ['e2'], state: 0 }]));
  });

  it('shows a draft as 草稿 and publishes it after a confirmation that says how many people it opens to', async () => {
    answer('/api/exam/exam/paging', { current: 1, size: 10, pages: 1, total: 2, records: [exam(), exam({ id: 'e3', title: '新员工考试', state: ExamState.DRAFT, publishTime: null, paperCount: 0, awaitingMarkCount: 0 })] });
    const counts = answer('/api/exam/exam/audience', { count: 37 });
    const states = answer('/api/exam/exam/state', null);
    renderScreen(<ExamList />, { resource: 'exam/list' });
    const ue = userEvent.setup({ delay: null });
    const draft = (await screen.findByText('新员工考试')).closest('tr')!;
    expect(within(draft).getByText('草稿')).toBeTruthy();
    expect(within(draft).queryByRole('button', { name: '禁用' })).toBeNull();
    const published = screen.getByText('期末考试').closest('tr')!;
    expect(within(published).queryByText('草稿')).toBeNull();
    expect(within(published).queryByRole('button', { name: '发布' })).toBeNull();
    expect(await within(published).findByRole('button', { name: '禁用' })).toBeTruthy();
    // Nothing is counted before the dialog opens.
    expect(counts).toHaveLength(0);

    await ue.click(await within(draft).findByRole('button', { name: '发布' }));
    const dialog = await screen.findByRole('dialog', { name: '发布考试' });
    expect(await within(dialog).findByText('发布后，考试“新员工考试”将对考试范围内的 37 人开放：他们会在首页看到它并可以参加。确定发布吗？')).toBeTruthy();
    expect(counts).toEqual([{ id: 'e3' }]);
    expect(states).toHaveLength(0);
    await ue.click(within(dialog).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(states).toEqual([{ ids: ['e3'], state: 0 }]));
    expect(await screen.findByText('考试“新员工考试”已发布')).toBeTruthy();
  });

  it("says so when nobody is in a draft's audience yet", async () => {
    answer('/api/exam/exam/paging', { current: 1, size: 10, pages: 1, total: 1, records: [exam({ id: 'e4', title: '空范围考试', state: ExamState.DRAFT, publishTime: null })] });
    answer('/api/exam/exam/audience', { count: 0 });
    const states = answer('/api/exam/exam/state', null);
    renderScreen(<ExamList />, { resource: 'exam/list' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('button', { name: '发布' }));
    const dialog = await screen.findByRole('dialog', { name: '发布考试' });
    expect(await within(dialog).findByText('考试“空范围考试”的范围内目前没有可参加的人（0 人）。仍要发布吗？')).toBeTruthy();
    await ue.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(states).toHaveLength(0);
  });
});
