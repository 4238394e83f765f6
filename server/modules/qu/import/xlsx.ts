import type ExcelJS from 'exceljs';
import { IMPORT_MAX_ITEMS, type ImportIssue, type QuBody, type QuOption } from '../../../../common/api/qu';
import { QuType } from '../../../../common/codes';
import { fail } from '../../../lib/errors';
import { COLUMNS, MATCH_ARROW } from '../qu.excel';
import { escapeHtml, JUDGE_FALSE, JUDGE_TRUE, optionLetter, type QuTypeValue } from '../qu.rules';
import { assemble, emptyRaw, judgeOf, typeByName, type Draft, type RawQuestion } from './assemble';
import { cellToHtml, foldWidth, sliceHtml, textOf } from './html';
import { tooManyQuestions, type ImportDeps } from './types';
import { levelError, parseLevel, splitTags } from './text';

/**
 * Excel imports, told apart by the header row: our template (one row per question, ../qu.excel.ts
 * documents it) or yf-exam's template and export (one row per option, grouped by 题目序号,
 * reference §3.1). The header row is looked for within the first HEADER_ROWS rows: yf-exam writes
 * a merged title row above it. Pictures placed over a cell are uploaded and added to that cell's
 * content.
 */

const UNREADABLE = '文件无法读取，请确认是有效的 Excel 文件（.xlsx）';
const NO_HEADER = '没有找到题目：表格前几行中应有导入模板的表头（题型、题干、选项A…答案、解析、难度、知识点），或考试系统旧模板的表头（题目序号、题目类型、题目内容…）';
/** How far down the header row may stand (title and note rows above it are skipped). */
const HEADER_ROWS = 10;

/** Header text compared loosely: width folded, spaces and * removed, a trailing (说明) dropped. */
const headerKey = (s: string) =>
  foldWidth(s)
    .replace(/[\s*]/g, '')
    .replace(/\(.*\)$/, '')
    .toUpperCase();

function richRun(run: ExcelJS.RichText): string {
  let html = escapeHtml(run.text).replace(/\r\n|\r|\n/g, '<br>');
  const f = run.font ?? {};
  if (f.vertAlign === 'superscript') html = `<sup>${html}</sup>`;
  if (f.vertAlign === 'subscript') html = `<sub>${html}</sub>`;
  if (f.underline) html = `<u>${html}</u>`;
  if (f.italic) html = `<em>${html}</em>`;
  if (f.bold) html = `<strong>${html}</strong>`;
  return html;
}

/** Excel's escape for characters XML cannot hold (_x000D_ is a carriage return). */
const unescapeX = (s: string) => (s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : s);

/** A cell as text, or as HTML when it holds formatted rich text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return unescapeX(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) {
    const runs = value.richText;
    const formatted = runs.some((r) => r.font && (r.font.bold || r.font.italic || r.font.underline || r.font.vertAlign));
    return unescapeX(formatted ? runs.map(richRun).join('') : runs.map((r) => r.text).join(''));
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || result === null || typeof result === 'object' ? '' : String(result);
  }
  return '';
}

interface Sheet {
  ws: ExcelJS.Worksheet;
  /** The header row; data starts below it. */
  header: number;
  /** Header key → column number. */
  columns: Map<string, number>;
  /** Pictures by "row:col", as <img> HTML, and the upload failures there. */
  images: Map<string, string[]>;
  imageErrors: Map<number, string[]>;
}

async function loadImages(wb: ExcelJS.Workbook, ws: ExcelJS.Worksheet, deps: ImportDeps) {
  const images = new Map<string, string[]>();
  const imageErrors = new Map<number, string[]>();
  let n = 0;
  for (const img of ws.getImages()) {
    const row = Math.floor(img.range.tl.nativeRow) + 1;
    const col = Math.floor(img.range.tl.nativeCol) + 1;
    const media = wb.getImage(Number(img.imageId));
    n += 1;
    try {
      const data = media.buffer ?? (media.base64 ? Buffer.from(media.base64.replace(/^data:[^,]*,/, ''), 'base64') : undefined);
      if (!data) throw new Error('图片内容为空');
      const ext = media.extension === 'jpeg' ? 'jpg' : media.extension;
      const url = await deps.uploadImage(Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer), `image/${media.extension}`, `sheet-image${n}.${ext}`);
      const key = `${row}:${col}`;
      images.set(key, [...(images.get(key) ?? []), `<img src="${escapeHtml(url)}" />`]);
    } catch (err) {
      imageErrors.set(row, [...(imageErrors.get(row) ?? []), err instanceof Error && err.message ? err.message : '上传失败']);
    }
  }
  return { images, imageErrors };
}

function text(sheet: Sheet, row: number, header: string): string {
  const col = sheet.columns.get(headerKey(header));
  return col ? cellText(sheet.ws.getRow(row).getCell(col).value).trim() : '';
}

/** A cell's content as HTML, with the pictures placed over it. */
function html(sheet: Sheet, row: number, header: string): string {
  const col = sheet.columns.get(headerKey(header));
  if (!col) return '';
  const value = text(sheet, row, header);
  const pictures = (sheet.images.get(`${row}:${col}`) ?? []).join('');
  return (value ? cellToHtml(value) : '') + pictures;
}

function isEmptyRow(sheet: Sheet, row: number): boolean {
  const r = sheet.ws.getRow(row);
  for (const col of sheet.columns.values()) if (cellText(r.getCell(col).value).trim()) return false;
  return ![...sheet.columns.values()].some((col) => sheet.images.has(`${row}:${col}`));
}

// ---------- our template ----------

interface TypeCell {
  hint?: QuTypeValue | 'choice';
  sub: boolean;
  error?: string;
}

/** 题型: a name (单选题, 多选 …), a code (1–6, 99), or 小题-单选题 for a combined question's sub-question. */
function readType(value: string): TypeCell {
  let t = foldWidth(value).trim();
  const sub = /^小题/.test(t);
  if (sub) t = t.replace(/^小题\s*[-:、.(]?\s*/, '').replace(/\)$/, '');
  t = t.replace(/[[\]【】]/g, '').trim();
  if (!t) return { sub };
  if (/^\d+$/.test(t)) {
    const code = Number(t);
    return QuType.has(code) ? { hint: code, sub } : { sub, error: `题型“${value}”无法识别` };
  }
  const hint = typeByName(t);
  return hint ? { hint, sub } : { sub, error: `题型“${value}”无法识别` };
}

/** Matching written as pairs `左项 -> 右项` in the option cells, turned into left items, right items and an answer. */
function pairsToMatching(raw: RawQuestion) {
  const cells = raw.options;
  raw.options = [];
  const rights: { key: string; html: string; letter: string }[] = [];
  const pairs: string[] = [];
  for (const cell of cells) {
    const plain = textOf(cell.html);
    const arrow = /\s*(?:->|→|=>)\s*/.exec(plain);
    if (!arrow) {
      raw.errors.push({ field: 'leftList', message: `选项${cell.letter}应写成“左项${MATCH_ARROW}右项”` });
      continue;
    }
    const leftHtml = sliceHtml(cell.html, 0, arrow.index).trim();
    const rightHtml = sliceHtml(cell.html, arrow.index + arrow[0].length).trim();
    const key = textOf(rightHtml).trim();
    let right = rights.find((r) => r.key === key);
    if (!right && (key || /<img\b/i.test(rightHtml))) {
      right = { key, html: rightHtml, letter: optionLetter(rights.length) };
      rights.push(right);
    }
    if (textOf(leftHtml).trim() || /<img\b/i.test(leftHtml)) {
      raw.left.push({ no: raw.left.length + 1, html: leftHtml });
      if (right) pairs.push(`${raw.left.length}-${right.letter}`);
    }
  }
  raw.options = rights.map((r) => ({ letter: r.letter, html: r.html }));
  raw.answer = pairs.length ? [pairs.join(',')] : undefined;
}

function readOurRow(sheet: Sheet, row: number, optionHeaders: string[], type: TypeCell): RawQuestion {
  const raw = emptyRaw(`第${row}行`);
  raw.typeHint = type.hint;
  if (type.error) raw.errors.push({ field: 'quType', message: type.error });
  const stem = html(sheet, row, COLUMNS.stem);
  if (stem) raw.stem.push(stem);
  for (const header of optionHeaders) {
    const cell = html(sheet, row, header);
    if (cell) raw.options.push({ letter: header.slice(2), html: cell });
  }
  const answer = html(sheet, row, COLUMNS.answer);
  if (answer) raw.answer = [answer];
  const analysis = html(sheet, row, COLUMNS.analysis);
  if (analysis) raw.analysis.push(analysis);
  const level = text(sheet, row, COLUMNS.level);
  if (level) {
    const value = parseLevel(level);
    if (value) raw.level = value;
    else raw.errors.push({ field: 'level', message: levelError(level) });
  }
  raw.tags = splitTags(text(sheet, row, COLUMNS.tags));
  const share = text(sheet, row, COLUMNS.share);
  if (share && type.sub) {
    const n = Number(share);
    if (Number.isInteger(n) && n >= 1 && n <= 100) raw.share = n;
    else raw.errors.push({ field: 'share', message: `分值占比“${share}”应是1到100的整数` });
  }
  if (type.hint === QuType.MATCH) pairsToMatching(raw);
  for (const message of sheet.imageErrors.get(row) ?? []) raw.errors.push({ field: '', message: `第${row}行有图片无法导入：${message}` });
  return raw;
}

function readOurs(sheet: Sheet, max: number): Draft[] {
  const optionHeaders = [...sheet.columns.keys()].filter((k) => /^选项[A-Z]$/.test(k)).sort();
  const out: Draft[] = [];
  let combined: { raw: RawQuestion; first: number; last: number; subRows: number[] } | undefined;
  const flush = () => {
    if (!combined) return;
    const c = combined;
    combined = undefined;
    c.raw.source = c.last > c.first ? `第${c.first}-${c.last}行` : `第${c.first}行`;
    const draft = assemble(c.raw);
    draft.rows = { base: c.first, fields: Object.fromEntries(c.subRows.map((r, i) => [`subList.${i}`, r])) };
    out.push(draft);
  };
  for (let row = sheet.header + 1; row <= sheet.ws.rowCount; row += 1) {
    if (isEmptyRow(sheet, row)) continue;
    const type = readType(text(sheet, row, COLUMNS.type));
    const raw = readOurRow(sheet, row, optionHeaders, type);
    if (type.sub && combined) {
      combined.raw.subs.push(raw);
      combined.subRows.push(row);
      combined.last = row;
      continue;
    }
    flush();
    // Each row starts a question (or, after a combined one, adds to it): one past the limit stops the reading.
    if (out.length >= max) throw tooManyQuestions(max);
    if (type.sub) raw.errors.push({ field: 'quType', message: '小题必须紧跟在它所属的组合题那一行之后' });
    if (type.hint === QuType.COMBINED) {
      combined = { raw, first: row, last: row, subRows: [] };
      continue;
    }
    out.push(assemble(raw));
  }
  flush();
  return out;
}

// ---------- the yf-exam template ----------

const YF = {
  no: '题目序号',
  type: '题目类型',
  content: '题目内容',
  analysis: '整体解析',
  images: '题目图片',
  video: '题目视频',
  repo: '所属题库',
  isRight: '是否正确项',
  option: '选项内容',
  optionAnalysis: '选项解析',
  optionImage: '选项图片',
} as const;

const YF_TYPES: Record<string, QuTypeValue> = { '1': QuType.SINGLE, '2': QuType.MULTIPLE, '3': QuType.JUDGE, '4': QuType.SHORT };
/** 是否正确项: 0/1 as the template asks; true/false as a database may have written it. */
const YF_FLAGS: Record<string, boolean> = { '1': true, '0': false, true: true, false: false };

function readYf(sheet: Sheet, max: number): Draft[] {
  const groups = new Map<string, number[]>();
  const out: { first: number; draft: Draft }[] = [];
  let skipped: number | undefined;
  for (let row = sheet.header + 1; row <= sheet.ws.rowCount; row += 1) {
    if (isEmptyRow(sheet, row)) continue;
    const no = foldWidth(text(sheet, row, YF.no)).trim();
    if (!/^\d+$/.test(no)) {
      // The template's first row under the header explains the columns; it is skipped whether or not it was deleted.
      if (row === sheet.header + 1) {
        skipped = row;
        continue;
      }
      if (groups.size + out.length >= max) throw tooManyQuestions(max);
      out.push({
        first: row,
        draft: {
          source: `第${row}行`,
          question: { quType: QuType.SHORT, content: html(sheet, row, YF.content) },
          errors: [{ field: '', message: `题目序号“${no}”必须是整数` }],
          rows: { base: row, fields: {} },
        },
      });
      continue;
    }
    const group = groups.get(no);
    if (group) group.push(row);
    else {
      if (groups.size + out.length >= max) throw tooManyQuestions(max);
      groups.set(no, [row]);
    }
  }
  for (const rows of groups.values()) out.push({ first: rows[0], draft: readYfQuestion(sheet, rows) });
  const drafts = out.sort((a, b) => a.first - b.first).map((o) => o.draft);
  const first = drafts[0];
  if (skipped !== undefined && first?.rows) {
    // Named by its own row, like every message of a spreadsheet.
    first.rows.fields.instructions = skipped;
    (first.warnings ??= []).unshift({ field: 'instructions', message: '模板的说明行，已跳过' });
  }
  return drafts;
}

function readYfQuestion(sheet: Sheet, rows: number[]): Draft {
  const first = rows[0];
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const fields: Record<string, number> = {};
  const typeText = foldWidth(text(sheet, first, YF.type));
  let quType = YF_TYPES[typeText];
  if (!quType) {
    errors.push({ field: 'quType', message: '题目类型只能是1（单选题）、2（多选题）、3（判断题）或4（主观题）' });
    quType = QuType.SHORT;
  }
  let content = html(sheet, first, YF.content);
  for (const url of text(sheet, first, YF.images).split(/[,，\s]+/).filter(Boolean)) {
    if (!/^https?:\/\//i.test(url)) errors.push({ field: 'content', message: `题目图片“${url}”不是完整的网址` });
    else content += `<img src="${escapeHtml(url)}" />`;
  }
  const video = text(sheet, first, YF.video);
  if (video) content += `<p><a href="${escapeHtml(video)}">题目视频</a></p>`;
  const repos = text(sheet, first, YF.repo);
  if (repos) warnings.push({ field: '', message: `所属题库“${repos}”未使用：题目导入到所选的题库` });
  const question: QuBody = { quType, content, analysis: html(sheet, first, YF.analysis) };
  const options: QuOption[] = [];
  for (const row of rows) {
    const optionText = html(sheet, row, YF.option);
    const image = text(sheet, row, YF.optionImage);
    const flag = foldWidth(text(sheet, row, YF.isRight)).trim().toLowerCase();
    const analysis = html(sheet, row, YF.optionAnalysis);
    if (!optionText && !image && !flag && !analysis) continue;
    const i = options.length;
    fields[`answerList.${i}`] = row;
    if (YF_FLAGS[flag] === undefined) errors.push({ field: `answerList.${i}.isRight`, message: '是否正确项只能填0或1' });
    const option: QuOption = { content: optionText, isRight: YF_FLAGS[flag] === true };
    if (analysis) option.analysis = analysis;
    if (image) option.image = image;
    options.push(option);
    for (const message of sheet.imageErrors.get(row) ?? []) errors.push({ field: '', message: `图片无法导入：${message}` });
  }
  if (quType === QuType.SHORT) {
    // A subjective question's option rows, if any, hold its reference answer.
    question.refAnswer = options.map((o) => o.content).filter(Boolean).join('<br>');
  } else if (quType === QuType.JUDGE) {
    question.answerList = judgeOptions(options, fields, warnings);
  } else {
    question.answerList = options;
  }
  const last = rows[rows.length - 1];
  const contiguous = last - first + 1 === rows.length;
  return {
    source: contiguous ? (last > first ? `第${first}-${last}行` : `第${first}行`) : `第${rows.join('、')}行`,
    question,
    errors,
    warnings,
    rows: { base: first, fields },
  };
}

/**
 * yf-exam's true/false questions are two option rows in either order, worded 正确/错误, 对/错, √/× …:
 * put in our order (正确, 错误), their rows following them. Anything else is left for validation to report.
 */
function judgeOptions(options: QuOption[], fields: Record<string, number>, warnings: ImportIssue[]): QuOption[] {
  const words = options.map((o) => judgeOf(o.content));
  if (options.length !== 2 || words[0] === undefined || words[1] === undefined || words[0] === words[1]) return options;
  const order = words[0] ? [0, 1] : [1, 0];
  const rows = order.map((i) => fields[`answerList.${i}`]);
  rows.forEach((row, i) => (fields[`answerList.${i}`] = row));
  if (!words[0]) warnings.push({ field: 'answerList', message: '判断题的两个选项已按“正确、错误”的顺序排列' });
  return order.map((i, k) => ({ ...options[i], content: k === 0 ? JUDGE_TRUE : JUDGE_FALSE }));
}

// ---------- entry ----------

function columnsOf(ws: ExcelJS.Worksheet, row: number): Map<string, number> {
  const columns = new Map<string, number>();
  ws.getRow(row).eachCell((cell, col) => {
    const key = headerKey(cellText(cell.value));
    if (key && !columns.has(key)) columns.set(key, col);
  });
  return columns;
}

const isOurs = (columns: Map<string, number>) => columns.has(headerKey(COLUMNS.type)) && columns.has(headerKey(COLUMNS.stem));
const isYf = (columns: Map<string, number>) => columns.has(YF.no) && columns.has(YF.content);

/** The header row within the first rows of a sheet, and which template it is. */
function headerOf(ws: ExcelJS.Worksheet): { header: number; columns: Map<string, number>; yf: boolean } | undefined {
  for (let row = 1; row <= Math.min(HEADER_ROWS, ws.rowCount); row += 1) {
    const columns = columnsOf(ws, row);
    if (isOurs(columns)) return { header: row, columns, yf: false };
    if (isYf(columns)) return { header: row, columns, yf: true };
  }
  return undefined;
}

export async function parseXlsx(buffer: Buffer, deps: ImportDeps, max = IMPORT_MAX_ITEMS): Promise<Draft[]> {
  // Loaded when a workbook is read: a pasted text's worker starts without it.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw fail(UNREADABLE);
  }
  for (const ws of wb.worksheets) {
    const found = headerOf(ws);
    if (!found) continue;
    const sheet: Sheet = { ws, header: found.header, columns: found.columns, ...(await loadImages(wb, ws, deps)) };
    return found.yf ? readYf(sheet, max) : readOurs(sheet, max);
  }
  throw fail(NO_HEADER);
}
