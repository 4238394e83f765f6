import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { FillAnswerBody, PaperDetail, PaperQu, SavedAnswer } from '../../../common/api/paper';
import type { AnswerInput } from '../../../common/api/qu';
import { DisplayMode, PaperState, QuType } from '../../../common/codes';
import { learner } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, startMockServer } from '../../testing/server';
import { journalStorage } from './answerSync';

startMockServer();
// Each test is a whole journey of dozens of clicks through a full app render: on a busy machine that takes a while.
const JOURNEY_MS = 120_000;
afterEach(() => localStorage.clear());

const options = (...names: string[]) => names.map((content, i) => ({ id: `o${i + 1}`, content }));
const free = { answerList: [], blankCount: 0, leftList: [], rightList: [], subList: [] };

/** One question of every type; the combined one has a choice part and a blank part. */
const questions: Array<Omit<PaperQu, 'saved' | 'subSaved'>> = [
  { quId: 'q1', quType: QuType.SINGLE, content: '<p>单选题干</p>', ...free, answerList: options('甲', '乙', '丙') },
  { quId: 'q2', quType: QuType.MULTIPLE, content: '<p>多选题干</p>', ...free, answerList: options('红', '绿', '蓝') },
  { quId: 'q3', quType: QuType.JUDGE, content: '<p>判断题干</p>', ...free, answerList: options('正确', '错误') },
  { quId: 'q4', quType: QuType.SHORT, content: '<p>简答题干</p>', ...free },
  { quId: 'q5', quType: QuType.FILL, content: '<p>首都是<span data-blank="1"></span>，河流是<span data-blank="2"></span></p>', ...free, blankCount: 2 },
  {
    quId: 'q6',
    quType: QuType.MATCH,
    content: '<p>配对题干</p>',
    ...free,
    leftList: [
      { id: 'l1', content: '中国' },
      { id: 'l2', content: '日本' },
    ],
    rightList: [
      { id: 'r1', content: '北京' },
      { id: 'r2', content: '东京' },
    ],
  },
  {
    quId: 'q7',
    quType: QuType.COMBINED,
    content: '<p>阅读材料</p>',
    ...free,
    subList: [
      { quId: 's1', share: 1, quType: QuType.SINGLE, content: '<p>小题一</p>', ...free, answerList: options('对', '错') },
      { quId: 's2', share: 1, quType: QuType.FILL, content: '<p>小题二<span data-blank="1"></span></p>', ...free, blankCount: 1 },
    ],
  },
];

const groupTitle = (type: number) => `${QuType.label(type)}`;

/**
 * A server that keeps what it is sent as the real one does: the newest seq wins per question, and
 * qu-detail answers what it holds. `down` makes every save fail as a dropped connection would.
 */
function fakeServer(initial: Record<string, Partial<SavedAnswer>> = {}) {
  const held = new Map<string, SavedAnswer>();
  const state = { down: false, saves: 0 };
  Object.entries(initial).forEach(([id, s]) => held.set(id, { answered: true, mark: false, seq: 1, ...s }));
  const saved = (id: string): SavedAnswer => held.get(id) ?? { answered: false, mark: false, seq: 0 };
  const card = (id: string) => {
    const q = questions.find((x) => x.quId === id)!;
    const answered = q.subList.length ? q.subList.some((s) => saved(s.quId).answered) : saved(id).answered;
    return { answered, mark: saved(id).mark };
  };
  const paper = (mode: PaperDetail['displayMode']): PaperDetail => ({
    id: 'p1',
    examId: 'e1',
    title: '期末考试',
    state: PaperState.IN_EXAM,
    leftSeconds: 3600,
    handInSeconds: 0,
    totalScore: 70,
    groups: questions.map((q, i) => ({
      title: groupTitle(q.quType),
      quType: q.quType,
      perScore: 10,
      quList: [{ quId: q.quId, quType: q.quType, sort: i + 1, ...card(q.quId) }],
    })),
    displayMode: mode,
    leaveLimit: 0,
    leaveCount: 0,
    fullscreen: false,
    blockPaste: false,
    watermark: '',
    idleLimit: 0,
  });
  const handlers = (mode: PaperDetail['displayMode']) => [
    api('paper/paper/paper-detail', () => paper(mode)),
    api('paper/paper/qu-detail', (b: { quId: string }) => {
      const q = questions.find((x) => x.quId === b.quId)!;
      return { ...q, saved: saved(q.quId), subSaved: Object.fromEntries(q.subList.map((s) => [s.quId, saved(s.quId)])) };
    }),
    api('paper/paper/fill-answer', (b: FillAnswerBody) => {
      if (state.down) return HttpResponse.error();
      state.saves += 1;
      const { paperId: _p, quId, seq, mark = false, ...answer } = b;
      const before = saved(quId);
      if (seq > before.seq) {
        const a: AnswerInput = answer;
        const answered = Boolean(a.answers?.length || a.answer?.trim() || a.blanks?.some((x) => x.trim()) || a.pairs?.length);
        held.set(quId, { ...answer, answered, mark, seq });
      }
      return { seq: Math.max(seq, before.seq), savedAt: Date.now() };
    }),
    api('paper/paper/event', { leaveCount: 0, leaveLimit: 0, handed: false }),
  ];
  return { held, state, saved, handlers };
}

/** The question on screen: its heading says its number. */
const shownNumber = () => {
  const heading = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  return heading;
};

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const text = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const cardButton = (n: number) => {
  const card = screen.getAllByRole('navigation', { name: '答题卡' })[0];
  return within(card).getByRole('button', { name: new RegExp(`^第${n}题，`) });
};
const answeredCount = () => within(screen.getAllByRole('navigation', { name: '答题卡' })[0]).getByText(/^已答 \d+ \/ 7$/).textContent;

/** What each question shows, read off the screen while it is shown. */
const views: Record<number, () => unknown> = {
  1: () => ['甲', '乙', '丙'].map((o, i) => radio(`${'ABC'[i]}. ${o}`).checked),
  2: () => ['红', '绿', '蓝'].map((o, i) => box(`${'ABC'[i]}. ${o}`).checked),
  3: () => ['正确', '错误'].map((o, i) => radio(`${'AB'[i]}. ${o}`).checked),
  4: () => text('作答').value,
  5: () => [text('第1空').value, text('第2空').value],
  6: () => [select('第1项的配对').value, select('第2项的配对').value],
  7: () => [radio('A. 对').checked, radio('B. 错').checked, text('第1空').value],
};

async function showing(n: number) {
  await waitFor(() => expect(shownNumber()).toEqual([`第 ${n} 题`]));
}

describe('the exam page shows my newest answer wherever I move (one question per screen)', () => {
  it('answers every type, moves by 下一题/上一题, the card and the keyboard, changes two answers, and the server ends with them', { timeout: JOURNEY_MS }, async () => {
    const srv = fakeServer({ q1: { answers: ['o1'], seq: 2 } });
    const { user } = renderApp({ path: '/web/exam/start/p1', user: learner(), handlers: srv.handlers(DisplayMode.STEP) });

    // The server's saved answer is shown at first.
    await showing(1);
    await waitFor(() => expect(views[1]()).toEqual([true, false, false]));
    expect(answeredCount()).toBe('已答 1 / 7');

    await user.click(radio('B. 乙'));
    await user.click(screen.getByRole('button', { name: '下一题' }));
    await showing(2);
    await user.click(box('A. 红'));
    await user.click(box('C. 蓝'));
    await user.click(screen.getByRole('button', { name: '下一题' }));
    await showing(3);
    await user.click(radio('B. 错误'));
    // Arrow keys move between questions when focus is not in a field (in a radio group they pick options).
    await user.click(screen.getByText('判断题干'));
    await user.keyboard('{ArrowRight}');
    await showing(4);
    await user.click(text('作答'));
    await user.paste('安全第一');
    await user.click(cardButton(5));
    await showing(5);
    await user.click(text('第1空'));
    await user.paste('北京');
    await user.click(text('第2空'));
    await user.paste('长江');
    await user.click(screen.getByRole('button', { name: '下一题' }));
    await showing(6);
    await user.selectOptions(select('第1项的配对'), 'r1');
    await user.selectOptions(select('第2项的配对'), 'r2');
    await user.click(screen.getByRole('button', { name: '下一题' }));
    await showing(7);
    await user.click(radio('A. 对'));
    await user.click(text('第1空'));
    await user.paste('三');
    expect(answeredCount()).toBe('已答 7 / 7');

    // Back over every question, every way of moving: each shows what I answered.
    await user.click(screen.getByRole('button', { name: '上一题' }));
    await showing(6);
    expect(views[6]()).toEqual(['r1', 'r2']);
    await user.click(screen.getByText('配对题干'));
    await user.keyboard('{ArrowLeft}');
    await showing(5);
    expect(views[5]()).toEqual(['北京', '长江']);
    await user.click(screen.getByText(/首都是/));
    await user.keyboard('{PageUp}');
    await showing(4);
    expect(views[4]()).toBe('安全第一');
    await user.click(cardButton(3));
    await showing(3);
    expect(views[3]()).toEqual([false, true]);
    await user.click(cardButton(2));
    await showing(2);
    expect(views[2]()).toEqual([true, false, true]);
    await user.click(cardButton(1));
    await showing(1);
    expect(views[1]()).toEqual([false, true, false]);
    await user.click(cardButton(7));
    await showing(7);
    expect(views[7]()).toEqual([true, false, '三']);

    // Change two answers, move away and back.
    await user.click(cardButton(2));
    await showing(2);
    await user.click(box('C. 蓝'));
    await user.click(cardButton(6));
    await showing(6);
    await user.selectOptions(select('第2项的配对'), '');
    await user.click(cardButton(2));
    await showing(2);
    expect(views[2]()).toEqual([true, false, false]);
    await user.click(cardButton(6));
    await showing(6);
    expect(views[6]()).toEqual(['r1', '']);
    expect(answeredCount()).toBe('已答 7 / 7');

    // The server holds the newest of each.
    await waitFor(
      () => {
        expect(srv.saved('q1').answers).toEqual(['o2']);
        expect(srv.saved('q2').answers).toEqual(['o1']);
        expect(srv.saved('q3').answers).toEqual(['o2']);
        expect(srv.saved('q4').answer).toBe('安全第一');
        expect(srv.saved('q5').blanks).toEqual(['北京', '长江']);
        expect(srv.saved('q6').pairs).toEqual([{ leftId: 'l1', rightId: 'r1' }]);
        expect(srv.saved('s1').answers).toEqual(['o1']);
        expect(srv.saved('s2').blanks).toEqual(['三']);
      },
      { timeout: 5_000 },
    );

    // The hand-in dialog reads the same state.
    await user.click(screen.getAllByRole('button', { name: '交卷' })[0]);
    expect(await screen.findByText('所有题目都已作答。交卷后不能再修改，确定要交卷吗？')).toBeTruthy();
  });

  it('keeps answers made offline on screen, then saves them once the connection is back', { timeout: JOURNEY_MS }, async () => {
    const srv = fakeServer();
    const { user } = renderApp({ path: '/web/exam/start/p1', user: learner(), handlers: srv.handlers(DisplayMode.STEP) });
    await showing(1);
    srv.state.down = true;
    await user.click(await screen.findByRole('radio', { name: 'C. 丙' }));
    await user.click(screen.getByRole('button', { name: '下一题' }));
    await showing(2);
    await user.click(box('B. 绿'));
    expect(await screen.findByTestId('offline-banner')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '上一题' }));
    await showing(1);
    expect(views[1]()).toEqual([false, false, true]);
    expect(answeredCount()).toBe('已答 2 / 7');

    srv.state.down = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(srv.saved('q2').answers).toEqual(['o2']), { timeout: 5_000 });
    expect(srv.saved('q1').answers).toEqual(['o3']);
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
    await user.click(screen.getByRole('button', { name: '下一题' }));
    await showing(2);
    expect(views[2]()).toEqual([false, true, false]);
  });

  it('after a reload, shows the journal over the older server copy, on the question and on the card', { timeout: JOURNEY_MS }, async () => {
    // The last page saved q1 = 甲 (seq 3) but left q1 = 丙 (seq 4) and q7's blank part in its journal.
    const srv = fakeServer({ q1: { answers: ['o1'], seq: 3 }, q4: { answer: '旧的回答', seq: 1 } });
    journalStorage('p1').set('journal', {
      q1: { quId: 'q1', seq: 4, answer: { answers: ['o3'] }, mark: true, at: 1 },
      s2: { quId: 's2', seq: 1, answer: { blanks: ['离线写的'] }, mark: false, at: 2 },
    });
    srv.state.down = true;
    const { user } = renderApp({ path: '/web/exam/start/p1', user: learner(), handlers: srv.handlers(DisplayMode.STEP) });
    await showing(1);
    await waitFor(() => expect(views[1]()).toEqual([false, false, true]));
    expect(cardButton(1).getAttribute('aria-label')).toBe('第1题，已答，已标记');
    // q7 is answered by its journaled part once its detail is in.
    await waitFor(() => expect(cardButton(7).getAttribute('aria-label')).toBe('第7题，已答'));
    await user.click(cardButton(7));
    await showing(7);
    expect(views[7]()).toEqual([false, false, '离线写的']);
    await user.click(cardButton(4));
    await showing(4);
    expect(views[4]()).toBe('旧的回答');

    // Back online: the journal reaches the server, and the page still shows the same.
    srv.state.down = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(srv.saved('s2').blanks).toEqual(['离线写的']), { timeout: 5_000 });
    expect(srv.saved('q1')).toMatchObject({ answers: ['o3'], mark: true, seq: 4 });
    await user.click(cardButton(1));
    await showing(1);
    expect(views[1]()).toEqual([false, false, true]);
  });
});

describe('the exam page shows my newest answer (whole paper on one page)', () => {
  it('every question and the card follow each change; the hand-in dialog names what is still unanswered', { timeout: JOURNEY_MS }, async () => {
    const srv = fakeServer({ q3: { answers: ['o1'], seq: 1 } });
    const { user } = renderApp({ path: '/web/exam/start/p1', user: learner(), handlers: srv.handlers(DisplayMode.FULL) });
    await waitFor(() => expect(shownNumber()).toHaveLength(7));
    await waitFor(() => expect(views[3]()).toEqual([true, false]));
    await user.click(radio('A. 甲'));
    await user.click(text('作答'));
    await user.paste('答案');
    await user.selectOptions(select('第1项的配对'), 'r2');
    expect(answeredCount()).toBe('已答 4 / 7');
    await user.click(cardButton(1));
    await user.click(radio('B. 乙'));
    expect(views[1]()).toEqual([false, true, false]);
    await user.clear(text('作答'));
    expect(answeredCount()).toBe('已答 3 / 7');
    await user.click(screen.getAllByRole('button', { name: '交卷' })[0]);
    expect(await screen.findByText(/第 2、4、5、7 题/)).toBeTruthy();
    await waitFor(() => expect(srv.saved('q4').answer).toBe(''), { timeout: 5_000 });
    expect(srv.saved('q1').answers).toEqual(['o2']);
  });
});
