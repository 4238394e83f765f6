import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../common/api';
import { learner } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, envelope, startMockServer } from '../../testing/server';

startMockServer();

describe('personal profile', () => {
  it('shows who I am and links to editing in the user centre', async () => {
    renderApp({ path: '/profile/index', user: learner() });
    expect(await screen.findByText('培训部')).toBeTruthy();
    expect(screen.getByText('13800138000')).toBeTruthy();
    expect(screen.getByText('zhangsan@example.com')).toBeTruthy();
    expect(screen.getByText('学员', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '编辑资料' }).getAttribute('href')).toBe('/web/uc');
  });

  it('uploads a new avatar and saves it on the profile', async () => {
    let me: UserInfo = learner();
    let kind: FormDataEntryValue | null = null;
    let saved: any;
    const { user } = renderApp({
      path: '/profile/index',
      user: me,
      handlers: [
        api('sys/user/info', () => me),
        http.post('*/api/sys/file/upload', async ({ request }) => {
          kind = (await request.formData()).get('kind');
          return envelope({ id: 'f9', url: '/api/sys/file/get/f9', name: 'me.png', size: 4 });
        }),
        api('sys/user/update', (b: any) => {
          saved = b;
          me = { ...me, ...b };
          return me;
        }),
      ],
    });
    await screen.findByText('培训部');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('选择头像图片'), file);
    expect(await screen.findByText('头像已更新')).toBeTruthy();
    expect(kind).toBe('avatar');
    expect(saved).toMatchObject({ realName: '张三', avatar: '/api/sys/file/get/f9' });
    await waitFor(() =>
      expect(document.querySelectorAll('img[src="/api/sys/file/get/f9"]').length).toBeGreaterThan(0),
    );
  });

  it('refuses a file that is not an image', async () => {
    renderApp({ path: '/profile/index', user: learner() });
    await screen.findByText('培训部');
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    // A picker that ignores `accept` (drag and drop, "all files"): the page still checks the type.
    fireEvent.change(screen.getByLabelText('选择头像图片'), { target: { files: [file] } });
    expect(await screen.findByText('请选择 PNG、JPG、GIF 或 WebP 格式的图片')).toBeTruthy();
  });

  it('keeps showing me, with a warning and 重试, when the fresh copy cannot be fetched', async () => {
    let calls = 0;
    const { user } = renderApp({
      path: '/profile/index',
      user: learner(),
      handlers: [
        api('sys/user/info', () => {
          calls += 1;
          // The session's own fetch at start answers; the profile page's fresh one fails once.
          return calls === 2 ? new HttpResponse(null, { status: 502 }) : learner({ deptName: calls > 2 ? '教务处' : '培训部' });
        }),
      ],
    });
    expect(await screen.findByText(/刷新失败/)).toBeTruthy();
    expect(screen.getByText('培训部')).toBeTruthy();
    // Still signed in: a failed refresh is not a dead session.
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('教务处')).toBeTruthy();
  });
});
