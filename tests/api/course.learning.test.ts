import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BeatResult, CourseFileRecord } from '../../common/api';
import { LearnState } from '../../common/api/course';
import { ErrorCode } from '../../common/errorCodes';
import * as learn from '../../server/modules/course/learn.repository';
import { DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';
import { DEMO_MP4, DEMO_PDF, myDetail, saveCourse, saveLesson, uploadFile } from './course.helpers';

interface Beat {
  courseId: string;
  fileId: string;
  /** The page that beats (one opening of the file); PAGE when not given. */
  pageSession?: string;
  position?: number;
  playing?: boolean;
  visible?: boolean;
  page?: number;
}

/** A new page session, as the learner page makes one each time it opens a file. */
const newPage = () => randomBytes(16).toString('hex');
/** The page of the tests that need only one. */
const PAGE = newPage();

async function beatAs(t: TestContext, token: string, b: Beat) {
  const r = await t.call<BeatResult>('/api/course/learn/beat', { pageSession: PAGE, position: 0, playing: true, visible: true, ...b }, token);
  return r.body;
}

/** One beat, expecting success; answers the result. */
async function ok(t: TestContext, token: string, b: Beat): Promise<BeatResult> {
  const r = await beatAs(t, token, b);
  expect(r.code, r.msg).toBe(ErrorCode.OK);
  return r.data;
}

const S = 1000;

describe.each(DIALECTS)('course learning heartbeat on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));
  let n = 0;
  /** A fresh learner for each test, so no test depends on another's chain. */
  const learner = async () => (await insertUser(t, `learn_${dialect}_${++n}`)).token;

  let courseId = '';
  let l1: CourseFileRecord;
  let l2: CourseFileRecord;
  beforeAll(async () => {
    courseId = (await saveCourse(t, { title: '计时课程' })).id;
    l1 = await saveLesson(t, courseId, '第一节', 60);
    l2 = await saveLesson(t, courseId, '第二节', 30);
  });

  it('credits the real time since the previous beat while playing and visible, capped at 30 s, nothing across a long gap', async () => {
    const me = await learner();
    const b = { courseId, fileId: l1.id };
    expect((await ok(t, me, b)).credited).toBe(0);
    t.clock.advance(15 * S);
    expect(await ok(t, me, b)).toMatchObject({ credited: 15, learnedSeconds: 15, needSeconds: 60, state: LearnState.LEARNING });
    t.clock.advance(10 * S);
    expect((await ok(t, me, b)).credited).toBe(10);
    t.clock.advance(50 * S);
    expect(await ok(t, me, b)).toMatchObject({ credited: 30, learnedSeconds: 55 });
    // Two minutes without a beat: the page was gone, nothing is credited for it.
    t.clock.advance(120 * S);
    expect(await ok(t, me, b)).toMatchObject({ credited: 0, learnedSeconds: 55 });
    t.clock.advance(15 * S);
    expect(await ok(t, me, b)).toMatchObject({ credited: 15, learnedSeconds: 70, state: LearnState.DONE });
  });

  it('credits nothing while the page is hidden or paused (the state a beat reports holds until the next)', async () => {
    const me = await learner();
    const b = { courseId, fileId: l1.id };
    await ok(t, me, b);
    t.clock.advance(15 * S);
    // Hidden now: the 15 s before were visible and count; the time after does not.
    expect((await ok(t, me, { ...b, visible: false })).credited).toBe(15);
    t.clock.advance(15 * S);
    expect((await ok(t, me, { ...b, visible: false })).credited).toBe(0);
    t.clock.advance(15 * S);
    expect((await ok(t, me, b)).credited).toBe(0);
    t.clock.advance(15 * S);
    expect((await ok(t, me, { ...b, playing: false })).credited).toBe(15);
    t.clock.advance(15 * S);
    expect((await ok(t, me, b)).credited).toBe(0);
    t.clock.advance(5 * S);
    expect(await ok(t, me, b)).toMatchObject({ credited: 5, learnedSeconds: 35 });
  });

  it('credits one file per learner at a time: a second tab on another file does not double count', async () => {
    const me = await learner();
    const a = { courseId, fileId: l1.id, pageSession: newPage() };
    const b = { courseId, fileId: l2.id, pageSession: newPage() };
    await ok(t, me, a);
    t.clock.advance(15 * S);
    expect((await ok(t, me, a)).credited).toBe(15);
    // A background tab (hidden) on another file changes nothing.
    t.clock.advance(5 * S);
    expect((await ok(t, me, { ...b, visible: false })).credited).toBe(0);
    t.clock.advance(10 * S);
    expect((await ok(t, me, a)).credited).toBe(15);
    // Two tabs both playing and visible on two files: each beat takes the chain from the other, nothing counts.
    t.clock.advance(5 * S);
    expect((await ok(t, me, b)).credited).toBe(0);
    t.clock.advance(10 * S);
    expect((await ok(t, me, a)).credited).toBe(0);
    t.clock.advance(5 * S);
    expect((await ok(t, me, b)).credited).toBe(0);
    // Closing tab A: B goes on alone and counts again.
    t.clock.advance(15 * S);
    expect((await ok(t, me, b)).credited).toBe(15);
    const detail = await myDetail(t, me, courseId);
    const learned = Object.fromEntries(detail.files.map((f) => [f.id, f.learnedSeconds]));
    expect(learned).toEqual({ [l1.id]: 30, [l2.id]: 15 });
    // Never more than the wall time since the first beat (65 s).
    expect(detail.learnedSeconds).toBeLessThanOrEqual(65);
  });

  it('heartbeats of one page session credit their gaps, late or early, and racing beats credit an interval once', async () => {
    const me = await learner();
    const b = { courseId, fileId: l1.id, pageSession: newPage() };
    expect((await ok(t, me, b)).credited).toBe(0);
    const gaps = [15, 7.5, 22, 1, 15];
    let credited = 0;
    for (const gap of gaps) {
      t.clock.advance(gap * S);
      const r = await ok(t, me, b);
      expect(r.credited).toBe(gap);
      credited += r.credited;
    }
    expect(credited).toBe(60.5);
    // Beats of the page racing each other: at most one of them credits the interval.
    t.clock.advance(15 * S);
    const results = await Promise.all([ok(t, me, b), ok(t, me, b), ok(t, me, b)]);
    expect(results.map((r) => r.credited).reduce((x, y) => x + y, 0)).toBe(15);
  });

  it('a tab closed and opened again within 30 s is not credited the time it was closed', async () => {
    const me = await learner();
    const first = { courseId, fileId: l1.id, pageSession: newPage() };
    await ok(t, me, first);
    t.clock.advance(15 * S);
    expect((await ok(t, me, first)).credited).toBe(15);
    // The tab closes 7 s later; its closing beat never arrives. 20 s after closing it opens again.
    t.clock.advance(27 * S);
    const again = { ...first, pageSession: newPage() };
    expect(await ok(t, me, again)).toMatchObject({ credited: 0, learnedSeconds: 15 });
    // From here the new page's own gaps count.
    t.clock.advance(15 * S);
    expect(await ok(t, me, again)).toMatchObject({ credited: 15, learnedSeconds: 30 });
    // A late beat of the closed page credits nothing, and the open page's next gap does not either (the two pages took turns).
    t.clock.advance(5 * S);
    expect((await ok(t, me, first)).credited).toBe(0);
    t.clock.advance(10 * S);
    expect(await ok(t, me, again)).toMatchObject({ credited: 0, learnedSeconds: 30 });
    t.clock.advance(15 * S);
    expect(await ok(t, me, again)).toMatchObject({ credited: 15, learnedSeconds: 45 });
    // The same on another file of the course: opening it is a new page session, its first beat credits nothing.
    t.clock.advance(10 * S);
    expect((await ok(t, me, { courseId, fileId: l2.id, pageSession: newPage() })).credited).toBe(0);
    expect((await myDetail(t, me, courseId)).learnedSeconds).toBe(45);
  });

  it('two pages on the same file: a background one leaves the open one be; two playing at once credit nothing', async () => {
    const me = await learner();
    const open = { courseId, fileId: l1.id, pageSession: newPage() };
    const other = { courseId, fileId: l1.id, pageSession: newPage() };
    await ok(t, me, open);
    t.clock.advance(5 * S);
    expect((await ok(t, me, { ...other, visible: false })).credited).toBe(0);
    t.clock.advance(10 * S);
    expect((await ok(t, me, open)).credited).toBe(15);
    t.clock.advance(5 * S);
    expect((await ok(t, me, other)).credited).toBe(0);
    t.clock.advance(10 * S);
    expect((await ok(t, me, open)).credited).toBe(0);
    t.clock.advance(15 * S);
    expect((await ok(t, me, open)).credited).toBe(15);
    expect((await myDetail(t, me, courseId)).files.find((f) => f.id === l1.id)!.learnedSeconds).toBe(30);
  });

  it('a beat without a page session, or with a malformed one, is refused with a clear message', async () => {
    const me = await learner();
    const missing = await t.call('/api/course/learn/beat', { courseId, fileId: l1.id, position: 0, playing: true, visible: true }, me);
    expect(missing.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, data: { field: 'pageSession' } });
    expect(missing.body.msg).toMatch(/^参数不正确：pageSession/);
    for (const pageSession of ['', 'short', 'x'.repeat(65), 'has space in it 123', '<script>alert(1)</script>']) {
      const r = await beatAs(t, me, { courseId, fileId: l1.id, pageSession });
      expect(r, pageSession).toMatchObject({ code: ErrorCode.BAD_REQUEST, data: { field: 'pageSession' } });
    }
    expect((await myDetail(t, me, courseId)).files.find((f) => f.id === l1.id)!.learnedSeconds).toBe(0);
  });

  it("a beat's write is guarded by the beat time it read, so a racing beat cannot credit the same interval", async () => {
    const me = await insertUser(t, `learn_${dialect}_race`);
    await ok(t, me.token, { courseId, fileId: l1.id });
    const db = t.app.ctx.db;
    const read = await learn.beatLookup(db, me.id, courseId, l1.id);
    t.clock.advance(15 * S);
    await ok(t, me.token, { courseId, fileId: l1.id });
    // The other beat wrote first: a write based on the stale read changes nothing.
    const values = { position_ms: 0, furthest_ms: 0, pages_seen: '', pages_count: 0, done: 0, done_time: null, beat_time: t.clock.now(), beat_active: 1, beat_page: PAGE, check_due: null, check_pending: 0, update_time: t.clock.now() };
    expect(await learn.updateLearnIfUnchanged(db, me.id, l1.id, read!.f_beat_time!, 15 * S, values)).toBe(false);
    expect((await myDetail(t, me.token, courseId)).files.find((f) => f.id === l1.id)!.learnedSeconds).toBe(15);
  });

  it('a beat on a file of a course outside the learner audience, a draft, or an unknown file is refused', async () => {
    const me = await learner();
    const other = await insertUser(t, `learn_${dialect}_named`);
    const privateCourse = await saveCourse(t, { title: '指定人员课程', audience: 3, userIds: [other.id] });
    const lesson = await saveLesson(t, privateCourse.id, '私密', 10);
    const refused = await beatAs(t, me, { courseId: privateCourse.id, fileId: lesson.id });
    expect(refused).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: '您不在本课程的学习范围内', data: null });
    expect((await beatAs(t, other.token, { courseId: privateCourse.id, fileId: lesson.id })).code).toBe(0);

    await t.call('/api/course/course/state', { ids: [privateCourse.id], state: 0 }, await t.adminToken());
    expect((await beatAs(t, other.token, { courseId: privateCourse.id, fileId: lesson.id })).code).toBe(ErrorCode.FORBIDDEN);
    // A file of another course named with this course.
    expect((await beatAs(t, me, { courseId, fileId: lesson.id })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await beatAs(t, '', { courseId, fileId: l1.id })).code).toBe(ErrorCode.SESSION_INVALID);
  });

  it('files unlock in order: a locked file is refused until the one before it is done; completion follows', async () => {
    const me = await learner();
    const course = await saveCourse(t, { title: '顺序课程', unlockInOrder: true, examId: 'exam123' });
    const first = await saveLesson(t, course.id, '一', 15);
    const second = await saveLesson(t, course.id, '二', 15);
    let detail = await myDetail(t, me, course.id);
    expect(detail.files.map((f) => f.state)).toEqual([LearnState.LEARNING, LearnState.LOCKED]);
    expect(detail.files[1]).toMatchObject({ content: '', url: '' });
    expect(detail).toMatchObject({ progress: 0, state: 0, examId: '' });

    const locked = await beatAs(t, me, { courseId: course.id, fileId: second.id });
    expect(locked).toMatchObject({ code: ErrorCode.FAIL, msg: '请先完成前面的课件，再学习这一节' });

    await ok(t, me, { courseId: course.id, fileId: first.id });
    t.clock.advance(15 * S);
    expect(await ok(t, me, { courseId: course.id, fileId: first.id })).toMatchObject({ state: LearnState.DONE, courseFinished: false, examId: '' });
    detail = await myDetail(t, me, course.id);
    expect(detail.files.map((f) => f.state)).toEqual([LearnState.DONE, LearnState.LEARNING]);
    expect(detail.files[1].content).toBe('<p>二</p>');
    expect(detail).toMatchObject({ progress: 50, state: 1, doneCount: 1, fileCount: 2 });

    await ok(t, me, { courseId: course.id, fileId: second.id });
    t.clock.advance(15 * S);
    // The client cannot claim completion: only the server's figures decide, and the course finishes with its last file.
    expect(await ok(t, me, { courseId: course.id, fileId: second.id })).toMatchObject({ state: LearnState.DONE, courseFinished: true, examId: 'exam123' });
    detail = await myDetail(t, me, course.id);
    expect(detail).toMatchObject({ progress: 100, state: 2, examId: 'exam123', learnedSeconds: 30 });
    expect(detail.finishTime).toBe(t.clock.now());
  });

  it('refuses seeking past the furthest point when the course forbids it, and says where to go back', async () => {
    const me = await learner();
    const course = await saveCourse(t, { title: '禁止拖动', noSkip: true });
    const video = await uploadFile(t, course.id, 'intro.mp4', DEMO_MP4, { needSeconds: '60' });
    const b = { courseId: course.id, fileId: video.id };
    await ok(t, me, { ...b, position: 0 });
    t.clock.advance(15 * S);
    expect(await ok(t, me, { ...b, position: 15 })).toMatchObject({ credited: 15, furthest: 15, seekTo: null });
    // Watching at 2× is fine.
    t.clock.advance(15 * S);
    expect(await ok(t, me, { ...b, position: 44 })).toMatchObject({ credited: 15, furthest: 44, seekTo: null });
    // Jumping ahead is refused: nothing credited, the furthest point stays, the page is told to seek back.
    t.clock.advance(15 * S);
    const jumped = await beatAs(t, me, { ...b, position: 200 });
    expect(jumped).toMatchObject({ code: 0, msg: '本课程不允许拖动到尚未学习的位置，已回到上次学习的位置' });
    expect(jumped.data).toMatchObject({ credited: 0, furthest: 44, seekTo: 44, learnedSeconds: 30 });
    // Seeking back is always allowed.
    expect(await ok(t, me, { ...b, position: 10 })).toMatchObject({ seekTo: null, furthest: 44 });

    const free = await saveCourse(t, { title: '允许拖动' });
    const video2 = await uploadFile(t, free.id, 'intro.mp4', DEMO_MP4);
    expect(video2).toMatchObject({ durationSec: 8, needSeconds: 8 });
    await ok(t, me, { courseId: free.id, fileId: video2.id, position: 0 });
    t.clock.advance(1 * S);
    expect(await ok(t, me, { courseId: free.id, fileId: video2.id, position: 7 })).toMatchObject({ seekTo: null, furthest: 7 });
  });

  it('"are you still here?" pauses crediting at a random time until answered', async () => {
    const me = await learner();
    const course = await saveCourse(t, { title: '在线确认', checkMinutes: 1 });
    const video = await uploadFile(t, course.id, 'intro.mp4', DEMO_MP4, { needSeconds: '3600' });
    const b = { courseId: course.id, fileId: video.id };
    await ok(t, me, b);
    // The check falls between 30 and 90 s: beat on until it comes.
    let learned = 0;
    let check: BeatResult | undefined;
    for (let i = 0; i < 10 && !check; i++) {
      t.clock.advance(15 * S);
      const r = await beatAs(t, me, b);
      expect(r.code).toBe(0);
      if (r.data.check) {
        expect(r.msg).toBe('请确认您仍在学习，确认后继续计时');
        check = r.data;
      }
      learned = r.data.learnedSeconds;
    }
    expect(check).toBeDefined();
    expect(learned).toBeGreaterThanOrEqual(30);
    expect(learned).toBeLessThanOrEqual(90);
    // Unanswered: nothing more counts, however long it plays.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(15 * S);
      expect(await ok(t, me, b)).toMatchObject({ credited: 0, check: true, learnedSeconds: learned });
    }
    // Nor does a background page on the same file, or opening the file again.
    t.clock.advance(5 * S);
    expect(await ok(t, me, { ...b, pageSession: newPage(), position: 4, visible: false })).toMatchObject({ credited: 0 });
    t.clock.advance(10 * S);
    expect(await ok(t, me, b)).toMatchObject({ credited: 0, check: true, learnedSeconds: learned });
    t.clock.advance(15 * S);
    expect(await ok(t, me, { ...b, pageSession: newPage() })).toMatchObject({ credited: 0, check: true, learnedSeconds: learned });
    // Switching to another file does not escape the check.
    const other = await saveLesson(t, course.id, '另一节', 60);
    t.clock.advance(15 * S);
    expect(await ok(t, me, { courseId: course.id, fileId: other.id })).toMatchObject({ check: true, credited: 0 });
    t.clock.advance(15 * S);
    expect(await ok(t, me, { courseId: course.id, fileId: other.id })).toMatchObject({ check: true, credited: 0 });

    const confirmed = await t.call('/api/course/learn/confirm', { courseId: course.id }, me);
    expect(confirmed.body).toMatchObject({ code: 0, msg: '已确认，继续学习', data: { check: false } });
    // Crediting restarts from the next playing beat.
    t.clock.advance(15 * S);
    expect(await ok(t, me, { courseId: course.id, fileId: other.id })).toMatchObject({ credited: 0, check: false });
    t.clock.advance(15 * S);
    expect((await ok(t, me, { courseId: course.id, fileId: other.id })).credited).toBe(15);
  });

  it('a file with no required time is done once opened; PDFs may also require every page to be seen', async () => {
    const me = await learner();
    const course = await saveCourse(t, { title: '阅读课程' });
    const lesson = await saveLesson(t, course.id, '阅读即可', 0);
    expect(await ok(t, me, { courseId: course.id, fileId: lesson.id, playing: false })).toMatchObject({ state: LearnState.DONE, credited: 0 });
    const hiddenOpen = await ok(t, await learner(), { courseId: course.id, fileId: lesson.id, visible: false });
    expect(hiddenOpen.state).toBe(LearnState.LEARNING);

    const pdf = await uploadFile(t, course.id, 'guide.pdf', DEMO_PDF);
    expect(pdf).toMatchObject({ kind: 3, pageCount: 3, needSeconds: 0, viewer: 'pdf' });
    const saved = await t.call('/api/course/file/save', { id: pdf.id, courseId: course.id, title: '指南', needSeconds: 0, needAllPages: true }, await t.adminToken());
    expect(saved.body.data).toMatchObject({ needAllPages: true });
    const b = { courseId: course.id, fileId: pdf.id };
    expect(await ok(t, me, { ...b, page: 1 })).toMatchObject({ pagesSeen: 1, state: LearnState.LEARNING });
    // A page seen while hidden does not count; one past the end is ignored.
    expect(await ok(t, me, { ...b, page: 2, visible: false })).toMatchObject({ pagesSeen: 1 });
    expect(await ok(t, me, { ...b, page: 9 })).toMatchObject({ pagesSeen: 1 });
    expect(await ok(t, me, { ...b, page: 2 })).toMatchObject({ pagesSeen: 2, state: LearnState.LEARNING });
    expect(await ok(t, me, { ...b, page: 2 })).toMatchObject({ pagesSeen: 2 });
    expect(await ok(t, me, { ...b, page: 3 })).toMatchObject({ pagesSeen: 3, state: LearnState.DONE });
    expect((await myDetail(t, me, course.id)).files.find((f) => f.id === pdf.id)).toMatchObject({ pagesSeen: 3, state: LearnState.DONE });
  });
});
