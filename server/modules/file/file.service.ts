import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import dayjs from 'dayjs';
import type { Kysely } from 'kysely';
import type { UploadResult } from '../../../common/api';
import { ErrorCode } from '../../../common/errorCodes';
import type { DB, SysFileTable } from '../../db/schema';
import { AppError, fail } from '../../lib/errors';
import { newSecretId } from '../../lib/ids';
import type { AuthUser } from '../auth/session.service';
import * as repo from './file.repository';

const MB = 1024 * 1024;
/** Kinds shown as pictures in the apps: images only, small. */
const IMAGE_KINDS = new Set(['avatar', 'logo']);
export const IMAGE_LIMIT = 5 * MB;
export const FILE_LIMIT = 200 * MB;

interface ImageType {
  ext: string;
  mime: string;
  matches(head: Buffer): boolean;
}

/** Raster images recognised by their magic bytes (no SVG: it can carry script). */
const IMAGE_TYPES: ImageType[] = [
  { ext: '.png', mime: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: '.jpg', mime: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: '.gif', mime: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.toString('latin1', 0, 6)) },
  { ext: '.webp', mime: 'image/webp', matches: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP' },
];
const IMAGE_EXTS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);

/** Documents and media accepted for the other kinds, with the type we serve them as. */
const FILE_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
};

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
}

const filesRoot = (dataDir: string) => path.resolve(dataDir, 'files');

/** Display name: the last path segment, without control characters, bounded. */
function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(-200);
  return cleaned || 'file';
}

const sniffImage = (head: Buffer) => IMAGE_TYPES.find((t) => t.matches(head));

/** Copies the upload to `target`, keeping its first bytes and size; stops writing past `limit`. */
async function receive(stream: Readable, target: string, limit: number) {
  let size = 0;
  let head = Buffer.alloc(0);
  let tooBig = false;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
      if (size > limit) tooBig = true;
      // Past the limit the rest is drained and dropped, so the client still gets an answer.
      done(null, tooBig ? undefined : chunk);
    },
  });
  await pipeline(stream, counter, fs.createWriteStream(target, { flags: 'wx' }));
  if ((stream as Readable & { truncated?: boolean }).truncated) tooBig = true;
  return { size, head, tooBig };
}

/**
 * Stores one upload under <dataDir>/files/YYYY/MM/<id><ext>. Avatars and logos must be PNG, JPEG,
 * GIF or WEBP (checked by content) up to 5 MB; other kinds take the allowed document and media
 * types up to 200 MB. The stored name and type come from us, never from the client.
 */
export async function storeUpload(db: Kysely<DB>, dataDir: string, who: AuthUser, upload: IncomingUpload): Promise<UploadResult> {
  const kind = (upload.kind ?? '').trim().toLowerCase() || 'file';
  const imageOnly = IMAGE_KINDS.has(kind);
  const name = displayName(upload.fileName);
  const claimedExt = path.extname(name).toLowerCase();
  const refusal = !/^[a-z][a-z0-9_-]{0,31}$/.test(kind)
    ? '上传类型参数不正确'
    : !imageOnly && !IMAGE_EXTS.has(claimedExt) && !FILE_TYPES[claimedExt]
      ? '不支持的文件类型，仅支持 pdf、doc、docx、xls、xlsx、ppt、pptx、mp4、mp3、zip、txt 与 png、jpg、gif、webp 图片'
      : undefined;
  if (refusal) {
    // Drain the part so the request completes and the refusal reaches the client.
    upload.stream.resume();
    throw fail(refusal);
  }

  const id = newSecretId();
  const month = dayjs();
  const relDir = path.posix.join(month.format('YYYY'), month.format('MM'));
  const dir = path.join(filesRoot(dataDir), relDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const partPath = path.join(dir, `${id}.part`);
  const limit = imageOnly ? IMAGE_LIMIT : FILE_LIMIT;

  let received: Awaited<ReturnType<typeof receive>>;
  try {
    received = await receive(upload.stream, partPath, limit);
  } catch (e) {
    await fs.promises.rm(partPath, { force: true });
    throw e;
  }
  const discard = () => fs.promises.rm(partPath, { force: true });
  if (received.tooBig) {
    await discard();
    throw fail(imageOnly ? '图片不能超过 5MB' : '文件不能超过 200MB');
  }
  if (received.size === 0) {
    await discard();
    throw fail('上传的文件是空的');
  }

  let ext = claimedExt;
  let mime = FILE_TYPES[claimedExt];
  if (imageOnly || IMAGE_EXTS.has(claimedExt)) {
    const image = sniffImage(received.head);
    if (!image) {
      await discard();
      throw fail('仅支持 PNG、JPG、GIF、WEBP 格式的图片');
    }
    ext = image.ext;
    mime = image.mime;
  }

  const storageKey = `${relDir}/${id}${ext}`;
  const finalPath = path.join(filesRoot(dataDir), storageKey);
  await fs.promises.rename(partPath, finalPath);
  const row: SysFileTable = {
    id,
    storage_key: storageKey,
    file_name: name,
    mime,
    size: received.size,
    create_by: who.id,
    create_time: Date.now(),
  };
  try {
    await repo.insertFile(db, row);
  } catch (e) {
    await fs.promises.rm(finalPath, { force: true });
    throw e;
  }
  return { id, url: `/api/sys/file/get/${id}`, name, size: received.size };
}

const missing = () => new AppError(ErrorCode.NOT_FOUND, '文件不存在或已被删除', 404);

/** A stored file by id; the path comes from our own row, and must stay under the files folder. */
export async function findStoredFile(db: Kysely<DB>, dataDir: string, id: string): Promise<StoredFile> {
  if (!/^[A-Za-z0-9]{1,32}$/.test(id)) throw missing();
  const row = await repo.findFile(db, id);
  if (!row) throw missing();
  const root = filesRoot(dataDir);
  const absolutePath = path.resolve(root, row.storage_key);
  if (!absolutePath.startsWith(root + path.sep)) throw missing();
  const stat = await fs.promises.stat(absolutePath).catch(() => undefined);
  if (!stat?.isFile()) throw missing();
  return { absolutePath, fileName: row.file_name, mime: row.mime, size: stat.size, isImage: row.mime.startsWith('image/') };
}
