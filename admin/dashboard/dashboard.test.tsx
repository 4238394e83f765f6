import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardLive, dashboardTrend, learnerUser } from '../testing/fixtures';
import { renderScreen } from '../testing/renderScreen';
import { answer, setupMswServer } from '../testing/server';
import { Dashboard } from './Dashboard';

setupMswServer();

const FIND = { timeout: 5_000 };
const region = (name: string) => screen.getByRole('region', { name });

function answerDashboard(live = dashboardLive) {
  return { live: answer('/api/sys/dashboard/live', () => live), trend: answer('/api/sys/dashboard/trend', dashboardTrend) };
}

describe('the dashboard', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('shows what is happening now, each figure opening its list filtered', async () => {
    const calls = answerDashboard();
    renderScreen(<Dashboard />, { path: '/dashboard' });
    expect(await within(await screen.findByRole('region', { name: '进行中的考试' }, FIND)).findByText('3', undefined, FIND)).toBeTruthy();
    const link = (name: string) => within(region(name)).getByRole('link');
    await waitFor(() => expect(link('进行中的考试').getAttribute('href')).toBe(`/exam/list?filter=${encodeURIComponent('{"state":0}')}`));
    expect(link('正在考试的人数').getAttribute('href')).toBe('/exam/paper?state=0');
    expect(link('今日交卷').getAttribute('href')).toBe(`/exam/paper?handFrom=${dashboardLive.todayStart}`);
    expect(link('待阅卷').getAttribute('href')).toBe('/exam/mark');
    expect(within(region('正在考试的人数')).getByText('12')).toBeTruthy();
    expect(within(region('今日交卷')).getByText('45')).toBeTruthy();
    expect(within(region('待阅卷')).getByText('7')).toBeTruthy();
    expect(calls.trend[0]).toEqual({ days: 30 });

    // Exams ending soon, with who is in them; courses by their completion.
    const ending = region('即将结束的考试');
    expect(within(ending).getByRole('link', { name: '安全生产月考' }).getAttribute('href')).toBe('/exam/paper?examId=exam_soon');
    expect(within(ending).getByText('还剩 1 天')).toBeTruthy();
    expect(within(ending).getByText('4 人在考')).toBeTruthy();
    expect(within(ending).getByText('31 份已交')).toBeTruthy();
    const courses = region('完成率最低的课程');
    expect(within(courses).getByRole('link', { name: '消防安全基础' }).getAttribute('href')).toBe('/course/record?courseId=course_low');
    expect(within(courses).getByText('6 / 40 人完成')).toBeTruthy();
    expect(within(courses).getByRole('progressbar', { name: '消防安全基础 15%' })).toBeTruthy();
  });

  it('charts the last 30 days, each chart saying its figures in words', async () => {
    answerDashboard();
    renderScreen(<Dashboard />, { path: '/dashboard' });
    const taken = await screen.findByRole('region', { name: '考试人次' }, { timeout: 10_000 });
    // 10 papers every third day from the first: 10 + 13 + … + 37.
    expect(within(taken).getByText('合计 235')).toBeTruthy();
    expect(within(taken).getByRole('img', { name: '考试人次：近 30 天合计 235，最高 37（2026-12-08）' })).toBeTruthy();
    expect(within(region('平均得分率')).getByRole('img').getAttribute('aria-label')).toMatch(/^平均得分率：近 30 天平均 6\d(\.\d)?%，最高 69%/);
    expect(within(region('课程完成')).getByText('合计 60')).toBeTruthy();
    expect(within(region('练习答题数')).getByText('合计 7,350')).toBeTruthy();
  });

  it('reads again every 30 seconds, not while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let examsOpen = 3;
    const calls = answer('/api/sys/dashboard/live', () => ({ ...dashboardLive, examsOpen }));
    answer('/api/sys/dashboard/trend', dashboardTrend);
    renderScreen(<Dashboard />, { path: '/dashboard' });
    expect(await within(await screen.findByRole('region', { name: '进行中的考试' }, FIND)).findByText('3', undefined, FIND)).toBeTruthy();
    const before = calls.length;

    examsOpen = 4;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await within(region('进行中的考试')).findByText('4', undefined, FIND)).toBeTruthy();
    expect(calls.length).toBe(before + 1);

    // Hidden: no reading; shown again: reading again.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    examsOpen = 5;
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(calls.length).toBe(before + 1);
    expect(within(region('进行中的考试')).getByText('4')).toBeTruthy();
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await within(region('进行中的考试')).findByText('5', undefined, FIND)).toBeTruthy();
  });

  it('tells a user without the permission, and calls nothing', async () => {
    const calls = answerDashboard();
    renderScreen(<Dashboard />, { path: '/dashboard', user: learnerUser });
    expect(await screen.findByText('您没有查看统计数据的权限。', undefined, FIND)).toBeTruthy();
    expect(calls.live).toHaveLength(0);
  });
});
