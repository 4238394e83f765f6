import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../common/errorCodes';
import { learner } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, startMockServer } from '../../testing/server';

startMockServer();

describe('a save refused as too large', () => {
  it.each([
    ['the server (with the envelope)', () => HttpResponse.json({ code: ErrorCode.BAD_REQUEST, msg: '提交的内容过大', data: null }, { status: 413 })],
    ['a proxy (its own HTML page)', () => new HttpResponse('<html><body>413 Request Entity Too Large</body></html>', { status: 413, headers: { 'content-type': 'text/html' } })],
  ])('says 提交的内容过大 when %s answers HTTP 413', async (_who, refuse) => {
    const { user, fill } = renderApp({ path: '/web/uc', user: learner(), handlers: [api('sys/user/update', refuse)] });
    await fill('真实姓名', '张小三');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('提交的内容过大')).toBeTruthy();
    expect(screen.queryByText('资料已保存')).toBeNull();
    expect(screen.queryByText(/与服务器失去连接/)).toBeNull();
  });
});
