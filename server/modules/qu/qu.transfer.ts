import { IMPORT_MAX_ITEMS, type ImportCommitBody, type ImportCommitResult, type ImportFormat, type ImportParseResult, type QuBody, type QuExportBody } from '../../../common/api/qu';
import type { Static } from '@sinclair/typebox';
import type { ServiceContext } from '../../context';
import { fail } from '../../lib/errors';
import type { AuthUser } from '../identity/session.service';
import { storeBuffer } from '../file/file.service';
import { runHeavyJob, type HeavyJobLimits } from '../../workers/pool';
import { bytesOf, EXPORT_JOB_LIMITS, readInPages } from '../../workers/xlsx';
import type { ParsedItem } from './import';
import type { ImportJobResult } from './import/import.worker';
import { TEMPLATE_EXAMPLES } from './qu.excel';
import { normalizeQuestion, validateQuestion } from './qu.rules';
import { duplicatesIn, insertQuestions, questionsFor } from './qu.service';
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
 * images, so the preview shows them).
 */
export async function previewImport(ctx: ServiceContext, who: AuthUser, src: ImportSource): Promise<ImportParseResult> {
  if (src.repoId) await assertRepoExists(ctx, src.repoId);
  const { format, items } = await parseInWorker(ctx, who, src);
  if (items.length === 0) throw fail('没有读到试题，请检查文件内容和格式');
  if (items.length > IMPORT_MAX_ITEMS) throw fail(`一次最多导入${IMPORT_MAX_ITEMS}道试题，请拆分后再导入`);
  const duplicate = src.repoId ? await duplicatesIn(ctx, src.repoId, items.map((i) => i.question.content)) : items.map(() => false);
  return {
    format,
    ...(format !== src.format ? { namedFormat: src.format } : {}),
    items: items.map((item, i) => ({ index: i + 1, source: item.source, question: item.question, errors: item.errors, warnings: item.warnings, duplicate: duplicate[i] })),
    warned: items.filter((i) => i.warnings.length > 0).length,
  };
}

/** Limits of one import's parse: a file that inflates or parses past them is refused, the server untouched. */
export const IMPORT_JOB_LIMITS: HeavyJobLimits = {
  memoryMb: 384,
  timeoutMs: 120_000,
  tooBig: '文件解压后过大或试题过多，无法导入，请拆分后再导入',
  tooSlow: '文件解析超时，请拆分后再导入',
};

/**
 * Parses an import in a worker thread, then stores the pictures it found and puts their addresses
 * where the items name them.
 */
async function parseInWorker(ctx: ServiceContext, who: AuthUser, src: ImportSource): Promise<{ format: ImportFormat; items: ParsedItem[] }> {
  const buffer = src.buffer ? new Uint8Array(src.buffer) : undefined;
  const job = await runHeavyJob<ImportJobResult>(
    new URL('./import/import.worker.ts', import.meta.url),
    { format: src.format, text: src.text, buffer, fileName: src.fileName, detect: src.detect === true },
    IMPORT_JOB_LIMITS,
  );
  if (job.images.length === 0) return { format: job.format, items: job.items };
  let json = JSON.stringify(job.items);
  for (const image of job.images) {
    const { url } = await storeBuffer(ctx, who, { kind: 'question', fileName: image.name, data: Buffer.from(image.data) });
    json = json.split(image.placeholder).join(url);
  }
  return { format: job.format, items: JSON.parse(json) as ParsedItem[] };
}

/** Saves previewed questions, all or none: one that is not answerable refuses the whole commit, naming it. */
export async function commitImport(ctx: ServiceContext, userId: string, body: ImportCommitBody): Promise<ImportCommitResult> {
  const ready = body.items.map((q) => normalizeQuestion({ ...q, level: q.level ?? body.level }));
  const bad = ready.map((q, i) => ({ i, issues: validateQuestion(q) })).filter((x) => x.issues.length);
  if (bad.length) {
    const first = bad[0];
    throw fail(`第${first.i + 1}题：${first.issues[0].message}${bad.length > 1 ? `（共${bad.length}道试题有问题）` : ''}`);
  }
  await assertRepoExists(ctx, body.repoId);
  const created = await insertQuestions(ctx, body.repoId, ready, userId);
  return { created, warned: (body.warnings ?? []).slice(0, ready.length).filter((n) => n > 0).length };
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
