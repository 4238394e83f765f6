import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { learner } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { startMockServer } from '../../testing/server';
import { clockLevel, clockText, estimateClock, latencyLevel, mediaErrorText, median, parseBrowser } from './checks';

startMockServer();

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
  safari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  oldChrome: 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36',
  ie: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  wechat: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560',
};

describe('device check measurements', () => {
  it('names the browser and its version, and advises on old or unsuitable ones', () => {
    expect(parseBrowser(UA.chrome)).toMatchObject({ name: 'Chrome', version: '124.0.6367.91', major: 124, advice: '' });
    expect(parseBrowser(UA.edge)).toMatchObject({ name: 'Edge', major: 124, advice: '' });
    expect(parseBrowser(UA.safari)).toMatchObject({ name: 'Safari', version: '17.4', advice: '' });
    expect(parseBrowser(UA.firefox)).toMatchObject({ name: 'Firefox', major: 125, advice: '' });
    expect(parseBrowser(UA.oldChrome).advice).toBe('浏览器版本较旧，建议升级到最新版本');
    expect(parseBrowser(UA.ie)).toMatchObject({ name: 'Internet Explorer', version: '11.0' });
    expect(parseBrowser(UA.ie).advice).toMatch(/不支持 IE/);
    expect(parseBrowser(UA.wechat).name).toBe('微信');
    expect(parseBrowser('curl/8.0').name).toBe('未知浏览器');
  });

  it('bounds the clock difference by the Date headers and narrows it with more calls', () => {
    // The device is 5.3 s behind; each call takes 40 ms; headers carry whole seconds.
    const behind = 5300;
    const sample = (sent: number) => {
      const serverAt = sent + 20 + behind;
      return { sent, received: sent + 40, serverDate: Math.floor(serverAt / 1000) * 1000 };
    };
    const one = estimateClock([sample(1_000_000)])!;
    expect(one.error).toBeLessThanOrEqual(520);
    expect(Math.abs(one.offset - behind)).toBeLessThanOrEqual(one.error);
    const many = estimateClock([1_000_000, 1_000_250, 1_000_500, 1_000_750, 1_001_130].map(sample))!;
    expect(many.error).toBeLessThan(one.error);
    expect(Math.abs(many.offset - behind)).toBeLessThanOrEqual(many.error);
    expect(clockText(many)).toMatch(/^与服务器相差约 5\.[2-4] 秒（本机偏慢）$/);
    expect(clockLevel(many)).toBe('ok');
    expect(clockText({ offset: -120_000, error: 100 })).toBe('与服务器相差约 2 分钟（本机偏快）');
    expect(clockLevel({ offset: -120_000, error: 100 })).toBe('warn');
    expect(clockText({ offset: 300, error: 200 })).toBe('与服务器时间一致（误差小于 1 秒）');
    expect(estimateClock([])).toBeNull();
  });

  it('rates latency and explains media errors', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([10, 20, 30, 40])).toBe(25);
    expect([latencyLevel(50), latencyLevel(500), latencyLevel(1500)]).toEqual(['ok', 'warn', 'error']);
    expect(mediaErrorText(new DOMException('denied', 'NotAllowedError'))).toMatch(/拒绝了摄像头和麦克风/);
    expect(mediaErrorText(new DOMException('none', 'NotFoundError'))).toMatch(/没有找到摄像头或麦克风/);
    expect(mediaErrorText(new DOMException('busy', 'NotReadableError'))).toMatch(/被其他程序占用/);
    expect(mediaErrorText(new Error('x'))).toMatch(/无法打开摄像头和麦克风/);
  });
});

describe('device check page (/web/exam/debug)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  const health = (date: () => string) =>
    http.get('*/api/health', () => HttpResponse.json({ code: 0, msg: '', data: { status: 'up' } }, { headers: { Date: date() } }));

  it('shows each check with the latency and clock, and asks for the camera only when pressed; a refusal is explained', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    // The server is ten minutes ahead.
    const { user } = renderApp({ path: '/web/exam/debug', user: learner(), handlers: [health(() => new Date(Date.now() + 600_000).toUTCString())] });

    const checks = await screen.findByRole('list', { name: '检测项目' });
    const row = (name: string) => within(checks).getByRole('listitem', { name });
    expect(within(row('浏览器')).getByText(new RegExp(parseBrowser(navigator.userAgent).name))).toBeTruthy();
    expect(within(row('屏幕')).getByText(/×/)).toBeTruthy();
    await waitFor(() => expect(within(row('网络延迟')).getByText(/\d+ 毫秒/)).toBeTruthy());
    expect(within(row('时间校准')).getByText('与服务器相差约 10 分钟（本机偏慢）')).toBeTruthy();
    expect(row('时间校准').getAttribute('data-level')).toBe('warn');
    expect(row('本地存储').getAttribute('data-level')).toBe('ok');
    expect(within(row('本地存储')).getByText('可用')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/检测完成，有 \d+ 项需要注意/);

    expect(getUserMedia).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '开始检测' }));
    expect(getUserMedia).toHaveBeenCalledWith({ video: true, audio: true });
    expect(await screen.findByText(/您拒绝了摄像头和麦克风的使用权限/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新检测' })).toBeTruthy();
  });

  it('says the server cannot be reached, and measures again on request', async () => {
    let up = false;
    const { user } = renderApp({
      path: '/web/exam/debug',
      user: learner(),
      handlers: [
        http.get('*/api/health', () =>
          up ? HttpResponse.json({ code: 0, msg: '', data: { status: 'up' } }, { headers: { Date: new Date().toUTCString() } }) : HttpResponse.error(),
        ),
      ],
    });
    const network = await screen.findByRole('listitem', { name: '网络延迟' });
    expect(await within(network).findByText('无法连接服务器')).toBeTruthy();
    expect(network.getAttribute('data-level')).toBe('error');
    // No camera API on an insecure page: said at once, no button to press.
    expect(screen.getByText(/需要通过 https 安全连接访问/)).toBeTruthy();

    up = true;
    await user.click(screen.getByRole('button', { name: '重新检测网络' }));
    expect(await within(network).findByText(/\d+ 毫秒/)).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: '时间校准' })).getByText('与服务器时间一致（误差小于 1 秒）')).toBeTruthy();
  });
});
