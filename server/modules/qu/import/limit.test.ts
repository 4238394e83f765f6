import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ITEMS } from '../../../../common/api/qu';
import { parseDocx } from './docx';
import { parseGift } from './gift';
import { parseImport } from './index';
import { parseMoodleXml } from './moodleXml';
import { fakeUploads, makeDocx } from './testing';
import { parseText } from './text';
import { parseXlsx } from './xlsx';

/**
 * Every reader counts the questions while it reads and stops at the first one past the limit with
 * the message the preview gives (一次最多导入…道试题): a file of too many questions is never read to
 * its end first. The readers are called with a small limit; parseImport with the real one.
 */

const tooMany = (max: number) => `一次最多导入${max}道试题，请拆分后再导入`;

const textOf = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}. 第${i + 1}题题干\nA. 甲\nB. 乙\n答案：A`).join('\n\n');
const giftOf = (n: number) => Array.from({ length: n }, (_, i) => `::题${i + 1}:: 第${i + 1}题 {=甲 ~乙}`).join('\n\n');
const xmlOf = (n: number, tail = '</quiz>') =>
  `<?xml version="1.0"?><quiz><question type="category"><category><text>$course$/默认</text></category></question>` +
  Array.from({ length: n }, (_, i) => `<question type="truefalse"><name><text>题${i + 1}</text></name><questiontext format="html"><text>第${i + 1}题</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>`).join('') +
  tail;

async function ourWorkbook(n: number, combinedAt?: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('题目');
  ws.addRow(['题型', '题干', '选项A', '选项B', '答案']);
  for (let i = 1; i <= n; i++) {
    if (i === combinedAt) {
      ws.addRow(['组合题', `第${i}题材料`]);
      ws.addRow(['小题-单选题', '小题一', '甲', '乙', 'A']);
      ws.addRow(['小题-单选题', '小题二', '甲', '乙', 'B']);
    } else ws.addRow(['单选题', `第${i}题`, '甲', '乙', 'A']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function yfWorkbook(n: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['题目序号', '题目类型', '题目内容', '整体解析', '题目图片', '题目视频', '所属题库', '是否正确项', '选项内容', '选项解析', '选项图片']);
  for (let i = 1; i <= n; i++) {
    ws.addRow([i, 1, `第${i}题`, '', '', '', '', 1, '甲', '', '']);
    ws.addRow([i, 1, `第${i}题`, '', '', '', '', 0, '乙', '', '']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const docxOf = (n: number) => makeDocx(Array.from({ length: n }, (_, i) => [`${i + 1}. 第${i + 1}题题干`, 'A. 甲', 'B. 乙', '答案：A', '']).flat());

describe('the question limit, checked while reading', () => {
  it('plain text: the limit is read, the question after it stops the reading', () => {
    expect(parseText(textOf(3), 3)).toHaveLength(3);
    expect(() => parseText(textOf(4), 3)).toThrow(tooMany(3));
  });

  it('Word: the limit is read, the question after it stops the reading', async () => {
    const deps = fakeUploads().deps;
    expect(await parseDocx(await docxOf(3), deps, 3)).toHaveLength(3);
    await expect(parseDocx(await docxOf(4), deps, 3)).rejects.toThrow(tooMany(3));
  });

  it('Excel, our template: rows count as questions, a combined one with its sub-questions as one', async () => {
    const deps = fakeUploads().deps;
    expect(await parseXlsx(await ourWorkbook(3, 2), deps, 3)).toHaveLength(3);
    await expect(parseXlsx(await ourWorkbook(4, 2), deps, 3)).rejects.toThrow(tooMany(3));
  });

  it('Excel, the yf-exam template: each 题目序号 is one question', async () => {
    const deps = fakeUploads().deps;
    expect(await parseXlsx(await yfWorkbook(3), deps, 3)).toHaveLength(3);
    await expect(parseXlsx(await yfWorkbook(4), deps, 3)).rejects.toThrow(tooMany(3));
  });

  it('GIFT: the limit is read, the question after it stops the reading (categories and comments do not count)', () => {
    expect(parseGift(`// 第一部分\n$CATEGORY: 甲\n\n${giftOf(3)}`, 3)).toHaveLength(3);
    expect(() => parseGift(giftOf(4), 3)).toThrow(tooMany(3));
  });

  it('Moodle XML: counted before the document is parsed (categories do not count)', async () => {
    const deps = fakeUploads().deps;
    expect(await parseMoodleXml(xmlOf(3), deps, 3)).toHaveLength(3);
    await expect(parseMoodleXml(xmlOf(4), deps, 3)).rejects.toThrow(tooMany(3));
    // Broken after its questions: a parse first would call the file unreadable; the count refuses it before.
    await expect(parseMoodleXml(xmlOf(4, '<question'), deps, 3)).rejects.toThrow(tooMany(3));
  });

  it('an import holds at most IMPORT_MAX_ITEMS questions, whatever its format', async () => {
    const deps = fakeUploads().deps;
    await expect(parseImport({ format: 'gift', text: giftOf(IMPORT_MAX_ITEMS + 1) }, deps)).rejects.toThrow(tooMany(IMPORT_MAX_ITEMS));
    await expect(parseImport({ format: 'text', text: textOf(IMPORT_MAX_ITEMS + 1) }, deps)).rejects.toThrow(tooMany(IMPORT_MAX_ITEMS));
    await expect(parseImport({ format: 'xml', text: xmlOf(IMPORT_MAX_ITEMS + 1) }, deps)).rejects.toThrow(tooMany(IMPORT_MAX_ITEMS));
    expect(await parseImport({ format: 'gift', text: giftOf(IMPORT_MAX_ITEMS) }, deps)).toHaveLength(IMPORT_MAX_ITEMS);
  }, 60_000);
});
