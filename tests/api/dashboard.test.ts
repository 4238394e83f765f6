import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardLive, DashboardTrend, ExamRecord } from '../../common/api';
import { GenericState, PaperState, QuType, ResultShow } from '../../common/codes';
import { ErrorCode } from '../../common/errorCodes';
import { newId } from '../../server/lib/ids';
import { saveCourse } from './course.helpers';
import { bankWithEveryType, examBody, saveDraft, saveExam } from './exam.helpers';
import { DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** 2026-12-10 00:00 in China Standard Time (UTC+8), the dashboard's day. */
const TODAY = Date.UTC(2026, 11, 9, 16, 0, 0);
/** The injected clock: noon of that day. */
const NOON = TODAY + 12 * HOUR;

describe.each(DIALECTS)('dashboard on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('counts users, departments, notices and messages, each in its own field', async () => {
    const admin = await t.adminToken();
    const before = await t.call('/api/sys/dashboard/stat', {}, admin);
    expect(before.body.data).toEqual({ userCount: 1, departCount: 1, noticeCount: 0, msgCount: 0 });

    // Distinct counts, so a swapped field cannot pass: 4 users, 2 departments, 5 notices, 3 messages.
    const learner = await insertUser(t, 'dash_a');
    await insertUser(t, 'dash_b');
    await insertUser(t, 'dash_c');
    await t.call('/api/sys/depart/save', { parentId: 'dept_root', deptName: '培训部' }, admin);
    for (let i = 1; i <= 5; i += 1) {
      const r = await t.call('/api/sys/notice/save', { title: `公告${i}`, content: '<p>内容</p>', state: 1, targetType: 1 }, admin);
      expect(r.body.code).toBe(0);
    }
    for (let i = 1; i <= 3; i += 1) {
      const r = await t.call('/api/sys/msg/send', { title: `消息${i}`, content: '内容', targetType: 3 }, admin);
      expect(r.body.code).toBe(0);
    }

    const after = await t.call('/api/sys/dashboard/stat', {}, admin);
    expect(after.body.data).toEqual({ userCount: 4, departCount: 2, noticeCount: 5, msgCount: 3 });

    const refused = await t.call('/api/sys/dashboard/stat', {}, learner.token);
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN);
  });
});

/** A paper row as the engine leaves it (the dashboard reads state, times and scores only). */
async function insertPaper(
  t: TestContext,
  p: { examId: string; userId: string; state: number; createTime: number; handTime?: number | null; score?: number | null; total?: number; deadline?: number },
): Promise<string> {
  const id = newId();
  const total = p.total ?? 100;
  await t.database.db
    .insertInto('paper')
    .values({
      id, exam_id: p.examId, user_id: p.userId, title: '考试', state: p.state, total_score: total, qualify_score: 60, obj_score: p.score ?? 0, subj_score: 0,
      user_score: p.score ?? null, passed: p.score == null ? null : p.score >= 60 ? 1 : 0, hand_type: p.handTime == null ? null : 0, leave_count: 0, idle_time: null,
      deadline: p.deadline ?? p.createTime + HOUR, settings: '{}', groups: '[]', create_time: p.createTime, hand_time: p.handTime ?? null, update_time: p.handTime ?? p.createTime,
    })
    .execute();
  return id;
}

/** `n` practice answers given at `time` (one training of the user). */
async function insertAnswers(t: TestContext, userId: string, time: number, n: number): Promise<void> {
  const trainId = newId();
  await t.database.db
    .insertInto('practice_train')
    .values({ id: trainId, user_id: userId, repo_id: 'r', mode: 1, qu_type: null, tag: '', items: '[]', total: n, position: 1, answered: n, right_count: 0, pending_count: 0, self_count: 0, self_right: 0, finished: 0, create_time: time, update_time: time })
    .execute();
  await t.database.db
    .insertInto('practice_answer')
    .values(Array.from({ length: n }, (_, i) => ({ train_id: trainId, qu_id: `q${i}`, answer: '{}', is_right: 1, assess: 0, create_time: time + i })))
    .execute();
}

describe.each(DIALECTS)('the live dashboard and its trend on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  let soon: ExamRecord;
  let open: ExamRecord;
  let yesterdayAwaiting: string;
  const users: string[] = [];
  let inExam: { id: string; token: string };

  beforeAll(async () => {
    t.clock.set(NOON);
    const { repo: bank } = await bankWithEveryType(t);
    const singles = [{ title: '单选', quType: QuType.SINGLE, perScore: 10, draws: [{ repoId: bank.id, count: 2 }], quIds: [] }];
    const exam = (over: Record<string, unknown>) => examBody(bank.id, { resultShow: ResultShow.SCORE, groups: singles, ...over });
    // Open now: no window, and one ending in two days. Not open: a draft, a disabled one, one not started, one ended.
    open = await saveExam(t, exam({ title: '常设考试' }));
    soon = await saveExam(t, exam({ title: '即将结束的考试', startTime: NOON - DAY, endTime: NOON + 2 * DAY }));
    await saveExam(t, exam({ title: '下月结束的考试', startTime: NOON - DAY, endTime: NOON + 20 * DAY }));
    await saveDraft(t, exam({ title: '草稿' }));
    const disabled = await saveExam(t, exam({ title: '已禁用' }));
    expect((await t.call('/api/exam/exam/state', { ids: [disabled.id], state: GenericState.DISABLED }, await t.adminToken())).body.code).toBe(0);
    await saveExam(t, exam({ title: '未开始', startTime: NOON + DAY, endTime: NOON + 2 * DAY }));
    await saveExam(t, exam({ title: '已结束', startTime: NOON - 3 * DAY, endTime: NOON - DAY }));

    for (let i = 0; i < 8; i += 1) users.push((await insertUser(t, `dash_${dialect}_${i}`)).id);
    // In an exam now, through the engine: one learner in the exam ending soon.
    inExam = await insertUser(t, `dash_${dialect}_sitting`);
    expect((await t.call('/api/paper/paper/create-paper', { examId: soon.id }, inExam.token)).body.code).toBe(0);
    // Past its deadline and not yet handed in by the job: nobody is answering it.
    await insertPaper(t, { examId: open.id, userId: users[7], state: PaperState.IN_EXAM, createTime: NOON - 2 * HOUR, deadline: NOON - HOUR });

    // Today: 80 and 60 of 100, one awaiting marking.
    await insertPaper(t, { examId: open.id, userId: users[0], state: PaperState.FINISHED, createTime: TODAY + HOUR, handTime: TODAY + 2 * HOUR, score: 80 });
    await insertPaper(t, { examId: soon.id, userId: users[1], state: PaperState.FINISHED, createTime: TODAY + 3 * HOUR, handTime: TODAY + 4 * HOUR, score: 60 });
    await insertPaper(t, { examId: soon.id, userId: users[2], state: PaperState.AWAITING_MARK, createTime: TODAY + 5 * HOUR, handTime: TODAY + 6 * HOUR });
    // Yesterday (one a minute before midnight): 50 of 100 and 100 of 200, one awaiting marking.
    await insertPaper(t, { examId: open.id, userId: users[3], state: PaperState.FINISHED, createTime: TODAY - 2 * HOUR, handTime: TODAY - MIN, score: 50 });
    await insertPaper(t, { examId: open.id, userId: users[4], state: PaperState.FINISHED, createTime: TODAY - 5 * HOUR, handTime: TODAY - 4 * HOUR, score: 100, total: 200 });
    yesterdayAwaiting = await insertPaper(t, { examId: open.id, userId: users[5], state: PaperState.AWAITING_MARK, createTime: TODAY - 5 * HOUR, handTime: TODAY - 4 * HOUR });
    // The first day of the 30 shown, and the day before it.
    await insertPaper(t, { examId: open.id, userId: users[6], state: PaperState.FINISHED, createTime: TODAY - 29 * DAY, handTime: TODAY - 29 * DAY + HOUR, score: 90 });
    await insertPaper(t, { examId: open.id, userId: users[6], state: PaperState.FINISHED, createTime: TODAY - 30 * DAY, handTime: TODAY - 30 * DAY + HOUR, score: 10 });

    // Courses: 0 of 1, 1 of 4 and 2 of 2 learners finished; a draft with learners is not listed.
    const courses = await Promise.all(['零完成', '四分之一', '全部完成', '草稿课程'].map((title, i) => saveCourse(t, { title, state: i === 3 ? 0 : 1 })));
    const learners = (course: number, finishTimes: Array<number | null>) =>
      t.database.db
        .insertInto('course_learner')
        .values(finishTimes.map((finish_time, i) => ({ user_id: users[i], course_id: courses[course].id, start_time: TODAY - 10 * DAY, finish_time })))
        .execute();
    await learners(0, [null]);
    await learners(1, [TODAY + HOUR, null, null, null]);
    await learners(2, [TODAY - DAY + HOUR, TODAY - 2 * DAY + HOUR]);
    await learners(3, [null, null, null]);

    // Practice: 5 answers today, 3 yesterday, 2 the day before.
    await insertAnswers(t, users[0], TODAY + HOUR, 5);
    await insertAnswers(t, users[1], TODAY - 3 * HOUR, 3);
    await insertAnswers(t, users[2], TODAY - DAY - 3 * HOUR, 2);
  }, 120_000);

  it('says what is happening now, each figure from its own rows', async () => {
    const r = await t.call<DashboardLive>('/api/sys/dashboard/live', {}, await t.adminToken());
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data).toEqual({
      examsOpen: 3,
      learnersInExam: 1,
      handedInToday: 3,
      awaitingMarking: 2,
      todayStart: TODAY,
      endingSoon: [{ id: soon.id, title: '即将结束的考试', endTime: NOON + 2 * DAY, inExam: 1, handedIn: 2 }],
      lowestCompletion: [
        { id: expect.any(String), title: '零完成', learners: 1, finished: 0, rate: 0 },
        { id: expect.any(String), title: '四分之一', learners: 4, finished: 1, rate: 25 },
        { id: expect.any(String), title: '全部完成', learners: 2, finished: 2, rate: 100 },
      ],
      computedAt: NOON,
    });

    // The paper list filters by the same start of today.
    const list = await t.call('/api/paper/paper/paging', { current: 1, size: 50, params: { handFrom: r.body.data.todayStart } }, await t.adminToken());
    expect(list.body.data.total).toBe(3);
  });

  it('charts the last 30 days, today last; a past day is kept once settled, its papers counted again while one of them awaits marking', async () => {
    const admin = await t.adminToken();
    const trend = async (days?: number) => {
      const r = await t.call<DashboardTrend>('/api/sys/dashboard/trend', days === undefined ? {} : { days }, admin);
      expect(r.body.code, r.body.msg).toBe(0);
      return r.body.data;
    };
    const first = await trend();
    expect(first.points).toHaveLength(30);
    expect(first.points[0]).toEqual({ date: '2026-11-11', examsTaken: 1, avgScore: 90, completions: 0, practiceAnswers: 0 });
    expect(first.points.at(-1)).toEqual({ date: '2026-12-10', examsTaken: 3, avgScore: 70, completions: 1, practiceAnswers: 5 });
    expect(first.points.at(-2)).toEqual({ date: '2026-12-09', examsTaken: 3, avgScore: 50, completions: 1, practiceAnswers: 3 });
    expect(first.points.at(-3)).toEqual({ date: '2026-12-08', examsTaken: 0, avgScore: null, completions: 1, practiceAnswers: 2 });
    expect(first.points.slice(1, -3).every((p) => p.examsTaken === 0 && p.avgScore === null && p.completions === 0 && p.practiceAnswers === 0)).toBe(true);

    // Yesterday's awaiting paper is marked (20 of 100): yesterday is counted again. The day before
    // is final: an answer stamped then (none can arrive now) is not read again.
    // Answers stamped on past days (none can arrive now) show how little is read again: nothing but
    // yesterday's papers.
    await t.database.db.updateTable('paper').set({ state: PaperState.FINISHED, user_score: 20, passed: 0 }).where('id', '=', yesterdayAwaiting).execute();
    await insertAnswers(t, users[3], TODAY - DAY - HOUR, 4);
    await insertAnswers(t, users[4], TODAY - 2 * HOUR, 6);
    const second = await trend();
    expect(second.points.at(-2)).toEqual({ date: '2026-12-09', examsTaken: 3, avgScore: 40, completions: 1, practiceAnswers: 3 });
    expect(second.points.at(-3)).toMatchObject({ date: '2026-12-08', practiceAnswers: 2 });

    expect((await trend(7)).points.map((p) => p.date)).toEqual(['2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10']);
  });

  it('is for administrators with the dashboard permission, with bounded days', async () => {
    const admin = await t.adminToken();
    expect((await t.call('/api/sys/dashboard/live', {}, inExam.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('/api/sys/dashboard/trend', { days: 30 }, inExam.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('/api/sys/dashboard/trend', { days: 91 }, admin)).status).toBe(400);
    expect((await t.call('/api/sys/dashboard/trend', { days: 0 }, admin)).status).toBe(400);
  });
});
