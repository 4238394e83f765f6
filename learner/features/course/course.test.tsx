import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConvertState, CourseFileKind, PAGE_SESSION_PATTERN, CourseLearnerState, CourseTab, LearnState, type BeatResult, type MyCourseDetail, type MyCourseFile, type MyCourseRecord } from '../../../common/api/course';
import { learner, pageOf } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, startMockServer } from '../../testing/server';

startMockServer();

const card = (over: Partial<MyCourseRecord> = {}): MyCourseRecord => ({
  id: 'c1',
  title: '安全生产培训',
  cover: '',
  teacher: '李老师',
  classHours: 2,
  catName: '',
  required: true,
  deadline: null,
  overdue: false,
  fileCount: 2,
  doneCount: 1,
  needSeconds: 600,
  learnedSeconds: 300,
  progress: 50,
  state: CourseLearnerState.LEARNING,
  startTime: 1,
  finishTime: null,
  ...over,
});

const lesson = (over: Partial<MyCourseFile> = {}): MyCourseFile => ({
  id: 'f1',
  chapterId: 'ch1',
  title: '第一课',
  kind: CourseFileKind.LESSON,
  viewer: 'lesson',
  fileName: '',
  durationSec: 0,
  pageCount: 0,
  needSeconds: 60,
  needAllPages: false,
  learnedSeconds: 0,
  pagesSeen: 0,
  position: 0,
  furthest: 0,
  state: LearnState.LEARNING,
  convState: ConvertState.NONE,
  url: '',
  content: '<p>课文内容</p>',
  ...over,
});

const detail = (files: MyCourseFile[], over: Partial<MyCourseDetail> = {}): MyCourseDetail => ({
  ...card(),
  content: '<p>课程介绍</p>',
  unlockInOrder: true,
  noSkip: false,
  checkMinutes: 0,
  publishTime: 1,
  examId: '',
  files: [],
  chapters: [{ id: 'ch1', title: '第一章', files }],
  urlExpireTime: Date.now() + 3_600_000,
  urlRenewAfter: 3_300_000,
  ...over,
});

const beatResult = (over: Partial<BeatResult> = {}): BeatResult => ({
  credited: 0,
  learnedSeconds: 0,
  needSeconds: 60,
  pagesSeen: 0,
  furthest: 0,
  seekTo: null,
  check: false,
  state: LearnState.LEARNING,
  courseFinished: false,
  examId: '',
  ...over,
});

describe('course list', () => {
  it('shows cards with progress and deadline, and switches tabs', async () => {
    const bodies: any[] = [];
    const { user, location } = renderApp({
      path: '/web/course',
      user: learner(),
      handlers: [
        api('course/learn/my-paging', (body: any) => {
          bodies.push(body);
          return pageOf(body.params.tab === CourseTab.ELECTIVE ? [] : [card({ deadline: Date.UTC(2030, 0, 2, 1, 0), overdue: false })]);
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: '课程列表' });
    const link = within(list).getByRole('link', { name: '安全生产培训' });
    expect(link.getAttribute('href')).toBe('/web/course/view/c1');
    expect(within(link).getByText('50%')).toBeTruthy();
    expect(within(link).getByText(/截止：2030-01-02/)).toBeTruthy();
    expect(bodies[0]).toMatchObject({ params: { tab: CourseTab.REQUIRED } });

    await user.click(screen.getByRole('tab', { name: '选修课程' }));
    await waitFor(() => expect(location()).toBe(`/web/course?tab=${CourseTab.ELECTIVE}`));
    expect(await screen.findByText('暂无选修课程')).toBeTruthy();
    expect(bodies.at(-1)).toMatchObject({ params: { tab: CourseTab.ELECTIVE } });
  });
});

describe('course view', () => {
  it('beats at once for an open file (playing, visible) and patches its progress from the answer', async () => {
    const beats: any[] = [];
    renderApp({
      path: '/web/course/view/c1/f1',
      user: learner(),
      handlers: [
        api('course/learn/detail', detail([lesson(), lesson({ id: 'f2', title: '第二课', state: LearnState.LOCKED, content: '' })])),
        api('course/learn/beat', (body: any) => {
          beats.push(body);
          return beatResult({ learnedSeconds: 30 });
        }),
      ],
    });
    expect(await screen.findByText('课文内容')).toBeTruthy();
    await waitFor(() => expect(beats[0]).toEqual({ courseId: 'c1', fileId: 'f1', pageSession: expect.stringMatching(new RegExp(PAGE_SESSION_PATTERN)), position: 0, playing: true, visible: true }));
    expect(await screen.findByText('已学 30秒 / 要求 1分钟')).toBeTruthy();
    // The next file is locked: no link to it.
    const outline = screen.getByRole('navigation', { name: '课程目录' });
    expect(within(outline).getByLabelText('第二课，未解锁').getAttribute('href')).toBeNull();
  });

  it('each opening of a file is a page session: its beats share one id, the next opening gets another', async () => {
    const beats: any[] = [];
    const { user } = renderApp({
      path: '/web/course/view/c1/f1',
      user: learner(),
      handlers: [
        api('course/learn/detail', detail([lesson(), lesson({ id: 'f2', title: '第二课', content: '<p>第二课内容</p>' })])),
        api('course/learn/beat', (body: any) => {
          beats.push(body);
          return beatResult();
        }),
      ],
    });
    await waitFor(() => expect(beats).toHaveLength(1));
    const first = beats[0].pageSession;
    expect(first).toMatch(new RegExp(PAGE_SESSION_PATTERN));
    await user.click(within(screen.getByRole('navigation', { name: '课程目录' })).getByRole('link', { name: /^第二课/ }));
    expect(await screen.findByText('第二课内容')).toBeTruthy();
    await waitFor(() => expect(beats.filter((b) => b.fileId === 'f2')).toHaveLength(1));
    // Leaving the first file is its page's last beat (not playing); the second file is a new page session.
    expect(beats.filter((b) => b.fileId === 'f1')).toEqual([
      expect.objectContaining({ pageSession: first, playing: true }),
      expect.objectContaining({ pageSession: first, playing: false }),
    ]);
    const second = beats.find((b) => b.fileId === 'f2').pageSession;
    expect(second).toMatch(new RegExp(PAGE_SESSION_PATTERN));
    expect(second).not.toBe(first);
  });

  it('while a video plays the outline and the header show one status, and durations follow one unit rule', async () => {
    const beats: any[] = [];
    let answer = beatResult({ learnedSeconds: 0, needSeconds: 8 });
    const video = lesson({ id: 'f1', title: '开篇视频', kind: CourseFileKind.VIDEO, viewer: 'video', content: '', url: '/media/intro.mp4', needSeconds: 8, durationSec: 8 });
    const summary = lesson({ id: 'f2', title: '课后小结', needSeconds: 90 });
    renderApp({
      path: '/web/course/view/c1/f1',
      user: learner(),
      handlers: [
        // Read again once the file is done: the server's figures then.
        api('course/learn/detail', () =>
          detail([answer.state === LearnState.DONE ? { ...video, learnedSeconds: 8, state: LearnState.DONE } : video, summary], { unlockInOrder: false, needSeconds: 98 }),
        ),
        api('course/learn/beat', (body: any) => {
          beats.push(body);
          return answer;
        }),
      ],
    });
    const header = await screen.findByTestId('file-status');
    const outline = screen.getByRole('navigation', { name: '课程目录' });
    const row = (title: string) => within(outline).getByRole('link', { name: new RegExp(`^${title}，`) });
    await waitFor(() => expect(beats).toHaveLength(1));

    // Playing, nothing credited yet: the header and the outline agree.
    const el = document.querySelector('video')!;
    Object.defineProperty(el, 'paused', { configurable: true, get: () => false });
    el.dispatchEvent(new Event('play'));
    await waitFor(() => expect(beats.at(-1)).toMatchObject({ fileId: 'f1', playing: true }));
    expect(header.textContent).toBe('学习中');
    expect(row('开篇视频').getAttribute('aria-label')).toBe('开篇视频，学习中');
    expect(within(row('开篇视频')).getByText('学习中')).toBeTruthy();
    // The file not open and never studied is the one not started.
    expect(row('课后小结').getAttribute('aria-label')).toBe('课后小结，未开始');
    // Seconds under a minute, on both sides and in both places.
    expect(screen.getByTestId('file-learned').textContent).toBe('已学 0秒 / 要求 8秒');
    expect(within(row('开篇视频')).getByText('0秒 / 8秒')).toBeTruthy();
    expect(within(row('课后小结')).getByText('0秒 / 1.5分钟')).toBeTruthy();

    // Credited while playing: still one status; done comes from the server and shows in both places too.
    answer = beatResult({ learnedSeconds: 5, needSeconds: 8 });
    el.dispatchEvent(new Event('pause'));
    await waitFor(() => expect(screen.getByTestId('file-learned').textContent).toBe('已学 5秒 / 要求 8秒'));
    expect(header.textContent).toBe('学习中');
    expect(row('开篇视频').getAttribute('aria-label')).toBe('开篇视频，学习中');
    answer = beatResult({ learnedSeconds: 8, needSeconds: 8, state: LearnState.DONE });
    el.dispatchEvent(new Event('play'));
    await waitFor(() => expect(screen.getByTestId('file-status').textContent).toBe('已完成'));
    expect(row('开篇视频').getAttribute('aria-label')).toBe('开篇视频，已完成');
  });

  it('a locked file is not shown and sends no beat', async () => {
    const beats: any[] = [];
    renderApp({
      path: '/web/course/view/c1/f2',
      user: learner(),
      handlers: [
        api('course/learn/detail', detail([lesson(), lesson({ id: 'f2', title: '第二课', state: LearnState.LOCKED, content: '' })])),
        api('course/learn/beat', (body: any) => {
          beats.push(body);
          return beatResult();
        }),
      ],
    });
    expect(await screen.findByText('请先完成前面的课件，再学习这一节')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(beats).toEqual([]);
  });

  it('asks "are you still here?" when the server says so and confirms', async () => {
    const confirms: any[] = [];
    const { user } = renderApp({
      path: '/web/course/view/c1/f1',
      user: learner(),
      handlers: [
        api('course/learn/detail', detail([lesson()], { checkMinutes: 5 })),
        api('course/learn/beat', beatResult({ check: true })),
        api('course/learn/confirm', (body: any) => {
          confirms.push(body);
          return { check: false };
        }),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: '您还在学习吗？' });
    await user.click(within(dialog).getByRole('button', { name: '我还在学习' }));
    await waitFor(() => expect(confirms).toEqual([{ courseId: 'c1' }]));
  });

  it('offers the linked exam once the course is finished', async () => {
    renderApp({
      path: '/web/course/view/c1',
      user: learner(),
      handlers: [api('course/learn/detail', detail([lesson({ state: LearnState.DONE, learnedSeconds: 60 })], { state: CourseLearnerState.FINISHED, progress: 100, examId: 'e1' }))],
    });
    const exam = await screen.findByRole('link', { name: '参加考试' });
    expect(exam.getAttribute('href')).toBe('/web/exam/check/e1');
    expect(screen.getByText('课程介绍', { selector: 'p' })).toBeTruthy();
  });
});

describe('signed file addresses', () => {
  const RENEW_AFTER = 25 * 60_000;
  const video = (n: number) =>
    lesson({ id: 'f1', title: '长视频', kind: CourseFileKind.VIDEO, viewer: 'video', content: '', url: `/media/long.mp4?e=${n}`, needSeconds: 3600, durationSec: 3600 });

  /** A video element of jsdom made to look as if it were playing at `at` seconds. */
  function playing(el: HTMLMediaElement, at: number) {
    const state = { time: at, play: vi.fn(() => Promise.resolve()) };
    Object.defineProperties(el, {
      readyState: { configurable: true, get: () => HTMLMediaElement.HAVE_ENOUGH_DATA },
      paused: { configurable: true, get: () => false },
      duration: { configurable: true, get: () => 3600 },
      currentTime: { configurable: true, get: () => state.time, set: (v: number) => void (state.time = v) },
      play: { configurable: true, value: state.play },
    });
    return state;
  }

  it('are fetched again when the server says, counted from its answer (beats do not postpone it); a playing video switches at the same point', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let fetched = 0;
      let beats = 0;
      renderApp({
        path: '/web/course/view/c1/f1',
        user: learner(),
        handlers: [
          // urlExpireTime in the browser's past: a skewed local clock must change nothing.
          api('course/learn/detail', () => detail([video(++fetched)], { urlRenewAfter: RENEW_AFTER, urlExpireTime: 1 })),
          api('course/learn/beat', () => {
            beats += 1;
            return beatResult({ learnedSeconds: beats });
          }),
        ],
      });
      await waitFor(() => expect(document.querySelector('video')?.getAttribute('src')).toBe('/media/long.mp4?e=1'));
      const el = document.querySelector('video')!;
      const media = playing(el, 0);
      // Beats patch the kept course all along; the address is not renewed before its time.
      for (let t = 0; t < RENEW_AFTER - 60_000; t += 60_000) {
        media.time += 60;
        await vi.advanceTimersByTimeAsync(60_000);
      }
      expect(beats).toBeGreaterThan(20);
      expect(fetched).toBe(1);
      expect(el.getAttribute('src')).toBe('/media/long.mp4?e=1');
      media.time = 1234.5;
      await vi.advanceTimersByTimeAsync(60_000);
      await waitFor(() => expect(fetched).toBe(2));
      await waitFor(() => expect(el.getAttribute('src')).toBe('/media/long.mp4?e=2'));
      // The new source loads from its start: the player goes back to the same point and plays on.
      media.time = 0;
      el.dispatchEvent(new Event('loadedmetadata'));
      expect(media.time).toBe(1234.5);
      expect(media.play).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a renewal that fails is tried again every half minute, keeping the address in use', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let fetched = 0;
      renderApp({
        path: '/web/course/view/c1/f1',
        user: learner(),
        handlers: [
          api('course/learn/detail', () => {
            fetched += 1;
            if (fetched === 2) return new Response('busy', { status: 503 });
            return detail([video(fetched)], { urlRenewAfter: RENEW_AFTER });
          }),
          api('course/learn/beat', () => beatResult()),
        ],
      });
      await waitFor(() => expect(document.querySelector('video')?.getAttribute('src')).toBe('/media/long.mp4?e=1'));
      await vi.advanceTimersByTimeAsync(RENEW_AFTER);
      await waitFor(() => expect(fetched).toBe(2));
      expect(document.querySelector('video')!.getAttribute('src')).toBe('/media/long.mp4?e=1');
      await vi.advanceTimersByTimeAsync(29_000);
      expect(fetched).toBe(2);
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() => expect(fetched).toBe(3));
      await waitFor(() => expect(document.querySelector('video')!.getAttribute('src')).toBe('/media/long.mp4?e=3'));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('learning records in the user centre', () => {
  it('lists the courses I have started', async () => {
    renderApp({
      path: '/web/uc?tab=course',
      user: learner(),
      handlers: [api('course/record/my-paging', pageOf([card({ state: CourseLearnerState.FINISHED, progress: 100 })]))],
    });
    const table = await screen.findByRole('table', { name: '学习记录' });
    expect(within(table).getByRole('link', { name: '安全生产培训' }).getAttribute('href')).toBe('/web/course/view/c1');
    expect(within(table).getByText('已完成')).toBeTruthy();
  });
});
