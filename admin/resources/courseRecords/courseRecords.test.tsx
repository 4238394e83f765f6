import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CourseLearnerState } from '../../../common/api/course';
import { renderScreen } from '../../testing/renderScreen';
import { answer, setupMswServer } from '../../testing/server';
import { CourseRecordPage } from './CourseRecordPage';

setupMswServer();

const learnerRecord = (over: object) => ({
  userId: 'u1',
  userName: 'zhang',
  realName: '张三',
  deptName: '培训部',
  fileCount: 2,
  doneCount: 0,
  needSeconds: 8,
  learnedSeconds: 0,
  progress: 0,
  state: CourseLearnerState.LEARNING,
  overdue: false,
  startTime: 1,
  finishTime: null,
  lastTime: 1,
  ...over,
});

describe('course records', () => {
  it('shows learned and required time with the one unit rule of course durations', async () => {
    answer('/api/course/course/paging', { current: 1, size: 50, pages: 1, total: 0, records: [] });
    answer('/api/course/course/detail', { id: 'c1', title: '安全生产培训' });
    answer('/api/sys/depart/tree', []);
    answer('/api/course/record/paging', {
      current: 1,
      size: 20,
      pages: 1,
      total: 2,
      records: [learnerRecord({}), learnerRecord({ userId: 'u2', userName: 'li', realName: '李四', learnedSeconds: 75, needSeconds: 5400 })],
    });
    renderScreen(<CourseRecordPage />, { resource: 'course/record', path: '/course/record?courseId=c1' });
    const table = await screen.findByRole('table', { name: '学习记录' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(within(row('张三')).getByText('0秒 / 8秒')).toBeTruthy();
    expect(within(row('李四')).getByText('1.2分钟 / 90分钟')).toBeTruthy();
  });
});
