import type ExcelJS from 'exceljs';
import type { QuBody, SubQu } from '../../../common/api/qu';
import { QuLevel, QuType } from '../../../common/codes';
import { IMPORT_XLSX_GUIDE } from './import/guide';
import { decodeEntities, htmlToText, optionLetter } from './qu.rules';

/**
 * Our Excel template: one row per question, the header cells named exactly as below. Export
 * writes it, the import reads it back (import/xlsx.ts), so export → import round-trips every type:
 *
 *   题型      单选题 多选题 判断题 简答题 填空题 配对题 组合题 (or the codes 1–6, 99); empty = inferred as in the text format
 *   题干      the stem; fill-in blanks written ____ ; formatting and pictures as HTML
 *   选项A…    options (more columns 选项I, 选项J … may be added up to the limit)
 *   答案      single/multiple: letters (A, ABD, A,B,D); true/false: 正确/错误 (对/错, √/×, T/F);
 *             fill-in: 北京|上海 (| between blanks, ； between alternatives); short answer: the reference answer
 *   解析, 难度 (易/中/难, 普通/较难, 1/2), 知识点 (separated by ，、；)
 *   分值占比  only for the sub-questions of a combined question (default 1)
 *
 * Matching: each 选项 cell holds one pair `左项 -> 右项`; a cell `-> 右项` adds a distractor; 答案
 * stays empty. Combined: a 组合题 row holds the material in 题干; the rows right after it whose
 * 题型 is `小题-单选题`, `小题-填空题` … are its sub-questions.
 *
 * Not expressible (dropped on export): an option's own analysis and the fill-in matching switches
 * (imports take the defaults); an option's picture goes into the option cell as <img>.
 */

export const QUESTION_SHEET = '题目';
export const GUIDE_SHEET = '说明';
export const COLUMNS = { type: '题型', stem: '题干', answer: '答案', analysis: '解析', level: '难度', tags: '知识点', share: '分值占比' } as const;
const optionHeader = (i: number) => `选项${optionLetter(i)}`;
/** At least 选项A … 选项H, more when a question needs them. */
const MIN_OPTION_COLUMNS = 8;
const MAX_OPTION_COLUMNS = 26;
const SUB_TYPE_PREFIX = '小题-';
export const MATCH_ARROW = ' -> ';

const BLANK_MARKER = /<span\b[^>]*\bdata-blank="[^"]*"[^>]*>[\s\S]*?<\/span>/gi;

/**
 * A rich-text field as a cell: plain text (lines as line breaks) when it is only text in
 * paragraphs, else the HTML itself so nothing is lost. Fill-in blank markers become ____.
 */
export function htmlToCell(html: string | undefined): string {
  const h = (html ?? '').replace(BLANK_MARKER, '____').trim();
  if (/<(?!\/?p>|br\s*\/?>)/i.test(h)) return h;
  return decodeEntities(
    h
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*<p>/gi, '\n')
      .replace(/<\/?p>/gi, ''),
  ).trim();
}

type AnyQu = Pick<QuBody, 'quType' | 'content' | 'analysis' | 'answerList' | 'refAnswer' | 'blanks' | 'leftList' | 'rightList'>;

function optionCells(q: AnyQu): string[] {
  if (q.quType === QuType.SINGLE || q.quType === QuType.MULTIPLE) {
    return (q.answerList ?? []).map((o) => htmlToCell(o.content + (o.image ? `<img src="${o.image}" />` : '')));
  }
  if (q.quType === QuType.MATCH) {
    const right = q.rightList ?? [];
    const used = new Set((q.leftList ?? []).map((l) => l.rightId));
    const rightText = (id: string) => htmlToCell(right.find((r) => r.id === id)?.content);
    return [
      ...(q.leftList ?? []).map((l) => `${htmlToCell(l.content)}${MATCH_ARROW}${rightText(l.rightId)}`),
      ...right.filter((r) => !used.has(r.id)).map((r) => `${MATCH_ARROW.trimStart()}${htmlToCell(r.content)}`),
    ];
  }
  return [];
}

function answerCell(q: AnyQu): string {
  switch (q.quType) {
    case QuType.SINGLE:
    case QuType.MULTIPLE:
      return (q.answerList ?? []).map((o, i) => (o.isRight ? optionLetter(i) : '')).join('');
    case QuType.JUDGE:
      return htmlToText(q.answerList?.find((o) => o.isRight)?.content ?? '').trim();
    case QuType.FILL:
      return (q.blanks ?? []).map((b) => b.answers.join('；')).join('|');
    case QuType.SHORT:
      return htmlToCell(q.refAnswer);
    default:
      return '';
  }
}

function rowValues(q: AnyQu, type: string, columns: number, extra: { level?: string; tags?: string; share?: number }): (string | number)[] {
  const options = optionCells(q);
  return [
    type,
    htmlToCell(q.content),
    ...Array.from({ length: columns }, (_, i) => options[i] ?? ''),
    answerCell(q),
    htmlToCell(q.analysis),
    extra.level ?? '',
    extra.tags ?? '',
    extra.share ?? '',
  ];
}

const optionsNeeded = (q: AnyQu) => optionCells(q).length;

function addGuideSheet(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet(GUIDE_SHEET);
  ws.getColumn(1).width = 110;
  for (const line of IMPORT_XLSX_GUIDE.split('\n')) {
    const row = ws.addRow([line]);
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    if (/^[一二三四五六七八九十]、|^题库导入模板/.test(line)) row.font = { bold: true };
  }
}

/**
 * Questions as an .xlsx in our import template (sheet 题目, then the 说明 sheet): what export
 * downloads, and with TEMPLATE_EXAMPLES what the template download is.
 */
export async function buildQuestionWorkbook(questions: QuBody[]): Promise<Buffer> {
  const needed = Math.max(MIN_OPTION_COLUMNS, ...questions.flatMap((q) => [optionsNeeded(q), ...(q.subList ?? []).map(optionsNeeded)]));
  const columns = Math.min(MAX_OPTION_COLUMNS, needed);
  // Loaded when a workbook is written: the importers that only need the column names start without it.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  wb.creator = 'Examhall';
  const ws = wb.addWorksheet(QUESTION_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const headers = [COLUMNS.type, COLUMNS.stem, ...Array.from({ length: columns }, (_, i) => optionHeader(i)), COLUMNS.answer, COLUMNS.analysis, COLUMNS.level, COLUMNS.tags, COLUMNS.share];
  ws.addRow(headers).font = { bold: true };
  ws.columns.forEach((col, i) => {
    col.width = i === 0 ? 14 : i === 1 ? 50 : headers[i] === COLUMNS.analysis ? 40 : 18;
  });
  for (const q of questions) {
    const level = QuLevel.label(q.level ?? QuLevel.ORDINARY);
    const tags = (q.tags ?? []).join('，');
    ws.addRow(rowValues(q, QuType.label(q.quType), columns, { level, tags }));
    if (q.quType === QuType.COMBINED) {
      for (const sub of q.subList ?? []) ws.addRow(rowValues(sub as SubQu, `${SUB_TYPE_PREFIX}${QuType.label(sub.quType)}`, columns, { share: sub.share }));
    }
  }
  ws.eachRow((row) => {
    row.alignment = { wrapText: true, vertical: 'top' };
  });
  addGuideSheet(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One example per type, for the template download. */
export const TEMPLATE_EXAMPLES: QuBody[] = [
  {
    quType: QuType.SINGLE,
    level: QuLevel.ORDINARY,
    content: '使用干粉灭火器灭火时，第一步应当（　）。',
    answerList: [
      { content: '拔出保险销', isRight: true },
      { content: '对准火焰顶部喷射', isRight: false },
      { content: '将灭火器倒置摇晃', isRight: false },
      { content: '按下压把', isRight: false },
    ],
    analysis: '先拔保险销，再握住喷管对准火焰根部，最后压下压把。',
    tags: ['消防', '灭火器'],
  },
  {
    quType: QuType.MULTIPLE,
    level: QuLevel.ORDINARY,
    content: '下列属于国家规定的安全色的有（　）。',
    answerList: [
      { content: '红色', isRight: true },
      { content: '蓝色', isRight: true },
      { content: '黄色', isRight: true },
      { content: '紫色', isRight: false },
    ],
    analysis: '安全色为红、蓝、黄、绿四种。',
    tags: ['安全标志'],
  },
  {
    quType: QuType.JUDGE,
    level: QuLevel.ORDINARY,
    content: '电器着火时，应先切断电源再灭火。',
    answerList: [
      { content: '正确', isRight: true },
      { content: '错误', isRight: false },
    ],
    analysis: '带电灭火容易触电，应先断电。',
    tags: ['用电安全'],
  },
  {
    quType: QuType.FILL,
    level: QuLevel.ORDINARY,
    content: '火灾报警电话是<span data-blank="1"></span>，急救电话是<span data-blank="2"></span>。',
    blanks: [{ answers: ['119'] }, { answers: ['120'] }],
    analysis: '',
    tags: ['消防'],
  },
  {
    quType: QuType.SHORT,
    level: QuLevel.HARDER,
    content: '简述安全生产“三不伤害”的内容。',
    refAnswer: '不伤害自己，不伤害他人，不被他人伤害。',
    analysis: '',
    tags: ['安全生产'],
  },
  {
    quType: QuType.MATCH,
    level: QuLevel.ORDINARY,
    content: '将下列火灾类别与可燃物配对。',
    leftList: [
      { content: 'A类火灾', rightId: 'r1' },
      { content: 'B类火灾', rightId: 'r2' },
      { content: 'E类火灾', rightId: 'r3' },
    ],
    rightList: [
      { id: 'r1', content: '木材、纸张等固体' },
      { id: 'r2', content: '汽油、柴油等液体' },
      { id: 'r3', content: '带电设备' },
      { id: 'r4', content: '烹饪油脂' },
    ],
    analysis: '',
    tags: ['消防'],
  },
  {
    quType: QuType.COMBINED,
    level: QuLevel.HARDER,
    content: '阅读材料：某车间下班后未切断电源，电线老化短路引发火灾，值班人员发现后立即报警并组织疏散。',
    analysis: '',
    tags: ['消防', '应急处置'],
    subList: [
      {
        quType: QuType.SINGLE,
        share: 1,
        content: '本次火灾的直接原因是（　）。',
        answerList: [
          { content: '电线老化短路', isRight: true },
          { content: '人员吸烟', isRight: false },
          { content: '雷击', isRight: false },
        ],
      },
      { quType: QuType.SHORT, share: 2, content: '值班人员的做法有哪些值得肯定？', refAnswer: '及时报警，迅速组织人员疏散。' },
    ],
  },
];

/** The template download: our template with one example row per type, and the 说明 sheet. */
export function buildImportTemplate(): Promise<Buffer> {
  return buildQuestionWorkbook(TEMPLATE_EXAMPLES);
}
