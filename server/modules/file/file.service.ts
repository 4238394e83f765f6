import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import dayjs from 'dayjs';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadResult } from '../../../common/api';
import { RoleType } from '../../../common/codes';
import { ErrorCode } from '../../../common/errorCodes';
import type { FileAccessRule, FileForAccess, ServiceContext } from '../../context';
import type { FileRow } from '../../db/schema';
import { AppError, fail, forbidden } from '../../lib/errors';
import { newSecretId } from '../../lib/ids';
import type { AuthUser } from '../identity/session.service';
import * as repo from './file.repository';

const MB = 1024 * 1024;

/**
 * What each kind of upload may be, how big, who may upload it, and who may read it.
 * - public kinds are images shown to anyone who sees the page that holds them (avatars, logos,
 *   pictures in notices and questions): served to anyone, cached for good;
 * - any other kind (course files, imports, "file") is private: served only to administrators,
 *   the uploader, and whoever the kind's access rule lets in (see allowFileAccess), never cached.
 * Learners upload only what a learner screen needs: their avatar.
 */
export interface KindPolicy {
  /** PNG, JPEG, GIF or WEBP only, checked by content. */
  readonly imagesOnly: boolean;
  readonly maxBytes: number;
  readonly isPublic: boolean;
  readonly learnersMayUpload: boolean;
}

const PUBLIC_IMAGE = { imagesOnly: true, maxBytes: 5 * MB, isPublic: true, learnersMayUpload: false } as const;
export const KIND_POLICIES: Readonly<Record<string, KindPolicy>> = {
  avatar: { imagesOnly: true, maxBytes: 2 * MB, isPublic: true, learnersMayUpload: true },
  logo: PUBLIC_IMAGE,
  notice: PUBLIC_IMAGE,
  question: PUBLIC_IMAGE,
  /** Images uploaded before kinds were stored (all were public then). */
  image: PUBLIC_IMAGE,
  /**
   * Face enrolment photos, kept only when the site setting says so: private (administrators and
   * the user), and never uploaded directly — the enrolment call stores them (storeBuffer).
   */
  face: { imagesOnly: true, maxBytes: 512 * 1024, isPublic: false, learnersMayUpload: false },
};
/** Every other kind: documents and media for administrators' features, private. */
export const PRIVATE_FILE: KindPolicy = { imagesOnly: false, maxBytes: 200 * MB, isPublic: false, learnersMayUpload: false };

export const policyOf = (kind: string): KindPolicy => KIND_POLICIES[kind] ?? PRIVATE_FILE;

/** Raster images by detected content (no SVG: it can carry script), with the extension we store them under. */
const IMAGE_TYPES: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp' };
const IMAGE_EXTS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);

/**
 * Documents and media accepted for the other kinds: the type we serve them as, and what their
 * content must be detected as (file-type's ext; undefined = no signature, i.e. plain text).
 */
const FILE_TYPES: Record<string, { mime: string; content: ReadonlyArray<string | undefined> }> = {
  '.pdf': { mime: 'application/pdf', content: ['pdf'] },
  '.doc': { mime: 'application/msword', content: ['cfb'] },
  '.docx': { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: ['docx', 'zip'] },
  '.xls': { mime: 'application/vnd.ms-excel', content: ['cfb'] },
  '.xlsx': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: ['xlsx', 'zip'] },
  '.ppt': { mime: 'application/vnd.ms-powerpoint', content: ['cfb'] },
  '.pptx': { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', content: ['pptx', 'zip'] },
  '.mp4': { mime: 'video/mp4', content: ['mp4', 'm4v', 'mov'] },
  '.mp3': { mime: 'audio/mpeg', content: ['mp3'] },
  '.zip': { mime: 'application/zip', content: ['zip'] },
  '.txt': { mime: 'text/plain; charset=utf-8', content: [undefined] },
  '.xml': { mime: 'application/xml', content: [undefined, 'xml'] },
};
const FILE_TYPE_NAMES = 'pdf、doc、docx、xls、xlsx、ppt、pptx、mp4、mp3、zip、txt、xml 与 png、jpg、gif、webp 图片';

/** Bytes kept from the start of a file to detect its type (file-type reads at most this many). */
const HEAD_BYTES = 4100;

export interface IncomingUpload {
  /** The name the browser sent; used for display only, never for the stored path. */
  fileName: string;
  kind: string | undefined;
  stream: Readable;
}

export interface StoredFile {
  absolutePath: string;
  fileName: string;
  mime: string;
  size: number;
  isImage: boolean;
  isPublic: boolean;
}

const filesRoot = (dataDir: string) => path.resolve(dataDir, 'files');

/** Display name: the last path segment, without control characters, bounded. */
function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(-200);
  return cleaned || 'file';
}

/** A stalled or cut-off upload: answered 408, the partial file removed. */
export const uploadStalled = () => new AppError(ErrorCode.FAIL, '上传中断或超时，请重新上传', 408);

/** The kind and policy of an upload, refused before any byte is stored when it cannot be accepted. */
function admit(who: AuthUser, rawKind: string | undefined, fileName: string, serverHeld = false) {
  const kind = (rawKind ?? '').trim().toLowerCase() || 'file';
  if (!/^[a-z][a-z0-9_-]{0,31}$/.test(kind)) throw fail('上传类型参数不正确');
  const policy = policyOf(kind);
  if (!serverHeld && who.roleType !== RoleType.ADMIN && !policy.learnersMayUpload) throw forbidden('您只能上传头像图片');
  const name = displayName(fileName);
  const claimedExt = path.extname(name).toLowerCase();
  if (!policy.imagesOnly && !IMAGE_EXTS.has(claimedExt) && !FILE_TYPES[claimedExt]) {
    throw fail(`不支持的文件类型，仅支持 ${FILE_TYPE_NAMES}`);
  }
  return { kind, policy, name, claimedExt };
}

/** The stored extension and type, from the content: images must be what they claim, documents must not be something else. */
async function typeOf(head: Buffer, imagesOnly: boolean, claimedExt: string): Promise<{ ext: string; mime: string }> {
  const detected = await fileTypeFromBuffer(head);
  if (imagesOnly || IMAGE_EXTS.has(claimedExt)) {
    const ext = detected && IMAGE_TYPES[detected.mime];
    if (!detected || !ext) throw fail('仅支持 PNG、JPG、GIF、WEBP 格式的图片');
    return { ext, mime: detected.mime };
  }
  const allowed = FILE_TYPES[claimedExt];
  if (!allowed.content.includes(detected?.ext)) throw fail(`文件内容与扩展名 ${claimedExt} 不符，请检查后重新上传`);
  return { ext: claimedExt, mime: allowed.mime };
}

/** Copies the data to `target`, keeping its first bytes and size; stops writing past `limit`. */
async function receive(stream: Readable, target: string, limit: number, signal?: AbortSignal) {
  let size = 0;
  let head = Buffer.alloc(0);
  let tooBig = false;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      if (size > limit) tooBig = true;
      // Past the limit the rest is drained and dropped, so the client still gets an answer.
      done(null, tooBig ? undefined : chunk);
    },
  });
  await pipeline(stream, counter, fs.createWriteStream(target, { flags: 'wx' }), signal ? { signal } : {});
  if ((stream as Readable & { truncated?: boolean }).truncated) tooBig = true;
  return { size, head, tooBig };
}

/**
 * Streams the data into <dataDir>/files/YYYY/MM/<id>.part, checks size and content, then renames
 * it to <id><ext> and records it. The stored name and type come from us, never from the client.
 * Whatever goes wrong, no partial file is left behind.
 */
async function store(
  ctx: ServiceContext,
  who: AuthUser,
  admitted: ReturnType<typeof admit>,
  source: Readable,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const { kind, policy, name, claimedExt } = admitted;
  const id = newSecretId();
  const month = dayjs(ctx.clock.now());
  const relDir = path.posix.join(month.format('YYYY'), month.format('MM'));
  const dir = path.join(filesRoot(ctx.config.dataDir), relDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const partPath = path.join(dir, `${id}.part`);
  const discard = () => fs.promises.rm(partPath, { force: true });

  let finalPath: string | undefined;
  try {
    const received = await receive(source, partPath, policy.maxBytes, signal).catch((e: unknown) => {
      throw signal?.aborted ? (signal.reason ?? uploadStalled()) : e;
    });
    if (received.tooBig) throw fail(`${policy.imagesOnly ? '图片' : '文件'}不能超过 ${policy.maxBytes / MB}MB`);
    if (received.size === 0) throw fail('上传的文件是空的');
    const { ext, mime } = await typeOf(received.head, policy.imagesOnly, claimedExt);
    const storageKey = `${relDir}/${id}${ext}`;
    finalPath = path.join(filesRoot(ctx.config.dataDir), storageKey);
    await fs.promises.rename(partPath, finalPath);
    await repo.insertFile(ctx.db, {
      id,
      storage_key: storageKey,
      file_name: name,
      mime,
      size: received.size,
      create_by: who.id,
      create_time: ctx.clock.now(),
      kind,
    });
    return { id, url: fileUrl(id), name, size: received.size };
  } catch (e) {
    await discard();
    if (finalPath) await fs.promises.rm(finalPath, { force: true });
    throw e;
  }
}

const fileUrl = (id: string) => `/api/sys/file/get/${id}`;

/**
 * Stores one multipart upload. `signal` aborts it (the route aborts a stalled upload); the part
 * is drained when refused up front, so the refusal reaches the client.
 */
export async function storeUpload(ctx: ServiceContext, who: AuthUser, upload: IncomingUpload, signal?: AbortSignal): Promise<UploadResult> {
  let admitted: ReturnType<typeof admit>;
  try {
    admitted = admit(who, upload.kind, upload.fileName);
  } catch (e) {
    upload.stream.resume();
    throw e;
  }
  return store(ctx, who, admitted, upload.stream, signal);
}

/**
 * Stores a file the server already holds (images found in an imported Word or Moodle file, a face
 * enrolment photo), under the same rules of type and size; the calling service has decided that
 * `who` may store it, whatever the kind's upload rule says.
 */
export function storeBuffer(ctx: ServiceContext, who: AuthUser, file: { kind: string; fileName: string; data: Buffer }): Promise<UploadResult> {
  return store(ctx, who, admit(who, file.kind, file.fileName, true), Readable.from([file.data]));
}

/** Removes stored files, record and bytes (a face enrolment photo when the enrolment goes). */
export async function deleteStoredFiles(ctx: ServiceContext, ids: string[]): Promise<void> {
  const root = filesRoot(ctx.config.dataDir);
  for (const id of ids) {
    const row = await repo.findFile(ctx.db, id);
    if (!row) continue;
    await repo.deleteFile(ctx.db, id);
    const absolutePath = path.resolve(root, row.storage_key);
    if (absolutePath.startsWith(root + path.sep)) await fs.promises.rm(absolutePath, { force: true });
  }
}

/**
 * Lets more people read a private kind of file: `rule` is asked after administrators and the
 * uploader (who always may). A module registers the rule for its kind when its routes load.
 */
export function allowFileAccess(ctx: ServiceContext, kind: string, rule: FileAccessRule): void {
  if (policyOf(kind).isPublic) throw new Error(`files of kind ${kind} are public already`);
  if (ctx.fileAccess.has(kind)) throw new Error(`an access rule for kind ${kind} is registered already`);
  ctx.fileAccess.set(kind, rule);
}

async function mayRead(ctx: ServiceContext, who: AuthUser | null, row: FileRow): Promise<boolean> {
  if (policyOf(row.kind).isPublic) return true;
  if (!who) return false;
  if (who.roleType === RoleType.ADMIN || who.id === row.create_by) return true;
  const rule = ctx.fileAccess.get(row.kind);
  const file: FileForAccess = { id: row.id, kind: row.kind, createBy: row.create_by };
  return rule ? rule(ctx, who, file) : false;
}

const missing = () => new AppError(ErrorCode.NOT_FOUND, '文件不存在或已被删除', 404);

/**
 * A stored file by id, for `who` (null when anonymous). A private file the caller may not read
 * answers "not found", so its existence is not revealed. The path comes from our own row and must
 * stay under the files folder.
 */
export async function openStoredFile(ctx: ServiceContext, who: AuthUser | null, id: string): Promise<StoredFile> {
  if (!/^[A-Za-z0-9]{1,32}$/.test(id)) throw missing();
  const row = await repo.findFile(ctx.db, id);
  if (!row || !(await mayRead(ctx, who, row))) throw missing();
  const root = filesRoot(ctx.config.dataDir);
  const absolutePath = path.resolve(root, row.storage_key);
  if (!absolutePath.startsWith(root + path.sep)) throw missing();
  const stat = await fs.promises.stat(absolutePath).catch(() => undefined);
  if (!stat?.isFile()) throw missing();
  return {
    absolutePath,
    fileName: row.file_name,
    mime: row.mime,
    size: stat.size,
    isImage: row.mime.startsWith('image/'),
    isPublic: policyOf(row.kind).isPublic,
  };
}
