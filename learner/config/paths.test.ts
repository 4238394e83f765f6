import { describe, expect, it } from 'vitest';
import { activeMenuPath, paths } from './paths';

const EXAMS = paths.examList.path;

describe('the header section of a page', () => {
  it.each([
    ['/web/index', EXAMS],
    ['/web/exam/check/e1', EXAMS],
    ['/web/exam/result/p1', EXAMS],
    ['/web/exam/debug', EXAMS],
    ['/web/paper', EXAMS],
    ['/web/paper/list/e1/u1', EXAMS],
    ['/web/book/list/e1', EXAMS],
    ['/web/course', paths.course.path],
    ['/web/course/view/c1/f1', paths.course.path],
    ['/web/repo', paths.repo.path],
    ['/web/repo/view/r1', paths.repo.path],
    ['/web/repo/training/r1/1', paths.repo.path],
    ['/web/repo/repo/t1', paths.repo.path],
    ['/web/notice/detail/n1', paths.notice.path],
    ['/web/uc', paths.userCenter.path],
    ['/profile/index', paths.userCenter.path],
  ])('%s belongs to %s', (pathname, section) => {
    expect(activeMenuPath(pathname)).toBe(section);
  });

  it('a question opened from a section keeps that section; opened on its own it counts as 在线考试', () => {
    expect(activeMenuPath('/web/qu/view/q1', paths.repo.path)).toBe(paths.repo.path);
    expect(activeMenuPath('/web/qu/view/q1', EXAMS)).toBe(EXAMS);
    expect(activeMenuPath('/web/qu/view/q1')).toBe(EXAMS);
  });

  it('a page of no section (the 404) highlights nothing', () => {
    expect(activeMenuPath('/web/nothing/here')).toBeUndefined();
    expect(activeMenuPath('/web/nothing/here', paths.repo.path)).toBeUndefined();
  });
});
