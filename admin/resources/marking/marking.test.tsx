import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/renderScreen';
import { answer, setupMswServer } from '../../testing/server';
import { draftOf, scoreError } from './MarkItemCard';
import { MarkPage } from './MarkPage';

setupMswServer();

const paper = {
  id: 'p1',
  examId: 'e1',
  title: '期末考试',
  userId: 'u1',
  userName: 'zhang',
  realName: '张三',
  deptName: '研发部',
  state: 1,
  handType: 0,
  userScore: null,
  totalScore: 100,
  passed: null,
  createTime: 0,
  handTime: 0,
  userTime: 600,
};
const item = (over: object = {}) => ({
  paperId: 'p1',
  quId: 'q1',
  parentQuId: null,
  content: '<p>简述强密码的要点。</p>',
  refAnswer: '<p>长度、复杂度、不复用。</p>',
  answer: '至少12位，混合字符。',
  score: 10,
  markScore: null,
  comment: '',
  realName: '张三',
  ...over,
});

describe('score bounds', () => {
  it('takes 0 to the question score with at most two decimals, and starts an empty answer at 0', () => {
    expect(scoreError('', 10)).toEqual({ message: 'examhall.marking.v.score' });
    for (const bad of ['-1', '10.5', '11', '2.555', 'abc']) expect(scoreError(bad, 10), bad).toMatchObject({ message: 'examhall.marking.v.range', args: { max: 10 } });
    for (const good of ['0', '7.5', '10', '3.25']) expect(scoreError(good, 10), good).toBeUndefined();
    expect(draftOf(item({ answer: '  ' }) as never).score).toBe('0');
    expect(draftOf(item() as never).score).toBe('');
    expect(draftOf(item({ markScore: 6, comment: '好' }) as never)).toEqual({ score: '6', comment: '好' });
  });
});

describe('marking a paper', { timeout: 60_000 }, () => {
  it('refuses a score above the question, then saves every score and finishes the paper', async () => {
    answer('/api/paper/mark/exam-paging', { current: 1, size: 200, pages: 1, total: 1, records: [{ examId: 'e1', title: '期末考试', awaitingMarkCount: 1, markedCount: 0, paperCount: 4, endTime: null }] });
    answer('/api/paper/mark/paper', { paper, items: [item(), item({ quId: 'q2', answer: '', content: '<p>说明最小权限原则。</p>', score: 5 })] });
    const scores = answer('/api/paper/mark/score', (b: { quId: string; score: number }) => item({ quId: b.quId, markScore: b.score }));
    const finishes = answer('/api/paper/mark/finish', { ...paper, state: 2, userScore: 8 });
    answer('/api/paper/mark/paper-paging', { current: 1, size: 20, pages: 0, total: 0, records: [] });
    renderScreen(<MarkPage />, { resource: 'exam/mark', path: '/exam/mark?examId=e1&paperId=p1' });
    const ue = userEvent.setup({ delay: null });

    const first = await screen.findByRole('article', { name: '第 1 题' });
    expect(within(first).getByText('至少12位，混合字符。')).toBeTruthy();
    expect(within(first).getByText('长度、复杂度、不复用。')).toBeTruthy();
    const second = screen.getByRole('article', { name: '第 2 题' });
    expect(within(second).getByText('（未作答，按 0 分计）')).toBeTruthy();
    expect((within(second).getByLabelText('得分（0～5）') as HTMLInputElement).value).toBe('0');

    await ue.click(screen.getByRole('button', { name: '完成阅卷' }));
    expect(await within(first).findByText('请输入得分')).toBeTruthy();
    await ue.type(within(first).getByLabelText('得分（0～10）'), '12');
    expect(within(first).getByText('得分应在 0 到 10 之间')).toBeTruthy();
    await ue.click(screen.getByRole('button', { name: '完成阅卷' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await ue.clear(within(first).getByLabelText('得分（0～10）'));
    await ue.type(within(first).getByLabelText('得分（0～10）'), '8');
    await ue.type(within(first).getByLabelText('评语'), '要点齐全');
    await ue.click(screen.getByRole('button', { name: '完成阅卷' }));
    await ue.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(finishes).toEqual([{ id: 'p1' }]));
    expect(scores).toEqual([
      { paperId: 'p1', quId: 'q1', score: 8, comment: '要点齐全' },
      { paperId: 'p1', quId: 'q2', score: 0, comment: '' },
    ]);
    expect(await screen.findByText('阅卷完成')).toBeTruthy();
    // Back to the exam's papers awaiting marking.
    expect(await screen.findByText('这场考试没有待阅卷的试卷')).toBeTruthy();
  });

  it('marks by question: every learner\'s answer to one question, saved one by one', async () => {
    answer('/api/paper/mark/exam-paging', { current: 1, size: 200, pages: 1, total: 1, records: [{ examId: 'e1', title: '期末考试', awaitingMarkCount: 2, markedCount: 0, paperCount: 4, endTime: null }] });
    answer('/api/paper/mark/qu-list', [
      { quId: 'q1', content: '<p>简述强密码的要点。</p>', pending: 2, total: 2 },
      { quId: 'q2', content: '<p>说明最小权限原则。</p>', pending: 0, total: 2 },
    ]);
    const asked = answer('/api/paper/mark/qu-answers', { current: 1, size: 10, pages: 1, total: 2, records: [item(), item({ paperId: 'p2', realName: '李四', answer: '不知道' })] });
    const scores = answer('/api/paper/mark/score', (b: { quId: string; score: number }) => item({ markScore: b.score }));
    renderScreen(<MarkPage />, { resource: 'exam/mark', path: '/exam/mark?examId=e1&mode=qu' });
    const ue = userEvent.setup({ delay: null });
    const li = await screen.findByRole('article', { name: '李四' });
    expect(asked[0]).toMatchObject({ params: { examId: 'e1', quId: 'q1', pendingOnly: true } });
    await ue.type(within(li).getByLabelText('得分（0～10）'), '11');
    await ue.click(within(li).getByRole('button', { name: '保存评分' }));
    expect(within(li).getByText('得分应在 0 到 10 之间')).toBeTruthy();
    await ue.clear(within(li).getByLabelText('得分（0～10）'));
    await ue.type(within(li).getByLabelText('得分（0～10）'), '2');
    await ue.click(within(li).getByRole('button', { name: '保存评分' }));
    await waitFor(() => expect(scores).toEqual([{ paperId: 'p2', quId: 'q1', score: 2, comment: '' }]));
    expect(await screen.findByText('已评分')).toBeTruthy();
  });

  it('asks before finishing every fully scored paper, with how many, and finishes them only on 确定', async () => {
    const exam = { examId: 'e1', title: '期末考试', awaitingMarkCount: 5, markedCount: 3, paperCount: 9, endTime: null };
    answer('/api/paper/mark/exam-paging', { current: 1, size: 200, pages: 1, total: 1, records: [exam] });
    answer('/api/paper/mark/paper-paging', { current: 1, size: 20, pages: 1, total: 1, records: [paper] });
    const finished = answer('/api/paper/mark/finish-marked', 3);
    renderScreen(<MarkPage />, { resource: 'exam/mark', path: '/exam/mark?examId=e1' });
    const ue = userEvent.setup({ delay: null });
    const batch = await screen.findByRole('button', { name: '完成已评完的试卷' });
    await waitFor(() => expect((batch as HTMLButtonElement).disabled).toBe(false));

    // Cancelled: nothing finished.
    await ue.click(batch);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定完成 3 份已评完的试卷？完成后成绩计入考试记录并通知考生，不能再修改评分。')).toBeTruthy();
    await ue.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(finished).toEqual([]);

    // Confirmed: finished once, and said how many.
    await ue.click(batch);
    dialog = await screen.findByRole('dialog');
    await ue.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(finished).toEqual([{ examId: 'e1' }]));
    expect(await screen.findByText('已完成 3 份试卷的阅卷')).toBeTruthy();
  });

  it('says there is nothing to finish when no paper is fully scored, without a dialog', async () => {
    answer('/api/paper/mark/exam-paging', { current: 1, size: 200, pages: 1, total: 1, records: [{ examId: 'e1', title: '期末考试', awaitingMarkCount: 2, markedCount: 0, paperCount: 2, endTime: null }] });
    answer('/api/paper/mark/paper-paging', { current: 1, size: 20, pages: 1, total: 1, records: [paper] });
    const finished = answer('/api/paper/mark/finish-marked', 0);
    renderScreen(<MarkPage />, { resource: 'exam/mark', path: '/exam/mark?examId=e1' });
    const ue = userEvent.setup({ delay: null });
    const batch = await screen.findByRole('button', { name: '完成已评完的试卷' });
    await waitFor(() => expect((batch as HTMLButtonElement).disabled).toBe(false));
    await ue.click(batch);
    expect(await screen.findByText('没有已评完的试卷：一份试卷的简答题都评分后才能完成')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(finished).toEqual([]);
  });
});
