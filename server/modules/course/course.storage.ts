import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { CourseFileKind } from '../../../common/api/course';
import { newSecretId } from '../../lib/ids';

/**
 * Course files on disk: DATA_DIR/course/YYYY/MM/<128-bit random>.<ext>, and converted PDFs under
 * DATA_DIR/course/conv/. Names and types come from us, never from the client; the kind is decided
 * by the content's magic bytes.
 */
export const courseRoot = (dataDir: string) => path.resolve(dataDir, 'course');

/** The absolute path of a stored key, or null when the key would leave the course folder. */
export function storedPath(dataDir: string, key: string): string | null {
  if (!key) return null;
  const root = courseRoot(dataDir);
  const abs = path.resolve(root, key);
  return abs.startsWith(root + path.sep) ? abs : null;
}

/** A fresh key for a new file, dated by `now` (server clock). */
export function newStorageKey(now: number, ext: string, folder?: string): string {
  const d = new Date(now);
  const dir = folder ?? path.posix.join(String(d.getUTCFullYear()), String(d.getUTCMonth() + 1).padStart(2, '0'));
  return path.posix.join(dir, `${newSecretId()}${ext}`);
}

export async function removeStored(dataDir: string, keys: Iterable<string>): Promise<void> {
  for (const key of keys) {
    const abs = storedPath(dataDir, key);
    if (abs) await fs.promises.rm(abs, { force: true });
  }
}

export interface Received {
  size: number;
  tooBig: boolean;
}

/**
 * Streams an upload to `target` without holding it in memory, counting bytes; past `limit` the
 * rest is drained and dropped so the client still gets an answer.
 */
export async function receiveToDisk(stream: Readable, target: string, limit: number): Promise<Received> {
  let size = 0;
  let tooBig = false;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limit) tooBig = true;
      done(null, tooBig ? undefined : chunk);
    },
  });
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  await pipeline(stream, counter, fs.createWriteStream(target, { flags: 'wx' }));
  if ((stream as Readable & { truncated?: boolean }).truncated) tooBig = true;
  return { size, tooBig };
}

interface AcceptedType {
  kind: number;
  ext: string;
  mime: string;
}

/** What we accept, by the type file-type reads from the content. */
const BY_CONTENT: Record<string, AcceptedType> = {
  mp4: { kind: CourseFileKind.VIDEO, ext: '.mp4', mime: 'video/mp4' },
  m4v: { kind: CourseFileKind.VIDEO, ext: '.mp4', mime: 'video/mp4' },
  webm: { kind: CourseFileKind.VIDEO, ext: '.webm', mime: 'video/webm' },
  mp3: { kind: CourseFileKind.AUDIO, ext: '.mp3', mime: 'audio/mpeg' },
  m4a: { kind: CourseFileKind.AUDIO, ext: '.m4a', mime: 'audio/mp4' },
  wav: { kind: CourseFileKind.AUDIO, ext: '.wav', mime: 'audio/wav' },
  ogg: { kind: CourseFileKind.AUDIO, ext: '.ogg', mime: 'audio/ogg' },
  oga: { kind: CourseFileKind.AUDIO, ext: '.ogg', mime: 'audio/ogg' },
  opus: { kind: CourseFileKind.AUDIO, ext: '.ogg', mime: 'audio/ogg' },
  pdf: { kind: CourseFileKind.PDF, ext: '.pdf', mime: 'application/pdf' },
  png: { kind: CourseFileKind.IMAGE, ext: '.png', mime: 'image/png' },
  jpg: { kind: CourseFileKind.IMAGE, ext: '.jpg', mime: 'image/jpeg' },
  gif: { kind: CourseFileKind.IMAGE, ext: '.gif', mime: 'image/gif' },
  webp: { kind: CourseFileKind.IMAGE, ext: '.webp', mime: 'image/webp' },
  docx: { kind: CourseFileKind.OFFICE, ext: '.docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kind: CourseFileKind.OFFICE, ext: '.xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { kind: CourseFileKind.OFFICE, ext: '.pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
};

/** Old binary Office formats share one container (CFB); the name tells which. */
const CFB_BY_NAME: Record<string, AcceptedType> = {
  '.doc': { kind: CourseFileKind.OFFICE, ext: '.doc', mime: 'application/msword' },
  '.xls': { kind: CourseFileKind.OFFICE, ext: '.xls', mime: 'application/vnd.ms-excel' },
  '.ppt': { kind: CourseFileKind.OFFICE, ext: '.ppt', mime: 'application/vnd.ms-powerpoint' },
};

/** The kind each accepted file name extension claims. */
const CLAIMED: Record<string, number> = {
  '.mp4': CourseFileKind.VIDEO, '.m4v': CourseFileKind.VIDEO, '.webm': CourseFileKind.VIDEO,
  '.mp3': CourseFileKind.AUDIO, '.m4a': CourseFileKind.AUDIO, '.wav': CourseFileKind.AUDIO, '.ogg': CourseFileKind.AUDIO, '.oga': CourseFileKind.AUDIO, '.opus': CourseFileKind.AUDIO,
  '.pdf': CourseFileKind.PDF,
  '.png': CourseFileKind.IMAGE, '.jpg': CourseFileKind.IMAGE, '.jpeg': CourseFileKind.IMAGE, '.gif': CourseFileKind.IMAGE, '.webp': CourseFileKind.IMAGE,
  '.doc': CourseFileKind.OFFICE, '.docx': CourseFileKind.OFFICE, '.xls': CourseFileKind.OFFICE, '.xlsx': CourseFileKind.OFFICE,
  '.ppt': CourseFileKind.OFFICE, '.pptx': CourseFileKind.OFFICE,
};

export const UNSUPPORTED_TYPE = '不支持的课件类型，仅支持 mp4、webm 视频，mp3、m4a、wav、ogg 音频，PDF，png、jpg、gif、webp 图片，以及 Word、PowerPoint、Excel 文档';

/** Refuses a name whose extension is not one we take (before any byte is stored). */
export function claimedKind(fileName: string): number | undefined {
  return CLAIMED[path.extname(fileName).toLowerCase()];
}

/**
 * The type of a stored upload by its magic bytes, checked against the kind its name claims:
 * a string is the refusal to show.
 */
export async function detectCourseFile(filePath: string, fileName: string): Promise<AcceptedType | string> {
  const claimedExt = path.extname(fileName).toLowerCase();
  const claimed = CLAIMED[claimedExt];
  if (claimed === undefined) return UNSUPPORTED_TYPE;
  const found = await fileTypeFromFile(filePath).catch(() => undefined);
  const accepted = found?.ext === 'cfb' ? CFB_BY_NAME[claimedExt] : found ? BY_CONTENT[found.ext] : undefined;
  if (!accepted) return '文件内容无法识别或不是支持的课件类型，请检查文件是否完整';
  if (accepted.kind !== claimed) return `文件内容与扩展名不符：内容是${CourseFileKind.label(accepted.kind)}，扩展名却是 ${claimedExt}`;
  return accepted;
}

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** Box headers from `start` to `end`: [type, body start, box end]. */
async function* boxes(handle: fs.promises.FileHandle, start: number, end: number) {
  let pos = start;
  for (let guard = 0; pos + 8 <= end && guard < 10_000; guard++) {
    const head = await readAt(handle, pos, 16);
    if (head.length < 8) return;
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let header = 8;
    if (size === 1) {
      if (head.length < 16) return;
      size = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < header) return;
    yield { type, body: pos + header, end: Math.min(pos + size, end) };
    pos += size;
  }
}

/** An MP4/M4A's length in whole seconds from its movie header (mvhd), 0 when it cannot be read. */
export async function mp4DurationSeconds(filePath: string): Promise<number> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    for await (const top of boxes(handle, 0, size)) {
      if (top.type !== 'moov') continue;
      for await (const child of boxes(handle, top.body, top.end)) {
        if (child.type !== 'mvhd') continue;
        const b = await readAt(handle, child.body, 32);
        const version = b[0];
        const timescale = version === 1 ? b.readUInt32BE(20) : b.readUInt32BE(12);
        const duration = version === 1 ? Number(b.readBigUInt64BE(24)) : b.readUInt32BE(16);
        return timescale > 0 ? Math.round(duration / timescale) : 0;
      }
      return 0;
    }
    return 0;
  } catch {
    return 0;
  } finally {
    await handle.close();
  }
}

/** PDFs up to this size have their pages counted (the whole file is read for it). */
const PAGE_COUNT_MAX_BYTES = 64 * 1024 * 1024;

/** A PDF's page count (pdf.js reads the page tree), 0 when it is too large or cannot be read. */
export async function pdfPageCount(filePath: string): Promise<number> {
  try {
    const { size } = await fs.promises.stat(filePath);
    if (size > PAGE_COUNT_MAX_BYTES) return 0;
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const data = new Uint8Array(await fs.promises.readFile(filePath));
    const doc = await pdfjs.getDocument({ data, isEvalSupported: false, verbosity: 0 }).promise;
    try {
      return doc.numPages;
    } finally {
      await doc.destroy();
    }
  } catch {
    return 0;
  }
}
