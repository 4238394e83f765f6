import { IMPORT_MAX_ITEMS, type ImportCommitResult, type ImportFormat, type QuBody, type QuExportBody } from '../../../common/api/qu';
import type { Static } from '@sinclair/typebox';
import type { ServiceContext } from '../../context';
import { fail } from '../../lib/errors';
import type { AuthUser } from '../identity/session.service';
import { storeBuffer } from '../file/file.service';
import { prewarmHeavyJob, runHeavyJob, type HeavyJobLimits } from '../../workers/pool';
import { bytesOf, EXPORT_JOB_LIMITS, readInPages } from '../../workers/xlsx';
import type { CommitJobInput, CommitJobResult } from './import/commit.worker';
import type { ImportJobResult } from './import/import.worker';
import { TEMPLATE_EXAMPLES } from './qu.excel';
import { duplicateKeysIn, insertPreparedQuestions, questionsFor } from './qu.service';
import { assertRepoExists } from './repo.service';

/** Imports (preview, then commit) and exports of questions. */

export const EXPORT_MAX = 10_000;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportSource {
  /** The format the file's name or the request named. */
  format: ImportFormat;
  text?: string;
  buffer?: Buffer;
  fileName?: string;
  repoId?: string;
  /** Read the format from the content when it clearly is another (import/index.ts resolveFormat). */
  detect?: boolean;
  /** The client's name for the parse while it queues (workers/pool.ts heavyJobProgress). */
  ticket?: string;
}

/**
 * Reads an import into a preview: every item with all its problems and a duplicate flag against
 * the target bank. Nothing is saved but the pictures found in a Word file (stored as question
 * images, so the preview shows them). Answers the preview (ImportParseResult) as pieces of JSON
 * bytes, written in the worker: here the duplicate flags are set in place and the frame added, so
 * that 5,000 questions cost the event loop that serves live exams no serialization, no encoding
 * and no copy.
 */
export async function previewImport(ctx: ServiceContext, who: AuthUser, src: ImportSource): Promise<Buffer[]> {
  if (src.repoId) await assertRepoExists(ctx, src.repoId);
  const job = await parseInWorker(src);
  if (job.flags.length === 0) throw fail('没有读到试题，请检查文件内容和格式');
  if (job.flags.length > IMPORT_MAX_ITEMS) throw fail(`一次最多导入${IMPORT_MAX_ITEMS}道试题，请拆分后再导入`);
  const items = Buffer.from(job.items.buffer, job.items.byteOffset, job.items.byteLength);
  if (src.repoId) {
    const duplicate = await duplicateKeysIn(ctx, src.repoId, job.keys);
    duplicate.forEach((dup, i) => dup && items.write('true ', job.flags[i], 'latin1'));
  }
  const head = `{"format":${JSON.stringify(job.format)},${job.format !== src.format ? `"namedFormat":${JSON.stringify(src.format)},` : ''}"items":[`;
  return [Buffer.from(head), await withStoredImages(ctx, who, job.images, items), Buffer.from(`],"warned":${job.warned}}`)];
}

/** Limits of one import's parse: a file that inflates or parses past them is refused, the server untouched. */
export const IMPORT_JOB_LIMITS: HeavyJobLimits = {
  memoryMb: 384,
  timeoutMs: 120_000,
  tooBig: '文件解压后过大或试题过多，无法导入，请拆分后再导入',
  tooSlow: '文件解析超时，请拆分后再导入',
};

const IMPORT_WORKER = new URL('./import/import.worker.ts', import.meta.url);

/** Parses an import in a worker thread (warm and reused: see workers/pool.ts). */
function parseInWorker(src: ImportSource): Promise<ImportJobResult> {
  const buffer = src.buffer ? new Uint8Array(src.buffer) : undefined;
  return runHeavyJob<ImportJobResult>(IMPORT_WORKER, { format: src.format, text: src.text, buffer, fileName: src.fileName, detect: src.detect === true }, IMPORT_JOB_LIMITS, [], src.ticket);
}

/** Starts the import worker ahead of the first import (at the server's start): it then finds tsx and its parsers loaded. */
export const prewarmImports = () => prewarmHeavyJob(IMPORT_WORKER, IMPORT_JOB_LIMITS);

/** Stores the pictures an import found and puts their addresses where its items name them (a Word file's few). */
async function withStoredImages(ctx: ServiceContext, who: AuthUser, images: ImportJobResult['images'], items: Buffer): Promise<Buffer> {
  if (images.length === 0) return items;
  let text = items.toString('utf8');
  for (const image of images) {
    const { url } = await storeBuffer(ctx, who, { kind: 'question', fileName: image.name, data: Buffer.from(image.data) });
    // The address as it stands inside a JSON string.
    text = text.split(image.placeholder).join(JSON.stringify(url).slice(1, -1));
  }
  return Buffer.from(text);
}

const COMMIT_WORKER = new URL('./import/commit.worker.ts', import.meta.url);

/**
 * Saves previewed questions, all or none: one that is not answerable refuses the whole commit,
 * naming it. `raw`: the request's JSON body, unread: a worker reads, checks and prepares it
 * (import/commit.worker.ts), the server only writes the rows.
 */
export async function commitImport(ctx: ServiceContext, userId: string, raw: Buffer, ticket?: string): Promise<ImportCommitResult> {
  // The body's own bytes move to the worker; a slice of Node's shared pool is copied instead.
  const own = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength;
  const body = own ? new Uint8Array(raw.buffer, 0, raw.byteLength) : new Uint8Array(raw);
  const job = await runHeavyJob<CommitJobResult>(COMMIT_WORKER, { body, userId, now: ctx.clock.now() } satisfies CommitJobInput, IMPORT_JOB_LIMITS, [body.buffer as ArrayBuffer], ticket);
  await assertRepoExists(ctx, job.repoId);
  const created = await insertPreparedQuestions(ctx, job.repoId, job.parts);
  return { created, warned: job.warned };
}

/** Questions (by id, or as a filter selects them) as an Excel file in our import template. */
export async function exportQuestions(ctx: ServiceContext, body: Static<typeof QuExportBody>): Promise<Buffer> {
  const p = body.params ?? {};
  const filter = body.ids?.length
    ? { ids: [...new Set(body.ids)] }
    : {
        repoId: p.repoId?.trim() || undefined,
        quType: p.quType === '' ? undefined : p.quType,
        level: p.level === '' ? undefined : p.level,
        content: p.content?.trim() || undefined,
        tag: p.tag?.trim() || undefined,
      };
  const questions = await readInPages(EXPORT_MAX, (offset, size) => questionsFor(ctx, filter, size, offset));
  if (questions.length === 0) throw fail('没有可导出的试题');
  return questionWorkbook(questions);
}

/** The template download: our template with one example row per type, and the 说明 sheet. */
export const importTemplate = () => questionWorkbook(TEMPLATE_EXAMPLES);

/** Questions written into our template by a worker thread (qu.export.worker.ts). */
async function questionWorkbook(questions: QuBody[]): Promise<Buffer> {
  return bytesOf(await runHeavyJob<Uint8Array>(new URL('./qu.export.worker.ts', import.meta.url), questions, EXPORT_JOB_LIMITS));
}
