import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { QuBody, SubQu } from '../../../common/api/qu';
import { QuLevel, QuType } from '../../../common/codes';
import { parseImport } from './import';
import { fakeUploads } from './import/testing';
import { buildImportTemplate, buildQuestionWorkbook, GUIDE_SHEET, QUESTION_SHEET, TEMPLATE_EXAMPLES } from './qu.excel';
import { normalizeQuestion, validateQuestion } from './qu.rules';

/** A question with its item ids replaced by what they point at, and right items as a set. */
function canonical(q: QuBody | SubQu): unknown {
  const rightOf = (id: string) => q.rightList?.find((r) => r.id === id)?.content;
  return {
    ...q,
    answerList: q.answerList?.map(({ id: _id, ...o }) => o),
    leftList: q.leftList?.map((l) => ({ content: l.content, right: rightOf(l.rightId) })),
    rightList: q.rightList?.map((r) => r.content).sort(),
    subList: 'subList' in q ? q.subList?.map(canonical) : undefined,
  };
}

async function roundTrip(questions: QuBody[]) {
  const normalized = questions.map(normalizeQuestion);
  for (const q of normalized) expect(validateQuestion(q), JSON.stringify(q)).toEqual([]);
  const buffer = await buildQuestionWorkbook(normalized);
  const items = await parseImport({ format: 'xlsx', buffer, fileName: '导出.xlsx' }, fakeUploads().deps);
  return { normalized, items, buffer };
}

const every: QuBody[] = [
  {
    quType: QuType.SINGLE,
    level: QuLevel.HARDER,
    content: '第一行<br />第二行 a &lt; b &amp; c',
    analysis: '解析<br />两行',
    tags: ['消防', '灭火器'],
    answerList: [
      { content: '甲', isRight: false },
      { content: '乙', isRight: true },
    ],
  },
  {
    quType: QuType.MULTIPLE,
    content: '十个选项',
    answerList: Array.from({ length: 10 }, (_, i) => ({ content: `选项${i + 1}`, isRight: i % 3 === 0 })),
  },
  {
    quType: QuType.JUDGE,
    content: '判断',
    answerList: [
      { content: '正确', isRight: false },
      { content: '错误', isRight: true },
    ],
  },
  { quType: QuType.SHORT, content: '简答', refAnswer: '参考<br />答案' },
  { quType: QuType.SHORT, content: '没有参考答案的简答' },
  {
    quType: QuType.FILL,
    content: '甲<span data-blank="1"></span>乙<span data-blank="2"></span>',
    blanks: [{ answers: ['一', 'yi', 'Yi Ge'] }, { answers: ['二'] }],
  },
  {
    quType: QuType.MATCH,
    content: '配对',
    leftList: [
      { content: '中国', rightId: 'r2' },
      { content: '日本', rightId: 'r1' },
      { content: '法国', rightId: 'r3' },
    ],
    rightList: [
      { id: 'r1', content: '东京' },
      { id: 'r2', content: '北京' },
      { id: 'r3', content: '巴黎' },
      { id: 'r4', content: '伦敦' },
      { id: 'r5', content: '柏林' },
    ],
  },
  {
    quType: QuType.COMBINED,
    level: QuLevel.HARDER,
    content: '<p>材料第一段</p><p>材料第二段</p>',
    tags: ['应急'],
    analysis: '总解析',
    subList: [
      {
        quType: QuType.SINGLE,
        share: 2,
        content: '小题一',
        analysis: '小题解析',
        answerList: [
          { content: 'A', isRight: true },
          { content: 'B', isRight: false },
        ],
      },
      { quType: QuType.FILL, share: 1, content: '小题<span data-blank="1"></span>', blanks: [{ answers: ['空'] }] },
      {
        quType: QuType.MATCH,
        share: 3,
        content: '小配对',
        leftList: [
          { content: '左1', rightId: 'a' },
          { content: '左2', rightId: 'b' },
        ],
        rightList: [
          { id: 'a', content: '右1' },
          { id: 'b', content: '右2' },
        ],
      },
      {
        quType: QuType.JUDGE,
        share: 1,
        content: '小判断',
        answerList: [
          { content: '正确', isRight: true },
          { content: '错误', isRight: false },
        ],
      },
    ],
  },
  {
    quType: QuType.SINGLE,
    content: '<p style="text-align:center">带<strong>格式</strong>和图片<img src="/api/sys/file/get/abc" /></p>',
    answerList: [
      { content: '<em>斜体</em>', isRight: true },
      { content: '有图', isRight: false, image: '/api/sys/file/get/def' },
    ],
  },
];

describe('Excel export → import', () => {
  it('round-trips every type without errors', async () => {
    const { normalized, items } = await roundTrip(every);
    expect(items.map((i) => i.errors)).toEqual(every.map(() => []));
    // Nothing of our own export is changed or dropped on the way back.
    expect(items.map((i) => i.warnings)).toEqual(every.map(() => []));
    const back = items.map((i) => canonical(i.question));
    // What the template cannot hold: paragraphs come back as lines, an option's picture inside the option.
    const expected = normalized.map((q) => canonical(q));
    (expected[7] as QuBody).content = '材料第一段<br />材料第二段';
    const withImage = expected[8] as { answerList: { content: string; isRight: boolean; image?: string }[] };
    withImage.answerList[1] = { content: '有图<img src="/api/sys/file/get/def" />', isRight: false };
    expect(back).toEqual(expected);
  });

  it('writes our template: exactly named headers, more option columns when needed, readable cells, a 说明 sheet', async () => {
    const { buffer } = await roundTrip(every);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([QUESTION_SHEET, GUIDE_SHEET]);
    const ws = wb.getWorksheet(QUESTION_SHEET)!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      '题型',
      '题干',
      ...'ABCDEFGHIJ'.split('').map((l) => `选项${l}`),
      '答案',
      '解析',
      '难度',
      '知识点',
      '分值占比',
    ]);
    const cells = (r: number) => (ws.getRow(r).values as unknown[]).slice(1);
    expect(cells(2)).toEqual(['单选题', '第一行\n第二行 a < b & c', '甲', '乙', '', '', '', '', '', '', '', '', 'B', '解析\n两行', '较难', '消防，灭火器', '']);
    expect(cells(4).slice(0, 2)).toEqual(['判断题', '判断']);
    expect(cells(4)[12]).toBe('错误');
    expect(cells(7)[0]).toBe('填空题');
    expect(cells(7)[1]).toBe('甲____乙____');
    expect(cells(7)[12]).toBe('一；yi；Yi Ge|二');
    expect(cells(8).slice(0, 7)).toEqual(['配对题', '配对', '中国 -> 北京', '日本 -> 东京', '法国 -> 巴黎', '-> 伦敦', '-> 柏林']);
    expect(cells(10)[0]).toBe('小题-单选题');
    expect(cells(10)[16]).toBe(2);
    const guide = wb.getWorksheet(GUIDE_SHEET)!;
    expect(String(guide.getRow(1).getCell(1).value)).toBe('题库导入模板说明');
  });

  it('the template download holds one valid example per type that imports cleanly', async () => {
    expect(new Set(TEMPLATE_EXAMPLES.map((q) => q.quType))).toEqual(new Set([1, 2, 3, 4, 5, 6, 99]));
    const items = await parseImport({ format: 'xlsx', buffer: await buildImportTemplate() }, fakeUploads().deps);
    expect(items.map((i) => [i.question.quType, i.errors])).toEqual(TEMPLATE_EXAMPLES.map((q) => [q.quType, []]));
    expect(items.map((i) => canonical(i.question))).toEqual(TEMPLATE_EXAMPLES.map((q) => canonical(normalizeQuestion(q))));
  });
});
