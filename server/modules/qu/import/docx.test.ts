import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { assemble } from './assemble';
import { linesOfHtml } from './docx';
import { parseImport } from './index';
import { readLines } from './text';
import { fakeUploads, makeDocx, TINY_PNG, view, type DocxParagraph } from './testing';

async function parseDocx(paragraphs: DocxParagraph[], pictures: Record<string, Buffer> = {}, uploads = fakeUploads()) {
  const buffer = await makeDocx(paragraphs, pictures);
  return (await parseImport({ format: 'docx', buffer, fileName: '试题.docx' }, uploads.deps)).map((item) => ({ ...view(item), source: item.source }));
}

describe('Word import', () => {
  it('reads the text conventions paragraph by paragraph, keeping formatting and pictures where they stood', async () => {
    const uploads = fakeUploads();
    const items = await parseDocx(
      [
        '安全知识测试',
        '',
        '一、单选题',
        { runs: ['1. 水的化学式是H', { text: '2', sub: true }, 'O，', { text: '下列说法', bold: true }, '正确的是（　）'] },
        { runs: [{ image: 'stem.png' }] },
        { runs: ['A. 甲', { br: true }, 'B. ', { image: 'option.png' }] },
        'C. x',
        { runs: [{ text: '答案：', bold: true }, 'B'] },
        { runs: ['解析：', { text: '见教材', italic: true }] },
        '',
        '',
        '二、判断题',
        { runs: ['2. 地球是', { bookmark: '_Hlk1234' }, '圆的。'] },
        '答案：√',
      ],
      { 'stem.png': TINY_PNG, 'option.png': TINY_PNG },
      uploads,
    );
    expect(items).toEqual([
      {
        type: '单选题',
        content: '水的化学式是H<sub>2</sub>O，<strong>下列说法</strong>正确的是（\u3000）<br /><img src="/api/sys/file/get/img1" />',
        options: ['甲', '*<img src="/api/sys/file/get/img2" />', 'x'],
        analysis: '<em>见教材</em>',
        source: '第1题（第4段）',
      },
      { type: '判断题', content: '地球是圆的。', options: ['*正确', '错误'], source: '第2题（第13段）' },
    ]);
    expect(uploads.stored.map((s) => [s.contentType, s.name, s.data.equals(TINY_PNG)])).toEqual([
      ['image/png', 'image1.png', true],
      ['image/png', 'image2.png', true],
    ]);
  });

  it('reads Word’s automatic numbering: numbered paragraphs are questions, nested or following a stem they are options', async () => {
    expect(
      await parseDocx([
        { runs: ['首都是哪里？'], numbered: 0 },
        { runs: ['北京'], numbered: 1 },
        { runs: ['上海'], numbered: 1 },
        '答案：A',
        { runs: ['地球是圆的'], numbered: 0 },
        '答案：对',
        { runs: ['火警电话是多少？'], numbered: 0 },
        '',
        { runs: ['110'], numbered: 0 },
        { runs: ['119'], numbered: 0 },
        '答案：B',
      ]),
    ).toEqual([
      { type: '单选题', content: '首都是哪里？', options: ['*北京', '上海'], source: '第1题（第1段）' },
      { type: '判断题', content: '地球是圆的', options: ['*正确', '错误'], source: '第2题（第5段）' },
      { type: '单选题', content: '火警电话是多少？', options: ['110', '*119'], source: '第3题（第7段）' },
    ]);
  });

  it('pictures as options written on one line', async () => {
    expect(await parseDocx([' 1. 哪个是灭火器？', { runs: ['A.', { image: 'a.png' }, '  B.', { image: 'b.png' }] }, '答案：B'], { 'a.png': TINY_PNG, 'b.png': TINY_PNG })).toEqual([
      { type: '单选题', content: '哪个是灭火器？', options: ['<img src="/api/sys/file/get/img1" />', '*<img src="/api/sys/file/get/img2" />'], source: '第1题（第1段）' },
    ]);
  });

  it('underlined spaces are blanks, like underscores', async () => {
    expect(await parseDocx([{ runs: ['1. 火警电话是', { text: '      ', underline: true }, '，急救电话是____。'] }, '答案：119|120'])).toEqual([
      { type: '填空题', content: '火警电话是<span data-blank="1"></span>，急救电话是<span data-blank="2"></span>。', blanks: ['119', '120'], source: '第1题（第1段）' },
    ]);
  });

  it('a picture that cannot be stored is named on its question, which still comes through', async () => {
    const refusing = fakeUploads(() => '图片太大');
    expect(await parseDocx([{ runs: ['1. 看图', { image: 'a.png' }] }, '答案：参考'], { 'a.png': TINY_PNG }, refusing)).toEqual([
      { type: '简答题', content: '看图【图片无法导入1】', ref: '参考', errors: ['第1张图片无法导入：图片太大'], source: '第1题（第1段）' },
    ]);
  });

  it('headings, tables and bullet lists in mammoth’s HTML: a table stays whole in the stem', () => {
    const html =
      '<h1>一、简答题</h1><p>1. 根据下表回答：</p><table><tr><td>甲</td><td>1 &amp; 2</td></tr></table>' +
      '<ul><li>要点一</li><li>要点二</li></ul><p>答案：见表</p>';
    const lines = linesOfHtml(html);
    expect(lines.map((l) => [l.no, l.text])).toEqual([
      [1, '一、简答题'],
      [2, '1. 根据下表回答：'],
      [3, '甲1 & 2'],
      [4, '要点一'],
      [5, '要点二'],
      [6, '答案：见表'],
    ]);
    const [draft] = readLines(lines, '段').map(assemble);
    expect(draft.question).toMatchObject({
      quType: 4,
      content: '根据下表回答：<br><table><tr><td>甲</td><td>1 &amp; 2</td></tr></table><br>要点一<br>要点二',
      refAnswer: '见表',
    });
    expect(draft.source).toBe('第1题（第2段）');
  });

  it('a file that is not a Word document is refused whole, in Chinese', async () => {
    const bad = parseImport({ format: 'docx', buffer: Buffer.from('这不是 Word 文件'), fileName: 'x.docx' }, fakeUploads().deps);
    await expect(bad).rejects.toBeInstanceOf(AppError);
    await expect(bad).rejects.toThrow('文件无法读取，请确认是有效的 Word 文档');
  });
});

describe('Word import: documents converted from print', () => {
  it('removes the page header and page numbers repeated through the document, numbers written 1<TAB>, and keeps a wrapped type name as text', async () => {
    const header = '电工作业安全培训题库';
    const buffer = await makeDocx([
      header,
      '一、单选题',
      '1\t电气设备着火时应使用',
      'A.\t干粉灭火器',
      'B.\t泡沫灭火器，需要',
      '判断',
      '答案：A',
      '第 1 页 共 2 页',
      header,
      '2\t绝缘手套应定期做',
      'A. 外观检查',
      header,
      'B. 耐压试验',
      '答案：B',
      '3\t安全电压一般不超过',
      'A. 36V',
      'B. 220V',
      '我的答案: B 正确答案: A',
      header,
      '第 2 页 共 2 页',
    ]);
    const items = await parseImport({ format: 'docx', buffer, fileName: '题库.docx' }, fakeUploads().deps);
    expect(items.map((i) => ({ ...view(i), source: i.source, warnings: i.warnings.map((w) => w.message) }))).toEqual([
      {
        type: '单选题',
        content: '电气设备着火时应使用',
        options: ['*干粉灭火器', '泡沫灭火器，需要<br />判断'],
        source: '第1题（第3段）',
        warnings: [`已去除页眉/页脚“${header}”（第1段）`, '已去除页眉/页脚“第 1 页 共 2 页”（第8段）', `已去除页眉/页脚“${header}”（第9段）`],
      },
      { type: '单选题', content: '绝缘手套应定期做', options: ['外观检查', '*耐压试验'], source: '第2题（第10段）', warnings: [`已去除页眉/页脚“${header}”（第12段）`] },
      {
        type: '单选题',
        content: '安全电压一般不超过',
        options: ['*36V', '220V'],
        source: '第3题（第15段）',
        warnings: [`已去除页眉/页脚“${header}”（第19段）`, '已去除页眉/页脚“第 2 页 共 2 页”（第20段）', '已忽略作答记录：我的答案 B'],
      },
    ]);
  });
});
