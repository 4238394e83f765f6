import { ErrorCode, type Envelope } from '../errorCodes';
import type { BodyOf, DataOf, Endpoint } from '../api/endpoint';
import { MESSAGE_DURATION, REQUEST_TIMEOUT, TRANSFER_TIMEOUT } from '../constants';
import { beginUploading, endUploading, notify } from './notify';
import { getToken, removeToken } from './token';
import { CHANGE_PASSWORD_PATH, changePasswordUrl } from '../routing';

/**
 * The apps' one HTTP client, on the browser's own XMLHttpRequest (see send() for why not fetch):
 * every call is a POST to /api, answered with the envelope of spec section 7 and shown with the
 * messages of section 8. No HTTP library: axios alone was 14 kB gzip of the learner's first load.
 */

/** The messages of spec sections 7 and 8, exactly as written there. */
export const HttpMessage = {
  /** Envelope code not 0 and no msg. */
  defaultError: '服务器开小差了呢！',
  noConnection: '啊哦，与服务器失去连接了~',
  badGateway: 'Oh no，服务器网络不通 Bad Gateway',
  serverError: '糟糕，服务器开小差了~',
  badRequest: '缺少必要参数或参数类型不正确~',
  notFound: '接口地址404，请联系管理员~',
  /** HTTP 413, from the server's body limits or a proxy's (which sends no envelope). */
  tooLarge: '提交的内容过大',
  requestFailed: '请求出现错误！',
  exported: '导出成功!',
} as const;

/** Code of an ApiError when the server sent no envelope (no connection, a proxy's error page). */
export const NO_ENVELOPE = -1;

/** Every rejection of the client: `code` is the envelope's (or NO_ENVELOPE), `status` the HTTP status if any. */
export class ApiError extends Error {
  code: number;
  status?: number;

  constructor(code: number, message: string, status?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

let sessionInvalidHandler: () => void = () => window.location.reload();

/** Replace what happens after a 10010002 answer (the token is already removed by then). */
export function setSessionInvalidHandler(fn: () => void): void {
  sessionInvalidHandler = fn;
}

/**
 * What happens after a PASSWORD_CHANGE_REQUIRED answer: by default the page goes to the learner
 * app's change-password page (both apps share it), remembering where it was. The session stays.
 */
let passChangeHandler: () => void = () => {
  const { pathname, search } = window.location;
  if (pathname !== CHANGE_PASSWORD_PATH) window.location.assign(changePasswordUrl(pathname + search));
};

/** Replace what happens after a PASSWORD_CHANGE_REQUIRED answer (the learner app's router handles it itself). */
export function setPassChangeHandler(fn: () => void): void {
  passChangeHandler = fn;
}

export interface PostOptions {
  /** Show no message on failure: the caller deals with the rejection itself. */
  silent?: boolean;
  /** Milliseconds before the call gives up (the spec's 60 s by default); it then fails as "no connection". */
  timeout?: number;
  /** Do not run the session-invalid handler on 10010002 (logout of an already dead session). */
  ignoreSessionInvalid?: boolean;
  /** Abandon the call (TanStack Query's signal, a closed dialog): it rejects with the abort reason, silently. */
  signal?: AbortSignal;
}

/** What came back over the wire: status, a header reader and the body, read whole. */
interface Answer {
  status: number;
  header: (name: string) => string;
  body: string | ArrayBuffer;
}

/** The request got no answer at all: no connection, a timeout, a refused port. */
class NoAnswer extends Error {}

function requestHeaders(json: boolean): Record<string, string> {
  const headers: Record<string, string> = json ? { 'content-type': 'application/json' } : {};
  const token = getToken();
  if (token) headers.token = token;
  return headers;
}

/** The caller's abort, as the rejection it asked for. */
function aborted(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The call was aborted', 'AbortError');
}

interface SendOptions {
  /** The answer as text (envelopes) or as bytes (files). */
  read: 'text' | 'bytes';
  timeout: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/**
 * POST a body with XMLHttpRequest (what axios did) rather than fetch: when the page is left,
 * Chromium rejects pending fetches ("Failed to fetch") and runs their handlers before the page
 * goes, which would show 与服务器失去连接 and make the admin app drop the session of someone who
 * merely clicked a link; a request cut off that way raises no event at all. XMLHttpRequest also
 * reports upload progress and has its own timeout.
 */
function send(url: string, body: string | FormData, opts: SendOptions): Promise<Answer> {
  const { signal, onProgress } = opts;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', url);
    xhr.timeout = opts.timeout;
    xhr.responseType = opts.read === 'bytes' ? 'arraybuffer' : 'text';
    Object.entries(requestHeaders(typeof body === 'string')).forEach(([name, value]) => xhr.setRequestHeader(name, value));
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
    }
    xhr.onload = () => {
      done();
      const content: unknown = xhr.response;
      resolve({
        status: xhr.status,
        header: (name) => xhr.getResponseHeader(name) ?? '',
        body: opts.read === 'bytes' ? ((content as ArrayBuffer | null) ?? new ArrayBuffer(0)) : xhr.responseText,
      });
    };
    const fail = (why: string) => () => {
      done();
      reject(signal?.aborted ? aborted(signal) : new NoAnswer(why));
    };
    xhr.onerror = fail('no connection');
    xhr.ontimeout = fail('timed out');
    xhr.onabort = fail('aborted');
    signal?.addEventListener('abort', onAbort);
    xhr.send(body);
  });
}

function asEnvelope(body: unknown): Envelope | undefined {
  if (body && typeof body === 'object' && typeof (body as Envelope).code === 'number') {
    const env = body as Envelope;
    return { code: env.code, msg: typeof env.msg === 'string' ? env.msg : '', data: env.data };
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Larger answers without a JSON content type are files, not envelopes: do not read them. */
const SNIFF_LIMIT = 64 * 1024;

/**
 * The envelope an answer carries, if it is one. For a file request (bytes), a JSON content type
 * always counts as an envelope (an unparsable one gets an empty msg, hence the default message);
 * small answers of another type are sniffed, since some proxies label JSON as a file.
 */
function envelopeOf(answer: Answer): Envelope | undefined {
  const { body } = answer;
  if (typeof body === 'string') return asEnvelope(parseJson(body));
  const json = /json/i.test(answer.header('content-type'));
  if (!json && body.byteLength > SNIFF_LIMIT) return undefined;
  const env = asEnvelope(parseJson(new TextDecoder().decode(body)));
  return env ?? (json ? { code: ErrorCode.FAIL, msg: '', data: null } : undefined);
}

function endSession(env: Envelope, status: number): ApiError {
  removeToken();
  sessionInvalidHandler();
  return new ApiError(env.code, env.msg || HttpMessage.defaultError, status);
}

function show(opts: PostOptions, message: string): void {
  if (!opts.silent) notify.error(message, MESSAGE_DURATION);
}

/** The catalogue message of spec section 8 for an HTTP status, if it has one. */
function statusMessage(status: number): string | undefined {
  switch (status) {
    case 400:
      return HttpMessage.badRequest;
    case 404:
      return HttpMessage.notFound;
    case 413:
      return HttpMessage.tooLarge;
    case 500:
      return HttpMessage.serverError;
    case 502:
      return HttpMessage.badGateway;
    default:
      return undefined;
  }
}

/**
 * Turn an answer into its data (envelope code 0) or the file's bytes (a file request answered with
 * something that is not an envelope), or show the right message and reject with an ApiError:
 * - HTTP 2xx: the envelope's msg (or 服务器开小差了呢！); a file request answered with JSON failed
 *   whatever its code says (spec section 7);
 * - HTTP ≥ 300: the catalogue message of the status, else the envelope's msg, else 请求出现错误！
 *   (a 503 while the server restarts, a bare 403 from a proxy: never an English status line);
 * - 10010002 anywhere ends the session (unless ignoreSessionInvalid).
 */
function settle(answer: Answer, opts: PostOptions): unknown {
  const { status } = answer;
  const env = envelopeOf(answer);
  const file = typeof answer.body !== 'string';
  if (env?.code === ErrorCode.SESSION_INVALID && !opts.ignoreSessionInvalid) throw endSession(env, status);
  if (env?.code === ErrorCode.PASSWORD_CHANGE_REQUIRED) {
    // Not an error to show: the page is on its way to the change-password form, which says why.
    passChangeHandler();
    throw new ApiError(env.code, env.msg || HttpMessage.defaultError, status);
  }
  if (status >= 200 && status < 300) {
    if (file && !env) return answer.body;
    if (!env) {
      show(opts, HttpMessage.defaultError);
      throw new ApiError(NO_ENVELOPE, HttpMessage.defaultError, status);
    }
    if (env.code !== ErrorCode.OK || file) {
      const message = env.msg || HttpMessage.defaultError;
      show(opts, message);
      throw new ApiError(env.code, message, status);
    }
    return env.data;
  }
  const shown = statusMessage(status) ?? (env?.msg || HttpMessage.requestFailed);
  show(opts, shown);
  throw new ApiError(env?.code ?? NO_ENVELOPE, env?.msg || shown, status);
}

/** Send, then settle; a request that got no answer shows 啊哦，与服务器失去连接了~. */
async function exchange(request: () => Promise<Answer>, opts: PostOptions): Promise<unknown> {
  let answer: Answer;
  try {
    answer = await request();
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error;
    show(opts, HttpMessage.noConnection);
    throw new ApiError(NO_ENVELOPE, HttpMessage.noConnection);
  }
  return settle(answer, opts);
}

/** POST a JSON body (`{}` when none) to a path and resolve the envelope's data. Apps use call(). */
export async function post<T>(url: string, data?: unknown, opts: PostOptions = {}): Promise<T> {
  return (await exchange(() => send(url, JSON.stringify(data ?? {}), { read: 'text', timeout: opts.timeout ?? REQUEST_TIMEOUT, signal: opts.signal }), opts)) as T;
}

/** The arguments after the endpoint: the body is optional where the endpoint takes none. */
export type CallArgs<E extends Endpoint> = Partial<BodyOf<E>> extends BodyOf<E>
  ? [body?: BodyOf<E>, opts?: PostOptions]
  : [body: BodyOf<E>, opts?: PostOptions];

/**
 * The one way the apps call the API: `call(noticeApi.myPaging, { current: 1, size: 10 })`. The
 * body and the answer are typed by the endpoint's definition in common/api.
 */
export function call<E extends Endpoint>(endpoint: E, ...[body, opts]: CallArgs<E>): Promise<DataOf<E>> {
  return post<DataOf<E>>(endpoint.path, body, opts);
}

export interface UploadOptions {
  /** Name sent with the file part; defaults to the File's own name. */
  fileName?: string;
  silent?: boolean;
  /** Upload progress, 0 to 1, when the browser reports it. */
  onProgress?: (fraction: number) => void;
}

/** Multipart POST of form fields plus the field `file`, 20-minute timeout, with the uploading overlay. */
export async function upload<E extends Endpoint>(
  endpoint: E,
  file: Blob,
  fields: Record<string, string> = {},
  opts: UploadOptions = {},
): Promise<DataOf<E>> {
  const form = new FormData();
  // Fields first: a streaming multipart parser only sees the fields that precede the file.
  Object.entries(fields).forEach(([name, value]) => form.append(name, value));
  const ownName = typeof File !== 'undefined' && file instanceof File ? file.name : undefined;
  form.append('file', file, opts.fileName ?? ownName ?? 'file');
  beginUploading();
  try {
    return (await exchange(() => send(endpoint.path, form, { read: 'text', timeout: TRANSFER_TIMEOUT, onProgress: opts.onProgress }), { silent: opts.silent })) as DataOf<E>;
  } finally {
    endUploading();
  }
}

/** The file name of an RFC 6266 `filename*=UTF-8''…` parameter, if the header has one. */
export function fileNameFromDisposition(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (!match) return undefined;
  const value = match[1].trim().replace(/^"(.*)"$/, '$1');
  const encoded = /^[^']*'[^']*'(.*)$/.exec(value)?.[1] ?? value;
  try {
    return decodeURIComponent(encoded) || undefined;
  } catch {
    return undefined;
  }
}

/** Browsers may still be reading the object URL just after the click; free it a little later. */
const REVOKE_DELAY = 60_000;

/** Save a blob under a file name through a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), REVOKE_DELAY);
}

/**
 * POST a JSON body and save the binary answer as `fileName` (or the server's filename*), then say
 * 导出成功!. A JSON answer is an error: its msg is shown and the promise rejects.
 */
export async function download<E extends Endpoint>(endpoint: E, body: BodyOf<E>, fileName: string): Promise<void> {
  let answer: Answer | undefined;
  const request = async () => (answer = await send(endpoint.path, JSON.stringify(body ?? {}), { read: 'bytes', timeout: TRANSFER_TIMEOUT }));
  const bytes = (await exchange(request, {})) as ArrayBuffer;
  const header = answer?.header ?? (() => '');
  const name = fileNameFromDisposition(header('content-disposition')) ?? fileName;
  saveBlob(new Blob([bytes], { type: header('content-type') }), name);
  notify.success(HttpMessage.exported);
}
