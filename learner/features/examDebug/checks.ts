/**
 * The measurements of the device check, as plain functions of what the browser reports (tested
 * without a browser): which browser, how far the clock is from the server's, what a media error means.
 */

export type CheckLevel = 'ok' | 'warn' | 'error';

export interface Browser {
  name: string;
  version: string;
  /** Major version, 0 when unknown. */
  major: number;
  /** What the learner should know about it, '' when it is fine. */
  advice: string;
}

/** Oldest major versions the exam pages are built for (vite's default targets, roughly 2021). */
const MIN_MAJOR: Record<string, number> = { Chrome: 87, Edge: 88, Firefox: 78, Safari: 14, Opera: 73, 三六零浏览器: 87, QQ浏览器: 87 };

/** Browser and version from a user agent string. Order matters: Edge and Opera also say Chrome, Chrome also says Safari. */
export function parseBrowser(ua: string): Browser {
  const rules: Array<[string, RegExp]> = [
    ['微信', /MicroMessenger\/([\d.]+)/],
    ['钉钉', /DingTalk\/([\d.]+)/],
    ['QQ浏览器', /QQBrowser\/([\d.]+)/],
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /OPR\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Internet Explorer', /(?:MSIE |Trident\/.*rv:)([\d.]+)/],
    ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari\//],
  ];
  for (const [name, re] of rules) {
    const m = re.exec(ua);
    if (!m) continue;
    const version = m[1] ?? '';
    const major = Number.parseInt(version, 10) || 0;
    let advice = '';
    if (name === 'Internet Explorer') advice = '不支持 IE 浏览器，请使用新版 Chrome、Edge 或 Firefox';
    else if (MIN_MAJOR[name] && major < MIN_MAJOR[name]) advice = '浏览器版本较旧，建议升级到最新版本';
    else if (name === '微信' || name === '钉钉') advice = '建议使用系统浏览器参加考试，应用内置浏览器可能无法全屏或使用摄像头';
    return { name, version, major, advice };
  }
  return { name: '未知浏览器', version: '', major: 0, advice: '无法识别浏览器，建议使用新版 Chrome、Edge 或 Firefox' };
}

/** One timed call: when it left and came back (ms, the page's clock) and the server's Date header (ms, whole seconds). */
export interface ClockSample {
  sent: number;
  received: number;
  serverDate: number;
}

export interface ClockEstimate {
  /** Server clock minus this device's clock (ms); positive: this device is behind. */
  offset: number;
  /** How far off the estimate may be (ms). */
  error: number;
}

/**
 * The server's clock against this device's, from HTTP Date headers. Each header was written at
 * some moment during its call and carries whole seconds, so it bounds the offset to
 * [date − received, date + 1000 − sent]; the samples' bounds are intersected (several calls
 * narrow it). Samples whose bounds do not overlap (a clock that jumped) fall back to their middles.
 */
export function estimateClock(samples: readonly ClockSample[]): ClockEstimate | null {
  if (samples.length === 0) return null;
  let lo = -Infinity;
  let hi = Infinity;
  for (const s of samples) {
    lo = Math.max(lo, s.serverDate - s.received);
    hi = Math.min(hi, s.serverDate + 1000 - s.sent);
  }
  if (lo <= hi) return { offset: Math.round((lo + hi) / 2), error: Math.round((hi - lo) / 2) };
  const mids = samples.map((s) => s.serverDate + 500 - (s.sent + s.received) / 2).sort((a, b) => a - b);
  return { offset: Math.round(mids[Math.floor(mids.length / 2)]!), error: 1000 };
}

/** "相差约 3.2 秒（本机偏慢）" — or in step when within a second. */
export function clockText(est: ClockEstimate): string {
  const abs = Math.abs(est.offset);
  if (abs < 1000) return '与服务器时间一致（误差小于 1 秒）';
  const secs = abs >= 60_000 ? `${Math.round(abs / 60_000)} 分钟` : `${(abs / 1000).toFixed(1)} 秒`;
  return `与服务器相差约 ${secs}（本机${est.offset > 0 ? '偏慢' : '偏快'}）`;
}

export const clockLevel = (est: ClockEstimate): CheckLevel => (Math.abs(est.offset) >= 60_000 ? 'warn' : 'ok');

/** The middle of the measured round trips (ms). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export const latencyLevel = (ms: number): CheckLevel => (ms < 300 ? 'ok' : ms < 1000 ? 'warn' : 'error');

export function latencyAdvice(ms: number): string {
  if (ms < 300) return '网络良好';
  if (ms < 1000) return '网络较慢，答案保存可能稍有延迟';
  return '网络很慢，建议更换网络后再参加考试';
}

/** What a refused or failed getUserMedia means, in the learner's words. */
export function mediaErrorText(error: unknown): string {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return '您拒绝了摄像头和麦克风的使用权限。请点击地址栏左侧的图标，将摄像头和麦克风设为“允许”，然后重新检测。';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return '没有找到摄像头或麦克风，请确认设备已连接并在系统设置中启用。';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return '摄像头或麦克风正被其他程序占用，请关闭视频会议、录屏等软件后重新检测。';
    default:
      return '无法打开摄像头和麦克风，请检查设备后重新检测。';
  }
}
