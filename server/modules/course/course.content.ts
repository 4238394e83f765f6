import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COURSE_FILE_CONTENT_PATH, ConvertState, CourseFileKind } from '../../../common/api/course';
import { ErrorCode } from '../../../common/errorCodes';
import { Perm } from '../../../common/permissions';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/errors';
import { mayOpenCourseFiles } from '../access/access.service';
import { sessionRef, sessionStanding } from '../identity/session.service';
import contentDisposition from 'content-disposition';
import type { CourseFileDef } from './course.cache';
import { courseDef, courseOfFile } from './course.def';
import { storedPath } from './course.storage';
import * as secrets from './secret.repository';

/**
 * Course file bytes. A <video>, <audio> or pdf.js request cannot carry the token header (and the
 * server never authenticates from the cookie), so the detail calls hand out short-lived signed
 * URLs: GET /api/course/file/content/{fileId}?u={userId}&k={session}&e={expiry}&s={HMAC-SHA256}.
 * A URL is bound to the session that asked for it (`k`, the start of its token's hash): every GET
 * checks the signature and expiry, that the session still stands (not signed out, expired or
 * revoked; a kept check, so a video's range requests cost no query), then the user again: active,
 * and in the course's audience (published), or an administrator holding course:course:list.
 * Served with byte ranges. The page fetches fresh URLs before they lapse (urlRenewAfter).
 */

const SECRET_NAME = 'course-file-url';
const MINUTE = 60_000;
/** URLs live 30 to 35 minutes: the expiry is rounded up to 5 minutes so a page reloaded meanwhile reuses them (and the browser's cache). */
const URL_LIFETIME_MS = 30 * MINUTE;
const URL_ROUND_MS = 5 * MINUTE;
/** The page fetches fresh URLs this long before its URLs lapse. */
const URL_RENEW_MARGIN_MS = 5 * MINUTE;

/** The signing key: generated at first start and kept in the database (shared by every process), cached here. */
export async function urlKey(ctx: ServiceContext): Promise<Buffer> {
  const cached = ctx.caches.course.urlKey;
  if (cached) return cached;
  let value = await secrets.findSecret(ctx.db, SECRET_NAME);
  if (!value) {
    await secrets.insertSecretIfMissing(ctx.db, SECRET_NAME, randomBytes(32).toString('hex'), ctx.clock.now());
    value = (await secrets.findSecret(ctx.db, SECRET_NAME))!;
  }
  const key = Buffer.from(value, 'hex');
  ctx.caches.course.urlKey = key;
  return key;
}

export const urlExpiry = (now: number) => Math.ceil(now / URL_ROUND_MS) * URL_ROUND_MS + URL_LIFETIME_MS;

/** Milliseconds from `now` after which the page should fetch fresh URLs expiring at `expiry`. */
export const urlRenewAfter = (now: number, expiry: number) => Math.max(0, expiry - now - URL_RENEW_MARGIN_MS);

/** Who a URL is signed for: the user, and the session that asked (by its token's hash). */
export interface UrlViewer {
  id: string;
  tokenHash: string;
}

const signature = (key: Buffer, fileId: string, userId: string, ref: string, expiry: number) =>
  createHmac('sha256', key).update(`${fileId}\n${userId}\n${ref}\n${expiry}`).digest('base64url');

export function signedFileUrl(key: Buffer, fileId: string, viewer: UrlViewer, expiry: number): string {
  const ref = sessionRef(viewer.tokenHash);
  const s = signature(key, fileId, viewer.id, ref, expiry);
  return `${COURSE_FILE_CONTENT_PATH}/${fileId}?u=${encodeURIComponent(viewer.id)}&k=${ref}&e=${expiry}&s=${s}`;
}

const refused = (msg: string, status = 403) => new AppError(ErrorCode.FORBIDDEN, msg, status);
const missing = () => new AppError(ErrorCode.NOT_FOUND, '课件不存在或已被删除', 404);

export interface ContentQuery {
  u: string;
  k: string;
  e: string;
  s: string;
}

function checkSignature(key: Buffer, fileId: string, q: ContentQuery, now: number): void {
  const expiry = Number(q.e);
  const expected = Buffer.from(signature(key, fileId, q.u, q.k, expiry));
  const given = Buffer.from(q.s);
  if (!Number.isSafeInteger(expiry) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw refused('课件链接无效，请刷新页面后重试');
  }
  if (expiry <= now) throw refused('课件链接已过期，请刷新页面后重试');
}

/** What the file is served as: the converted PDF of an Office document once it exists, else the upload itself. */
function servedForm(file: CourseFileDef): { key: string; mime: string; inline: boolean; name: string } | null {
  if (file.kind === CourseFileKind.LESSON) return null;
  if (file.kind === CourseFileKind.OFFICE) {
    if (file.convState === ConvertState.DONE && file.convKey) {
      return { key: file.convKey, mime: 'application/pdf', inline: true, name: `${file.fileName.replace(/\.[^.]*$/, '')}.pdf` };
    }
    return { key: file.storageKey, mime: file.mime, inline: false, name: file.fileName };
  }
  return { key: file.storageKey, mime: file.mime, inline: true, name: file.fileName };
}

/** Resolves a signed request to the file on disk, or throws the refusal. */
export async function authorizeContent(ctx: ServiceContext, fileId: string, q: ContentQuery) {
  checkSignature(await urlKey(ctx), fileId, q, ctx.clock.now());
  const standing = await sessionStanding(ctx, q.u, q.k);
  if (standing === 'disabled') throw refused('账号不可用，无法查看课件');
  if (standing !== 'ok') throw new AppError(ErrorCode.SESSION_INVALID, '登录已失效，课件链接不可用，请重新登录后查看', 401);
  const courseId = await courseOfFile(ctx, fileId);
  const def = courseId ? await courseDef(ctx, courseId) : null;
  const file = def?.files.get(fileId);
  if (!def || !file) throw missing();
  const may = await mayOpenCourseFiles(ctx, def, q.u, Perm.courseList);
  if (may === 'unavailable') throw refused('账号不可用，无法查看课件');
  if (may === 'outside') throw refused('您不在本课程的学习范围内，无法查看课件');
  const form = servedForm(file);
  const abs = form && storedPath(ctx.config.dataDir, form.key);
  if (!form || !abs) throw missing();
  return { ...form, absolutePath: abs };
}

type ByteRange = { start: number; end: number };

/**
 * One byte range of a Range header (RFC 9110): 'none' for no usable header (serve everything),
 * 'unsatisfiable' for a range entirely past the end. Several ranges are served as the whole file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'none';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return 'none';
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Sends the file with Range support: 200 whole, 206 one range, 416 past the end; 304 when unchanged. */
export async function sendFileWithRanges(
  req: FastifyRequest,
  reply: FastifyReply,
  file: { absolutePath: string; mime: string; inline: boolean; name: string },
): Promise<FastifyReply> {
  const stat = await fs.promises.stat(file.absolutePath).catch(() => undefined);
  if (!stat?.isFile()) throw missing();
  const size = stat.size;
  const etag = `"${size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  reply
    .header('Content-Type', file.mime)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', stat.mtime.toUTCString())
    .header('Cache-Control', 'private, max-age=3600')
    .header('X-Content-Type-Options', 'nosniff')
    // Opened on its own, a course file can never run script.
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', contentDisposition(file.name, { type: file.inline ? 'inline' : 'attachment' }));

  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  // A Range with an If-Range for another version gets the whole (new) file.
  const ifRange = req.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== etag ? undefined : req.headers.range;
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${size}`).header('Content-Length', 0).send();
  }
  if (range === 'none') {
    return reply.status(200).header('Content-Length', size).send(size === 0 ? '' : fs.createReadStream(file.absolutePath));
  }
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(fs.createReadStream(file.absolutePath, { start: range.start, end: range.end }));
}
