import { IMPORT_MAX_ITEMS, type ImportCommitBody, type ImportCommitResult, type ImportFormat, type ImportIssue, type QuBody, type QuExportBody } from '../../../common/api/qu';
import type { Static } from '@sinclair/typebox';
import type { ServiceContext } from '../../context';
import { fail } from '../../lib/errors';
import type { AuthUser } from '../identity/session.service';
import { storeBuffer } from '../file/file.service';
import { prewarmHeavyJob, runHeavyJob, type HeavyJobLimits } from '../../workers/pool';
import type { ImportJobResult } from './import/import.worker';
import { buildImportTemplate, buildQuestionWorkbook } from './qu.excel';
import { normalizeQuestion, validateQuestion } from './qu.rules';
import { breather, duplicateKeysIn, insertQuestions, questionsFor } from './qu.service';
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
}

/**
 * Reads an import into a preview: every item with all its problems and a duplicate flag against
 * the target bank. Nothing is saved but the pictures found in a Word file (stored as question
 * images, so the preview shows them). Answers the preview (ImportParseResult) as JSON, written in
 * the worker but for the duplicate flags: serializing 5,000 questions here would hold up the
 * event loop that serves live exams.
 */
export async function previewImport(ctx: ServiceContext, who: AuthUser, src: ImportSource): Promise<string> {
  if (src.repoId) await assertRepoExists(ctx, src.repoId);
  const job = await parseInWorker(src);
  if (job.items.length === 0) throw fail('没有读到试题，请检查文件内容和格式');
  if (job.items.length > IMPORT_MAX_ITEMS) throw fail(`一次最多导入${IMPORT_MAX_ITEMS}道试题，请拆分后再导入`);
  const items = await withStoredImages(ctx, who, job);
  const duplicate = src.repoId ? await duplicateKeysIn(ctx, src.repoId, job.keys) : job.keys.map(() => false);
  const head = `{"format":${JSON.stringify(job.format)},${job.format !== src.format ? `"namedFormat":${JSON.stringify(src.format)},` : ''}"items":[`;
  return `${head}${items.map((item, i) => `${item},"duplicate":${duplicate[i]}}`).join(',')}],"warned":${job.warned}}`;
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
  return runHeavyJob<ImportJobResult>(IMPORT_WORKER, { format: src.format, text: src.text, buffer, fileName: src.fileName, detect: src.detect === true }, IMPORT_JOB_LIMITS);
}

/** Starts the import worker ahead of the first import (at the server's start): it then finds tsx and its parsers loaded. */
export const prewarmImports = () => prewarmHeavyJob(IMPORT_WORKER, IMPORT_JOB_LIMITS);

/** Stores the pictures an import found and puts their addresses where its items name them. */
async function withStoredImages(ctx: ServiceContext, who: AuthUser, job: ImportJobResult): Promise<string[]> {
  let items = job.items;
  for (const image of job.images) {
    const { url } = await storeBuffer(ctx, who, { kind: 'question', fileName: image.name, data: Buffer.from(image.data) });
    // The address as it stands inside a JSON string.
    const escaped = JSON.stringify(url).slice(1, -1);
    items = items.map((item) => (item.includes(image.placeholder) ? item.split(image.placeholder).join(escaped) : item));
  }
  return items;
}

/** Saves previewed questions, all or none: one that is not answerable refuses the whole commit, naming it. */
export async function commitImport(ctx: ServiceContext, userId: string, body: ImportCommitBody): Promise<ImportCommitResult> {
  // Sanitizing and checking 5,000 questions takes a while: in batches, the event loop free in between.
  const ready: QuBody[] = [];
  const bad: Array<{ i: number; issues: ImportIssue[] }> = [];
  const breathe = breather();
  for (let i = 0; i < body.items.length; i += 1) {
    await breathe();
    const q = normalizeQuestion({ ...body.items[i], level: body.items[i].level ?? body.level });
    const issues = validateQuestion(q);
    if (issues.length) bad.push({ i, issues });
    ready.push(q);
  }
  if (bad.length) {
    const first = bad[0];
    throw fail(`第${first.i + 1}题：${first.issues[0].message}${bad.length > 1 ? `（共${bad.length}道试题有问题）` : ''}`);
  }
  await assertRepoExists(ctx, body.repoId);
  const created = await insertQuestions(ctx, body.repoId, ready, userId, { normalized: true });
  return { created, warned: (body.warnings ?? []).slice(0, ready.length).filter((n) => n > 0).length };
}

/** Questions (by id, or as a filter selects them) as an Excel file in our import template. */
export async function exportQuestions(ctx: ServiceContext, body: Static<typeof QuExportBody>): Promise<Buffer> {
  const p = body.params ?? {};
  const questions = await questionsFor(
    ctx,
    body.ids?.length
      ? { ids: [...new Set(body.ids)] }
      : {
          repoId: p.repoId?.trim() || undefined,
          quType: p.quType === '' ? undefined : p.quType,
          level: p.level === '' ? undefined : p.level,
          content: p.content?.trim() || undefined,
          tag: p.tag?.trim() || undefined,
        },
    EXPORT_MAX,
  );
  if (questions.length === 0) throw fail('没有可导出的试题');
  return buildQuestionWorkbook(questions);
}

export const importTemplate = () => buildImportTemplate();
