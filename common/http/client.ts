import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { ErrorCode, type Envelope } from '../errorCodes';
import type { BodyOf, DataOf, Endpoint } from '../api/endpoint';
import { MESSAGE_DURATION, REQUEST_TIMEOUT, TRANSFER_TIMEOUT } from '../constants';
import { beginUploading, endUploading, notify } from './notify';
import { getToken, removeToken } from './token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Show no message on failure: the caller deals with the rejection itself. */
    silent?: boolean;
    /** Do not run the session-invalid handler on 10010002 (logout of an already dead session). */
    ignoreSessionInvalid?: boolean;
  }
}

/** The messages of spec sections 7 and 8, exactly as written there. */
export const HttpMessage = {
  /** Envelope code not 0 and no msg. */
  defaultError: '服务器开小差了呢！',
  noConnection: '啊哦，与服务器失去连接了~',
  badGateway: 'Oh no，服务器网络不通 Bad Gateway',
  serverError: '糟糕，服务器开小差了~',
  badRequest: '缺少必要参数或参数类型不正确~',
  notFound: '接口地址404，请联系管理员~',
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

/** The one axios instance: relative base address, 60 s timeout, token header, envelope rules. */
export const http = axios.create({ baseURL: '', timeout: REQUEST_TIMEOUT });

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('token', token);
  return config;
});

http.interceptors.response.use(onResponse, onError);

function asEnvelope(body: unknown): Envelope | undefined {
  if (body && typeof body === 'object' && typeof (body as Envelope).code === 'number') {
    const env = body as Envelope;
    return { code: env.code, msg: typeof env.msg === 'string' ? env.msg : '', data: env.data };
  }
  return undefined;
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

function readBlobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Larger blobs without a JSON content type are files, not envelopes: do not read them. */
const SNIFF_LIMIT = 64 * 1024;

/**
 * The envelope carried by a blob answer, if it is one. A JSON content type always counts as an
 * envelope (an unparsable one gets an empty msg, hence the default message).
 */
async function envelopeOfBlob(blob: Blob, contentType: string): Promise<Envelope | undefined> {
  const json = /json/i.test(contentType) || /json/i.test(blob.type);
  if (!json && blob.size > SNIFF_LIMIT) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readBlobText(blob));
  } catch {
    parsed = undefined;
  }
  return asEnvelope(parsed) ?? (json ? { code: ErrorCode.FAIL, msg: '', data: null } : undefined);
}

function contentTypeOf(response: AxiosResponse): string {
  const value = response.headers?.['content-type'];
  return typeof value === 'string' ? value : '';
}

async function bodyEnvelope(response: AxiosResponse): Promise<Envelope | undefined> {
  return isBlob(response.data) ? envelopeOfBlob(response.data, contentTypeOf(response)) : asEnvelope(response.data);
}

function isSessionInvalid(env: Envelope | undefined, config: AxiosRequestConfig): boolean {
  return env?.code === ErrorCode.SESSION_INVALID && !config.ignoreSessionInvalid;
}

function endSession(env: Envelope, status: number): ApiError {
  removeToken();
  sessionInvalidHandler();
  return new ApiError(env.code, env.msg || HttpMessage.defaultError, status);
}

function show(config: AxiosRequestConfig, message: string): void {
  if (!config.silent) notify.error(message, MESSAGE_DURATION);
}

/** HTTP 2xx: a file (blob that is not an envelope) or an envelope whose code decides. */
async function onResponse(response: AxiosResponse): Promise<AxiosResponse> {
  const { config } = response;
  const blob = isBlob(response.data);
  const env = await bodyEnvelope(response);
  if (blob && !env) return response;
  if (!env) {
    show(config, HttpMessage.defaultError);
    throw new ApiError(NO_ENVELOPE, HttpMessage.defaultError, response.status);
  }
  if (isSessionInvalid(env, config)) throw endSession(env, response.status);
  // A download that answers JSON failed, whatever its code says (spec section 7).
  if (env.code !== ErrorCode.OK || blob) {
    const message = env.msg || HttpMessage.defaultError;
    show(config, message);
    throw new ApiError(env.code, message, response.status);
  }
  return response;
}

/** The catalogue message of spec section 8 for an HTTP status, if it has one. */
function statusMessage(status: number): string | undefined {
  switch (status) {
    case 400:
      return HttpMessage.badRequest;
    case 404:
      return HttpMessage.notFound;
    case 500:
      return HttpMessage.serverError;
    case 502:
      return HttpMessage.badGateway;
    default:
      return undefined;
  }
}

/** No answer or HTTP ≥ 300: the catalogue message is shown; the envelope's code and msg go on the ApiError. */
async function onError(error: unknown): Promise<never> {
  if (axios.isCancel(error) || !axios.isAxiosError(error)) throw error;
  const err = error as AxiosError;
  const config = err.config ?? {};
  const response = err.response;
  if (!response) {
    show(config, HttpMessage.noConnection);
    throw new ApiError(NO_ENVELOPE, HttpMessage.noConnection);
  }
  const env = await bodyEnvelope(response);
  if (env && isSessionInvalid(env, config)) throw endSession(env, response.status);
  // A 503 (the server restarting, a proxy with no upstream) has no catalogue line: never axios's
  // English "Request failed with status code 503", but the server's msg or 请求出现错误！.
  const fallback = response.status === 503 ? HttpMessage.requestFailed : err.message || HttpMessage.requestFailed;
  const shown = statusMessage(response.status) ?? (env?.msg || fallback);
  show(config, shown);
  throw new ApiError(env?.code ?? NO_ENVELOPE, env?.msg || shown, response.status);
}

export interface PostOptions {
  silent?: boolean;
  timeout?: number;
  /** See AxiosRequestConfig.ignoreSessionInvalid. */
  ignoreSessionInvalid?: boolean;
}

/** POST a JSON body (`{}` when none) to a path and resolve the envelope's data. Apps use call(). */
export async function post<T>(url: string, data?: unknown, opts: PostOptions = {}): Promise<T> {
  const response = await http.post<Envelope<T>>(url, data ?? {}, {
    silent: opts.silent,
    timeout: opts.timeout ?? REQUEST_TIMEOUT,
    ignoreSessionInvalid: opts.ignoreSessionInvalid,
  });
  return response.data.data;
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
  const url = endpoint.path;
  type T = DataOf<E>;
  const form = new FormData();
  // Fields first: a streaming multipart parser only sees the fields that precede the file.
  Object.entries(fields).forEach(([name, value]) => form.append(name, value));
  const ownName = typeof File !== 'undefined' && file instanceof File ? file.name : undefined;
  form.append('file', file, opts.fileName ?? ownName ?? 'file');
  beginUploading();
  try {
    const response = await http.post<Envelope<T>>(url, form, {
      timeout: TRANSFER_TIMEOUT,
      silent: opts.silent,
      onUploadProgress: opts.onProgress ? (e) => e.total && opts.onProgress?.(e.loaded / e.total) : undefined,
    });
    return response.data.data;
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
  const response = await http.post<Blob>(endpoint.path, body ?? {}, { responseType: 'blob', timeout: TRANSFER_TIMEOUT });
  const name = fileNameFromDisposition(response.headers?.['content-disposition']) ?? fileName;
  saveBlob(response.data, name);
  notify.success(HttpMessage.exported);
}
