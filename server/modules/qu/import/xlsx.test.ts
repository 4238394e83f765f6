import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { parseImport } from './index';
import { fakeUploads, TINY_PNG, view } from './testing';

const HEADER = ['题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '选项G', '选项H', '答案', '解析', '难度', '知识点'];

async function workbook(rows: unknown[][], build?: (wb: ExcelJS.Workbook, ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const row of rows) ws.addRow(row);
  build?.(wb, ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A row of our template by column name. */
function row(cells: Partial<Record<(typeof HEADER)[number] | '分值占比', unknown>>, header: string[] = HEADER): unknown[] {
  return header.map((h) => cells[h] ?? null);
}

async function parseXlsx(buffer: Buffer, uploads = fakeUploads()) {
  return (await parseImport({ format: 'xlsx', buffer, fileName: '题库.xlsx' }, uploads.deps)).map((item) => ({ ...view(item), source: item.source }));
}

describe('Excel import: our template', () => {
  it('reads one question per row: type names and codes, answers as in the text format, level and knowledge points', async () => {
    const buffer = await workbook([
      HEADER,
      row({ 题型: '单选题', 题干: '灭火第一步？', 选项A: '拔销', 选项B: '喷射', 选项C: '倒置', 答案: 'A', 解析: '先拔销', 难度: '易', 知识点: '消防，灭火器' }),
      row({ 题型: 2, 题干: '安全色有', 选项A: '红', 选项B: '蓝', 选项C: '紫', 答案: 'A,B', 难度: '较难' }),
      row({ 题型: '判断题', 题干: '电器着火先断电', 答案: '对' }),
      row({ 题型: '判断', 题干: '选项写法', 选项A: '正确', 选项B: '错误', 答案: 'B' }),
      row({ 题型: '填空题', 题干: '火警____，急救____', 答案: '119|120；急救中心' }),
      row({ 题型: '简答题', 题干: '三不伤害', 答案: '不伤害自己\n不伤害他人' }),
      row({ 题干: '没写题型', 选项A: '甲', 选项B: '乙', 答案: 'AB' }),
      [],
      row({ 题型: 5, 题干: '数字答案____', 答案: 3.14 }),
    ]);
    expect(await parseXlsx(buffer)).toEqual([
      { type: '单选题', content: '灭火第一步？', options: ['*拔销', '喷射', '倒置'], analysis: '先拔销', tags: ['消防', '灭火器'], source: '第2行' },
      { type: '多选题', content: '安全色有', options: ['*红', '*蓝', '紫'], level: 2, source: '第3行' },
      { type: '判断题', content: '电器着火先断电', options: ['*正确', '错误'], source: '第4行' },
      { type: '判断题', content: '选项写法', options: ['正确', '*错误'], source: '第5行' },
      { type: '填空题', content: '火警<span data-blank="1"></span>，急救<span data-blank="2"></span>', blanks: ['119', '120/急救中心'], source: '第6行' },
      { type: '简答题', content: '三不伤害', ref: '不伤害自己<br />不伤害他人', source: '第7行' },
      { type: '多选题', content: '没写题型', options: ['*甲', '*乙'], source: '第8行' },
      { type: '填空题', content: '数字答案<span data-blank="1"></span>', blanks: ['3.14'], source: '第10行' },
    ]);
  });

  it('matching as 左项 -> 右项 pairs (a lone -> 右项 is a distractor); combined as a 组合题 row and its 小题 rows', async () => {
    const header = [...HEADER, '分值占比'];
    const buffer = await workbook([
      header,
      row({ 题型: '配对题', 题干: '国家与首都', 选项A: '中国 -> 北京', 选项B: '日本→东京', 选项C: '-> 巴黎' }, header),
      row({ 题型: '组合题', 题干: '阅读材料', 难度: '难', 知识点: '应急' }, header),
      row({ 题型: '小题-单选题', 题干: '原因是', 选项A: '短路', 选项B: '雷击', 答案: 'A' }, header),
      row({ 题型: '小题：填空题', 题干: '要素____', 答案: '可燃物', 分值占比: 3 }, header),
      row({ 题型: '小题-单选题', 题干: '没有正确答案', 选项A: '甲', 选项B: '乙' }, header),
      row({ 题型: '简答题', 题干: '普通题' }, header),
      row({ 题型: '小题-简答题', 题干: '跟错了地方' }, header),
    ]);
    const items = await parseImport({ format: 'xlsx', buffer }, fakeUploads().deps);
    expect(items.map((i) => ({ ...view(i), source: i.source }))).toEqual([
      { type: '配对题', content: '国家与首都', pairs: ['中国=北京', '日本=东京'], right: ['北京', '东京', '巴黎'], source: '第2行' },
      {
        type: '组合题',
        content: '阅读材料',
        level: 2,
        tags: ['应急'],
        subs: [
          { type: '单选题', content: '原因是', options: ['*短路', '雷击'] },
          { type: '填空题', content: '要素<span data-blank="1"></span>', blanks: ['可燃物'], share: 3 },
          { type: '单选题', content: '没有正确答案', options: ['甲', '乙'] },
        ],
        errors: ['第6行：第3小题：单选题必须有且只有一个正确答案'],
        source: '第3-6行',
      },
      { type: '简答题', content: '普通题', source: '第7行' },
      { type: '简答题', content: '跟错了地方', errors: ['小题必须紧跟在它所属的组合题那一行之后'], source: '第8行' },
    ]);
    expect(items[1].errors[0].field).toBe('subList.2.answerList');
  });

  it('reports what a row gets wrong, and reads full-width, spaced and starred headers', async () => {
    const header = [' 题型 ', '*题干', '选项Ａ', '选项 B', '答案', '难度'];
    const buffer = await workbook([
      header,
      ['单选题', '题', '甲', '乙', 'E', '超难'],
      ['奇怪题', '题', null, null, '参考', null],
      ['多选题', null, '甲', null, 'A', null],
    ]);
    expect(await parseXlsx(buffer)).toEqual([
      {
        type: '单选题',
        content: '题',
        options: ['甲', '乙'],
        errors: ['难度“超难”无法识别，请写易、中、难（或普通、较难）', '答案中的E没有对应的选项', '单选题必须有且只有一个正确答案'],
        source: '第2行',
      },
      { type: '简答题', content: '题', ref: '参考', errors: ['题型“奇怪题”无法识别'], source: '第3行' },
      { type: '多选题', content: '', options: ['*甲'], errors: ['题干不能为空', '多选题至少需要两个选项'], source: '第4行' },
    ]);
  });

  it('keeps bold, italic, sub/superscript written in a cell, and pictures placed over a cell', async () => {
    const uploads = fakeUploads();
    const buffer = await workbook(
      [
        HEADER,
        row({
          题型: '单选题',
          题干: { richText: [{ text: '水是H' }, { text: '2', font: { vertAlign: 'subscript' } }, { text: 'O，' }, { text: '对吗', font: { bold: true } }] },
          选项A: '是',
          选项B: '否',
          答案: 'A',
        }),
      ],
      (wb, ws) => {
        const id = wb.addImage({ buffer: TINY_PNG as unknown as ExcelJS.Buffer, extension: 'png' });
        ws.addImage(id, { tl: { col: 1, row: 1 }, ext: { width: 20, height: 20 } });
        const id2 = wb.addImage({ buffer: TINY_PNG as unknown as ExcelJS.Buffer, extension: 'png' });
        ws.addImage(id2, { tl: { col: 3, row: 1 }, ext: { width: 20, height: 20 } });
      },
    );
    expect(await parseXlsx(buffer, uploads)).toEqual([
      {
        type: '单选题',
        content: '水是H<sub>2</sub>O，<strong>对吗</strong><img src="/api/sys/file/get/img1" />',
        options: ['*是', '否<img src="/api/sys/file/get/img2" />'],
        source: '第2行',
      },
    ]);
    expect(uploads.stored.map((s) => s.contentType)).toEqual(['image/png', 'image/png']);
  });

  it('refuses a workbook without a known header, and a file that is not a workbook', async () => {
    await expect(parseImport({ format: 'xlsx', buffer: await workbook([['姓名', '成绩'], ['张三', 90]]) }, fakeUploads().deps)).rejects.toThrow(
      '没有找到题目：表格前几行中应有导入模板的表头',
    );
    const bad = parseImport({ format: 'xlsx', buffer: Buffer.from('PK not really') }, fakeUploads().deps);
    await expect(bad).rejects.toBeInstanceOf(AppError);
    await expect(bad).rejects.toThrow('文件无法读取，请确认是有效的 Excel 文件（.xlsx）');
  });
});

describe('Excel import: the yf-exam template', () => {
  const YF = ['题目序号', '题目类型', '题目内容', '整体解析', '题目图片', '题目视频', '所属题库', '是否正确项', '选项内容', '选项解析', '选项图片'];
  const instructions = ['数字，相同序号为同一题', '1单选 2多选 3判断 4主观', '必填', '', '多个用逗号隔开', '', '题库ID', '0或1', '', '', ''];

  it('groups option rows by 题目序号, skips the instruction row and names rows in its messages', async () => {
    const buffer = await workbook([
      YF,
      instructions,
      [1, 1, '灭火第一步？', '先拔销', 'https://img.example.com/a.png', '', 'repo1,repo2', 1, '拔销', '对', ''],
      [1, null, null, null, null, null, null, 0, '喷射', '', 'https://img.example.com/b.png'],
      [2, 2, '安全色', '', '', 'https://video.example.com/v.mp4', '', 1, '红', '', ''],
      [2, null, null, null, null, null, null, 1, '蓝', '', ''],
      [2, null, null, null, null, null, null, 0, '紫', '', ''],
      [3, 3, '地球是圆的', '', '', '', '', 1, '正确', '', ''],
      [3, null, null, null, null, null, null, 0, '错误', '', ''],
      [4, 4, '简述三不伤害', '', '', '', '', null, null, '', ''],
      [5, 1, '坏题', '', 'ftp://x', '', '', 2, '甲', '', ''],
      [5, null, null, null, null, null, null, 1, '', '', ''],
      [6, 7, '类型不对', '', '', '', '', 1, '甲', '', ''],
    ]);
    const items = await parseImport({ format: 'xlsx', buffer }, fakeUploads().deps);
    expect(items.map((i) => ({ ...view(i), source: i.source }))).toEqual([
      {
        type: '单选题',
        content: '灭火第一步？<img src="https://img.example.com/a.png" />',
        options: ['*拔销', '喷射[https://img.example.com/b.png]'],
        analysis: '先拔销',
        source: '第3-4行',
      },
      {
        type: '多选题',
        content: '安全色<p><a rel="noopener noreferrer" target="_blank" href="https://video.example.com/v.mp4">题目视频</a></p>',
        options: ['*红', '*蓝', '紫'],
        source: '第5-7行',
      },
      { type: '判断题', content: '地球是圆的', options: ['*正确', '错误'], source: '第8-9行' },
      { type: '简答题', content: '简述三不伤害', source: '第10行' },
      {
        type: '单选题',
        content: '坏题',
        options: ['甲', '*'],
        errors: ['第11行：题目图片“ftp://x”不是完整的网址', '第11行：是否正确项只能填0或1', '第12行：选项B的内容不能为空'],
        source: '第11-12行',
      },
      {
        type: '简答题',
        content: '类型不对',
        ref: '甲',
        errors: ['第13行：题目类型只能是1（单选题）、2（多选题）、3（判断题）或4（主观题）'],
        source: '第13行',
      },
    ]);
    expect(items[0].question.answerList![0].analysis).toBe('对');
  });

  it('reads the data from row 2 when the instruction row was deleted, and reports a bad 题目序号', async () => {
    const buffer = await workbook([
      YF,
      [1, 3, '地球是圆的', '', '', '', '', 0, '正确', '', ''],
      [1, null, null, null, null, null, null, 1, '错误', '', ''],
      ['一', 1, '序号不是数字', '', '', '', '', 1, '甲', '', ''],
    ]);
    expect(await parseXlsx(buffer)).toEqual([
      { type: '判断题', content: '地球是圆的', options: ['正确', '*错误'], source: '第2-3行' },
      { type: '简答题', content: '序号不是数字', errors: ['第4行：题目序号“一”必须是整数'], source: '第4行' },
    ]);
  });
});

/**
 * A workbook laid out as POI's streaming writer (which yf-exam uses) writes it: one sheet, every
 * cell an inline string (no shared-strings part, no styles), the first row a title merged across
 * the header's width. Built here from the column layout, not copied from any file.
 */
async function inlineWorkbook(title: string, rows: string[][]): Promise<Buffer> {
  const col = (i: number) => String.fromCharCode(65 + i);
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '&#xa;');
  const cells = (r: string[], n: number) => r.map((v, i) => `<c r="${col(i)}${n}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join('');
  const sheet = [[title], ...rows].map((r, i) => `<row r="${i + 1}">${cells(r, i + 1)}</row>`).join('');
  const width = rows[0].length;
  const zip = new JSZip();
  const rels = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const officeRels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  );
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${rels}"><Relationship Id="rId1" Type="${officeRels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${officeRels}"><sheets><sheet name="Export" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  zip.file('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${rels}"><Relationship Id="rId1" Type="${officeRels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`);
  zip.file(
    'xl/worksheets/sheet1.xml',
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      `<sheetData>${sheet}</sheetData><mergeCells count="1"><mergeCell ref="A1:${col(width - 1)}1"/></mergeCells></worksheet>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('Excel import: files yf-exam writes', () => {
  const YF = ['题目序号', '题目类型', '题目内容', '整体解析', '题目图片', '题目视频', '所属题库', '是否正确项', '选项内容', '选项解析', '选项图片'];
  const read = async (buffer: Buffer) =>
    (await parseImport({ format: 'xlsx', buffer, fileName: '试题.xlsx' }, fakeUploads().deps)).map((i) => ({
      ...view(i),
      source: i.source,
      ...(i.warnings.length ? { warnings: i.warnings.map((w) => w.message) } : {}),
    }));

  it('its template: a merged title row, the header, the instruction row to delete, then one row per option', async () => {
    const buffer = await inlineWorkbook('试题数据', [
      YF,
      ['导入前删除本行：序号为数字，同一数字是同一题', '1单选 2多选 3判断 4主观', '题干', '解析', '图片网址', '视频网址', '题库ID', '0或1', '选项', '选项解析', '选项图片'],
      ['1', '2', '下列数中能被3整除的有', '整除的定义', '', '', '', '1', '数字：9', '9÷3=3', ''],
      ['1', '', '', '', '', '', '', '0', '数字：10', '', ''],
      ['1', '', '', '', '', '', '', '1', '数字：12', '12÷3=4', ''],
    ]);
    expect(await read(buffer)).toEqual([
      {
        type: '多选题',
        content: '下列数中能被3整除的有',
        options: ['*数字：9', '数字：10', '*数字：12'],
        analysis: '整除的定义',
        source: '第4-6行',
        warnings: ['第3行：模板的说明行，已跳过'],
      },
    ]);
  });

  it('its export: title row, header, then rows whose later options repeat only 题目序号 with 题目类型 0', async () => {
    const buffer = await inlineWorkbook('试题', [
      YF,
      ['1', '1', '灭火器第一步是', '先拔销', '', '', 'r1,r2', '1', '拔出保险销', '', ''],
      ['1', '0', '', '', '', '', '', '0', '对准火焰', '', ''],
      ['2', '3', '电器着火应先断电', '', '', '', 'r1', '0', '错误', '', ''],
      ['2', '0', '', '', '', '', '', '1', '正确', '', ''],
      ['3', '2', '三原色是\n（光学）', '', '', '', '', '1', '红', '', ''],
      ['3', '0', '', '', '', '', '', '1', '绿', '', ''],
      ['3', '0', '', '', '', '', '', '1', '蓝', '', ''],
      ['3', '0', '', '', '', '', '', '0', '黄', '', ''],
    ]);
    expect(await read(buffer)).toEqual([
      {
        type: '单选题',
        content: '灭火器第一步是',
        options: ['*拔出保险销', '对准火焰'],
        analysis: '先拔销',
        source: '第3-4行',
        warnings: ['第3行：所属题库“r1,r2”未使用：题目导入到所选的题库'],
      },
      {
        type: '判断题',
        content: '电器着火应先断电',
        options: ['*正确', '错误'],
        source: '第5-6行',
        warnings: ['第5行：所属题库“r1”未使用：题目导入到所选的题库', '第5行：判断题的两个选项已按“正确、错误”的顺序排列'],
      },
      { type: '多选题', content: '三原色是<br />（光学）', options: ['*红', '*绿', '*蓝', '黄'], source: '第7-10行' },
    ]);
  });

  it('是否正确项 written true/false is read like 1/0; a true/false question worded 对/错 is stored as 正确/错误', async () => {
    const buffer = await inlineWorkbook('试题', [YF, ['1', '3', '水是液体', '', '', '', '', 'true', '对', '', ''], ['1', '0', '', '', '', '', '', 'false', '错', '', '']]);
    expect(await read(buffer)).toEqual([{ type: '判断题', content: '水是液体', options: ['*正确', '错误'], source: '第3-4行' }]);
  });
});

describe('Excel import: our template under title rows', () => {
  it('finds the header below a merged title and a note row', async () => {
    const buffer = await workbook(
      [['2024 年安全题库'], ['说明：每行一道题'], HEADER, row({ 题型: '单选题', 题干: '灭火第一步？', 选项A: '拔销', 选项B: '喷射', 答案: 'A' }), row({ 题干: '地球是圆的', 答案: '✔' })],
      (_wb, ws) => ws.mergeCells('A1:N1'),
    );
    expect(await parseXlsx(buffer)).toEqual([
      { type: '单选题', content: '灭火第一步？', options: ['*拔销', '喷射'], source: '第4行' },
      { type: '判断题', content: '地球是圆的', options: ['*正确', '错误'], source: '第5行' },
    ]);
  });

  it('a header further down than the first rows is not looked for', async () => {
    const rows = [...Array.from({ length: 10 }, (_, i) => [`标题${i + 1}`]), HEADER, row({ 题型: '单选题', 题干: '题', 选项A: '甲', 选项B: '乙', 答案: 'A' })];
    await expect(parseImport({ format: 'xlsx', buffer: await workbook(rows) }, fakeUploads().deps)).rejects.toThrow('没有找到题目');
  });
});
