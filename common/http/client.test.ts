import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupServer } from 'msw/node';
import { http as mock, HttpResponse } from 'msw';
import { ErrorCode } from '../errorCodes';
import { Type } from '@sinclair/typebox';
import { defineApi, fileApi, userApi } from '../api';

const { x: testDownload } = defineApi('test', {
  x: { path: '/api/x', access: 'login', transport: 'download', body: Type.Object({}), response: Type.Null(), summary: 'test' },
});
import {
  ApiError,
  HttpMessage,
  NO_ENVELOPE,
  download,
  fileNameFromDisposition,
  post,
  setSessionInvalidHandler,
  upload,
} from './client';
import { subscribeNotify, subscribeUploading, type Notification } from './notify';
import { getToken, setToken } from './token';

const server = setupServer();
let shown: Notification[] = [];
let unsubscribe: () => void = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  shown = [];
  unsubscribe = subscribeNotify((n) => shown.push(n));
});
afterEach(() => {
  unsubscribe();
  server.resetHandlers();
  vi.restoreAllMocks();
});

const ok = <T>(data: T) => HttpResponse.json({ code: 0, msg: '操作成功', data });

/** jsdom's Blob has neither text() nor arrayBuffer(). */
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Resolves with the rejection of a promise that must reject. */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the call to reject');
}

describe('post', () => {
  it('POSTs JSON and resolves the envelope data', async () => {
    let received: unknown;
    let contentType: string | null = null;
    server.use(
      mock.post('/api/sys/config/detail', async ({ request }) => {
        contentType = request.headers.get('content-type');
        received = await request.json();
        return ok({ id: '1', siteName: 'Examhall' });
      }),
    );
    await expect(post('/api/sys/config/detail', { id: 1 })).resolves.toEqual({ id: '1', siteName: 'Examhall' });
    expect(received).toEqual({ id: 1 });
    expect(contentType).toMatch(/application\/json/);
    expect(shown).toEqual([]);
  });

  it('sends {} when there is no body', async () => {
    let received: unknown;
    server.use(
      mock.post('/api/sys/user/logout', async ({ request }) => {
        received = await request.json();
        return ok(null);
      }),
    );
    await post('/api/sys/user/logout');
    expect(received).toEqual({});
  });

  it('sends the token header only when a token is stored', async () => {
    const seen: (string | null)[] = [];
    server.use(
      mock.post('/api/ping', ({ request }) => {
        seen.push(request.headers.get('token'));
        return ok(true);
      }),
    );
    await post('/api/ping');
    setToken('abc123');
    await post('/api/ping');
    expect(seen).toEqual([null, 'abc123']);
  });

  it('shows a business failure msg for 5 seconds and rejects with its code', async () => {
    server.use(mock.post('/api/x', () => HttpResponse.json({ code: ErrorCode.DUPLICATE, msg: '用户名已存在', data: null })));
    const err = await rejection(post('/api/x', { a: 1 }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(ErrorCode.DUPLICATE);
    expect(err.message).toBe('用户名已存在');
    expect(shown).toEqual([expect.objectContaining({ type: 'error', message: '用户名已存在', duration: 5000 })]);
  });

  it('uses the default message when the failure has no msg', async () => {
    server.use(mock.post('/api/x', () => HttpResponse.json({ code: ErrorCode.FAIL, msg: '', data: null })));
    const err = await rejection(post('/api/x'));
    expect(err.message).toBe('服务器开小差了呢！');
    expect(shown.map((n) => [n.message, n.duration])).toEqual([['服务器开小差了呢！', 5000]]);
  });

  it('shows nothing when silent but still rejects', async () => {
    server.use(mock.post('/api/x', () => HttpResponse.json({ code: ErrorCode.FAIL, msg: '失败了', data: null })));
    const err = await rejection(post('/api/x', {}, { silent: true }));
    expect(err.message).toBe('失败了');
    expect(shown).toEqual([]);
  });

  it('on 10010002 removes the token, calls the session handler and rejects', async () => {
    const handler = vi.fn();
    setSessionInvalidHandler(handler);
    setToken('stale');
    server.use(
      mock.post('/api/sys/user/info', () =>
        HttpResponse.json({ code: ErrorCode.SESSION_INVALID, msg: '登录已失效，请重新登录', data: null }),
      ),
    );
    const err = await rejection(post('/api/sys/user/info', {}, { silent: true }));
    expect(err.code).toBe(10010002);
    expect(getToken()).toBeUndefined();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on 10010002 when asked to (logout)', async () => {
    const handler = vi.fn();
    setSessionInvalidHandler(handler);
    setToken('stale');
    server.use(mock.post('/api/x', () => HttpResponse.json({ code: ErrorCode.SESSION_INVALID, msg: '失效', data: null })));
    await rejection(post('/api/x', {}, { silent: true, ignoreSessionInvalid: true }));
    expect(handler).not.toHaveBeenCalled();
    expect(getToken()).toBe('stale');
  });

  it('rejects an answer that is not an envelope with the default message', async () => {
    server.use(mock.post('/api/x', () => HttpResponse.text('<html></html>', { headers: { 'content-type': 'text/html' } })));
    const err = await rejection(post('/api/x'));
    expect(err.code).toBe(NO_ENVELOPE);
    expect(shown.map((n) => n.message)).toEqual(['服务器开小差了呢！']);
  });

  it.each([
    [400, '缺少必要参数或参数类型不正确~'],
    [404, '接口地址404，请联系管理员~'],
    [413, '提交的内容过大'],
    [500, '糟糕，服务器开小差了~'],
    [502, 'Oh no，服务器网络不通 Bad Gateway'],
  ])('HTTP %i shows %s', async (status, message) => {
    server.use(mock.post('/api/x', () => new HttpResponse('upstream down', { status })));
    const err = await rejection(post('/api/x'));
    expect(err.status).toBe(status);
    expect(err.code).toBe(NO_ENVELOPE);
    expect(err.message).toBe(message);
    expect(shown.map((n) => [n.type, n.message, n.duration])).toEqual([['error', message, 5000]]);
  });

  it.each([
    [400, ErrorCode.BAD_REQUEST, '参数不正确：username', '缺少必要参数或参数类型不正确~'],
    [404, ErrorCode.API_NOT_FOUND, '接口不存在', '接口地址404，请联系管理员~'],
    [413, ErrorCode.BAD_REQUEST, '提交的内容过大', '提交的内容过大'],
    [500, ErrorCode.INTERNAL, '服务器内部错误，请稍后重试', '糟糕，服务器开小差了~'],
  ])('HTTP %i with an envelope shows the catalogue message and keeps the envelope on the error', async (status, code, msg, message) => {
    server.use(mock.post('/api/x', () => HttpResponse.json({ code, msg, data: null }, { status })));
    const err = await rejection(post('/api/x'));
    expect(shown.map((n) => n.message)).toEqual([message]);
    expect(err.code).toBe(code);
    expect(err.message).toBe(msg);
    expect(err.status).toBe(status);
  });

  it('another HTTP status shows the envelope msg', async () => {
    server.use(mock.post('/api/x', () => HttpResponse.json({ code: ErrorCode.FAIL, msg: '考试已结束', data: null }, { status: 409 })));
    const err = await rejection(post('/api/x'));
    expect(shown.map((n) => n.message)).toEqual(['考试已结束']);
    expect(err.status).toBe(409);
  });

  it('HTTP 503 (a restart) never shows English: 请求出现错误！, or the envelope msg when there is one', async () => {
    server.use(mock.post('/api/x', () => new HttpResponse('Service Unavailable', { status: 503 })));
    const err = await rejection(post('/api/x'));
    expect(err.status).toBe(503);
    expect(err.message).toBe('请求出现错误！');
    server.use(mock.post('/api/x', () => HttpResponse.json({ code: ErrorCode.FAIL, msg: '服务正在重启，请稍后再试', data: null }, { status: 503 })));
    await rejection(post('/api/x'));
    expect(shown.map((n) => n.message)).toEqual(['请求出现错误！', '服务正在重启，请稍后再试']);
  });

  it('another HTTP status without an envelope shows 请求出现错误！, never an English status line', async () => {
    server.use(mock.post('/api/x', () => new HttpResponse(null, { status: 403 })));
    const err = await rejection(post('/api/x'));
    expect(err.status).toBe(403);
    expect(shown.map((n) => n.message)).toEqual(['请求出现错误！']);
  });

  /** An XMLHttpRequest that never answers (msw's stand-in honours neither timeout nor abort). */
  class HangingXhr {
    static last: HangingXhr | undefined;
    timeout = 0;
    responseType = '';
    upload = {};
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    sent = false;
    constructor() {
      HangingXhr.last = this;
    }
    open() {}
    setRequestHeader() {}
    send() {
      this.sent = true;
    }
    abort() {
      this.onabort?.();
    }
  }

  it('gives up after the timeout and says the connection is lost', async () => {
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    try {
      const pending = rejection(post('/api/x', {}, { timeout: 50 }));
      const xhr = HangingXhr.last!;
      expect(xhr.sent).toBe(true);
      expect(xhr.timeout).toBe(50);
      xhr.ontimeout?.();
      const err = await pending;
      expect(err.code).toBe(NO_ENVELOPE);
      expect(err.message).toBe('啊哦，与服务器失去连接了~');
      expect(shown.map((n) => n.message)).toEqual(['啊哦，与服务器失去连接了~']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('uses the 60-second timeout by default', async () => {
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    try {
      const pending = rejection(post('/api/x'));
      expect(HangingXhr.last!.timeout).toBe(60_000);
      HangingXhr.last!.ontimeout?.();
      await pending;
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("rejects silently with the caller's reason when the caller aborts", async () => {
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    try {
      const controller = new AbortController();
      const pending = post('/api/x', {}, { signal: controller.signal });
      controller.abort(new Error('closed'));
      await expect(pending).rejects.toThrow('closed');
      expect(shown).toEqual([]);
      // Already aborted: nothing is sent.
      const before = HangingXhr.last;
      await expect(post('/api/x', {}, { signal: controller.signal })).rejects.toThrow('closed');
      expect(HangingXhr.last).toBe(before);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a 10010002 envelope on an HTTP error still ends the session', async () => {
    const handler = vi.fn();
    setSessionInvalidHandler(handler);
    setToken('stale');
    server.use(mock.post('/api/x', () => HttpResponse.json({ code: ErrorCode.SESSION_INVALID, msg: '失效', data: null }, { status: 401 })));
    const err = await rejection(post('/api/x'));
    expect(err.code).toBe(ErrorCode.SESSION_INVALID);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeUndefined();
  });

  it('no connection shows its message', async () => {
    server.use(mock.post('/api/x', () => HttpResponse.error()));
    const err = await rejection(post('/api/x'));
    expect(err.code).toBe(NO_ENVELOPE);
    expect(err.status).toBeUndefined();
    expect(err.message).toBe('啊哦，与服务器失去连接了~');
    expect(shown.map((n) => [n.message, n.duration])).toEqual([['啊哦，与服务器失去连接了~', 5000]]);
  });
});

describe('upload', () => {
  it('sends the fields and the file as multipart and shows the overlay meanwhile', async () => {
    const states: boolean[] = [];
    const stop = subscribeUploading((active) => states.push(active));
    let form: FormData | undefined;
    let contentType = '';
    // jsdom's FormData loses file names on the way into msw's Request; read them where they are appended.
    const appended: unknown[][] = [];
    const append = FormData.prototype.append;
    const spy = vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, ...args: unknown[]) {
      appended.push(args);
      (append as (...a: unknown[]) => void).apply(this, args);
    });
    let activeDuringRequest: boolean | undefined;
    let token: string | null = null;
    setToken('up-token');
    server.use(
      mock.post('/api/sys/file/upload', async ({ request }) => {
        activeDuringRequest = states[states.length - 1];
        token = request.headers.get('token');
        contentType = request.headers.get('content-type') ?? '';
        form = await request.formData();
        return ok({ id: 'f1', url: '/api/sys/file/get/f1', name: 'face.png', size: 4 });
      }),
    );
    const result = await upload(fileApi.upload, new Blob(['abcd'], { type: 'image/png' }), { kind: 'avatar' }, { fileName: 'face.png' });
    stop();
    spy.mockRestore();
    expect(result).toEqual({ id: 'f1', url: '/api/sys/file/get/f1', name: 'face.png', size: 4 });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(form?.get('kind')).toBe('avatar');
    // msw hands the handler Node's own File, which can be read directly.
    expect(await (form?.get('file') as File).text()).toBe('abcd');
    expect(appended.map(([name, , fileName]) => [name, fileName])).toEqual([
      ['kind', undefined],
      ['file', 'face.png'],
    ]);
    expect(activeDuringRequest).toBe(true);
    expect(token).toBe('up-token');
    expect(states).toEqual([false, true, false]);
  });

  it('hides the overlay and shows the msg when the upload fails', async () => {
    const states: boolean[] = [];
    const stop = subscribeUploading((active) => states.push(active));
    server.use(mock.post('/api/sys/file/upload', () => HttpResponse.json({ code: ErrorCode.FAIL, msg: '不支持的文件类型', data: null })));
    const err = await rejection(upload(fileApi.upload, new Blob(['x'])));
    stop();
    expect(err.message).toBe('不支持的文件类型');
    expect(shown.map((n) => n.message)).toEqual(['不支持的文件类型']);
    expect(states).toEqual([false, true, false]);
  });

  it('reports upload progress', async () => {
    server.use(mock.post('/api/sys/file/upload', () => ok({ id: 'f1', url: '/api/sys/file/get/f1', name: 'a', size: 3 })));
    const progress: number[] = [];
    await upload(fileApi.upload, new Blob(['abc']), {}, { onProgress: (f) => progress.push(f) });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[progress.length - 1]).toBe(1);
  });

  it('an upload that gets no answer says the connection is lost', async () => {
    server.use(mock.post('/api/sys/file/upload', () => HttpResponse.error()));
    const err = await rejection(upload(fileApi.upload, new Blob(['x'])));
    expect(err.code).toBe(NO_ENVELOPE);
    expect(shown.map((n) => n.message)).toEqual(['啊哦，与服务器失去连接了~']);
  });

  it('an upload answered 10010002 ends the session', async () => {
    const handler = vi.fn();
    setSessionInvalidHandler(handler);
    setToken('stale');
    server.use(mock.post('/api/sys/file/upload', () => HttpResponse.json({ code: ErrorCode.SESSION_INVALID, msg: '失效', data: null })));
    await rejection(upload(fileApi.upload, new Blob(['x'])));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeUndefined();
  });
});

describe('download', () => {
  function stubObjectUrls() {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:http://localhost/1';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    return { blobs, clicked };
  }

  it('saves a binary answer under the given name and says 导出成功!', async () => {
    const { blobs, clicked } = stubObjectUrls();
    let received: unknown;
    server.use(
      mock.post('/api/sys/user/export', async ({ request }) => {
        received = await request.json();
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      }),
    );
    await download(userApi.export, { params: { state: 0 } }, '用户.xlsx');
    expect(received).toEqual({ params: { state: 0 } });
    expect(clicked).toEqual([{ download: '用户.xlsx', href: 'blob:http://localhost/1' }]);
    expect(blobs).toHaveLength(1);
    expect(await blobBytes(blobs[0])).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    expect(shown.map((n) => [n.type, n.message])).toEqual([['success', '导出成功!']]);
  });

  it("prefers the server's filename*", async () => {
    const { clicked } = stubObjectUrls();
    server.use(
      mock.post('/api/sys/user/export', () =>
        new HttpResponse('a,b', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': `attachment; filename="users.csv"; filename*=UTF-8''${encodeURIComponent('用户列表.csv')}`,
          },
        }),
      ),
    );
    await download(userApi.export, {}, 'export.csv');
    expect(clicked.map((c) => c.download)).toEqual(['用户列表.csv']);
  });

  it('rejects a JSON envelope answer with its msg and saves nothing', async () => {
    const { clicked } = stubObjectUrls();
    server.use(mock.post('/api/sys/user/export', () => HttpResponse.json({ code: ErrorCode.FORBIDDEN, msg: '没有导出权限', data: null })));
    const err = await rejection(download(userApi.export, {}, 'u.xlsx'));
    expect(err.code).toBe(ErrorCode.FORBIDDEN);
    expect(err.message).toBe('没有导出权限');
    expect(clicked).toEqual([]);
    expect(shown.map((n) => [n.type, n.message, n.duration])).toEqual([['error', '没有导出权限', 5000]]);
  });

  it('recognises an envelope sent without a JSON content type', async () => {
    const { clicked } = stubObjectUrls();
    server.use(
      mock.post('/api/x', () =>
        new HttpResponse(JSON.stringify({ code: ErrorCode.FAIL, msg: '导出失败', data: null }), {
          headers: { 'content-type': 'application/octet-stream' },
        }),
      ),
    );
    await expect(download(testDownload, {}, 'a.bin')).rejects.toThrow('导出失败');
    expect(clicked).toEqual([]);
  });

  it('shows the catalogue message of an HTTP error while downloading', async () => {
    stubObjectUrls();
    server.use(mock.post('/api/x', () => HttpResponse.json({ code: ErrorCode.INTERNAL, msg: '内部错误', data: null }, { status: 500 })));
    const err = await rejection(download(testDownload, {}, 'a.xlsx'));
    expect(err.code).toBe(ErrorCode.INTERNAL);
    expect(shown.map((n) => n.message)).toEqual([HttpMessage.serverError]);
  });
});

describe('fileNameFromDisposition', () => {
  it('reads an RFC 6266 filename*', () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx")).toBe('用户.xlsx');
    expect(fileNameFromDisposition('attachment; filename*="UTF-8\'\'a%20b.txt"')).toBe('a b.txt');
  });
  it('ignores a header without filename* or with a broken one', () => {
    expect(fileNameFromDisposition('attachment; filename="a.xlsx"')).toBeUndefined();
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E7%94")).toBeUndefined();
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
  });
});
