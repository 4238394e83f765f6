import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Audience } from '../../../common/codes';
import { renderScreen } from '../../testing/renderScreen';
import { answer, setupMswServer } from '../../testing/server';
import { toCourseBody } from './CourseForm';
import { CourseList } from './CourseList';
import { CoursewarePage } from './CoursewarePage';

setupMswServer();

const course = (over: object = {}) => ({
  id: 'c1',
  title: '安全生产培训',
  cover: '',
  content: '',
  catId: '',
  catName: '安全',
  teacher: '',
  classHours: 1,
  audience: 2,
  departIds: ['d1'],
  userIds: [],
  required: true,
  state: 1,
  deadline: null,
  unlockInOrder: true,
  examId: '',
  checkMinutes: 0,
  noSkip: false,
  fileCount: 3,
  needSeconds: 600,
  learnerCount: 12,
  finishCount: 5,
  createByName: '管理员',
  publishTime: null,
  createTime: 0,
  updateTime: 0,
  ...over,
});

const file = (over: object = {}) => ({
  id: 'f1',
  courseId: 'c1',
  chapterId: 'ch1',
  title: '开篇视频',
  kind: 1,
  fileName: 'intro.mp4',
  size: 10,
  durationSec: 95,
  pageCount: 0,
  needSeconds: 95,
  needAllPages: false,
  sort: 1,
  convState: 0,
  convError: '',
  content: '',
  viewer: 'video',
  url: '/api/course/file/content/f1?u=1&e=2&s=3',
  createTime: 0,
  updateTime: 0,
  ...over,
});

describe('course list', { timeout: 30_000 }, () => {
  it('shows state, type, audience and learners / finished', async () => {
    answer('/api/course/course/paging', { current: 1, size: 10, pages: 1, total: 1, records: [course()] });
    renderScreen(<CourseList />, { resource: 'course/list' });
    const row = (await screen.findByText('安全生产培训')).closest('tr')!;
    expect(within(row).getByText('已发布')).toBeTruthy();
    expect(within(row).getByText('必修')).toBeTruthy();
    expect(within(row).getByText('指定部门')).toBeTruthy();
    expect(within(row).getByText('12 / 5')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /课件/ }).getAttribute('href')).toBe('/course/list/c1/files');
  });
});

describe('course form body', () => {
  it('sends departments or people only with the audience that uses them', () => {
    const base = { title: ' 课程 ', audience: Audience.EVERYONE, departIds: ['d1'], userIds: ['u1'], state: 1, required: true, classHours: '1.25', checkMinutes: '300' };
    const body = toCourseBody(base);
    expect(body).toMatchObject({ title: '课程', departIds: [], userIds: [], classHours: 1.3, checkMinutes: 240, deadline: null, examId: '' });
    expect(toCourseBody({ ...base, audience: Audience.PEOPLE }).userIds).toEqual(['u1']);
    expect(toCourseBody({ ...base, audience: Audience.DEPARTS, deadline: '2030-01-02T03:04' }).deadline).toBe(new Date('2030-01-02T03:04').getTime());
  });
});

describe('courseware', { timeout: 30_000 }, () => {
  it('lists chapters and files, uploads into a chapter with the course and chapter first, and moves a file', async () => {
    answer('/api/course/course/detail', course());
    const outline = answer('/api/course/chapter/list', {
      courseId: 'c1',
      files: [],
      chapters: [{ id: 'ch1', courseId: 'c1', title: '第一章', sort: 1, files: [file(), file({ id: 'f2', title: '操作手册', kind: 6, viewer: 'download', convState: 5, needSeconds: 600 })] }],
      urlRenewAfter: 25 * 60_000,
    });
    const uploads = answer('/api/course/file/upload', file({ id: 'f3' }));
    const sorts = answer('/api/course/file/sort', file());
    renderScreen(<CoursewarePage />, { resource: 'course/list', path: '/course/list/c1/files', route: '/course/list/:id/files' });
    const ue = userEvent.setup({ delay: null });
    const video = await screen.findByRole('row', { name: '开篇视频' });
    expect(within(video).getByText('1.6 分钟')).toBeTruthy();
    const office = screen.getByRole('row', { name: '操作手册' });
    expect(within(office).getByText('服务器未安装 LibreOffice，仅供下载')).toBeTruthy();

    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], '指南.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('upload-ch1'), { target: { files: [pdf] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ courseId: 'c1', chapterId: 'ch1', title: '指南' });
    await waitFor(() => expect(outline.length).toBeGreaterThan(1));

    await ue.click(within(screen.getByRole('row', { name: '操作手册' })).getByRole('button', { name: '上移' }));
    await waitFor(() => expect(sorts).toEqual([{ id: 'f2', sort: -1 }]));
  });

  it('fetches fresh preview URLs before the signed ones lapse, on a page left open', async () => {
    answer('/api/course/course/detail', course());
    const outline = answer('/api/course/chapter/list', { courseId: 'c1', files: [file()], chapters: [], urlRenewAfter: 1000 });
    renderScreen(<CoursewarePage />, { resource: 'course/list', path: '/course/list/c1/files', route: '/course/list/:id/files' });
    await screen.findByRole('row', { name: '开篇视频' });
    expect(outline).toHaveLength(1);
    await waitFor(() => expect(outline.length).toBeGreaterThan(1), { timeout: 4000 });
  });
});
