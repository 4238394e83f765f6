import { describe, expect, it } from 'vitest';
import { decodeText, detectFormat, IMPORT_TEXT_GUIDE, parseImport, resolveFormat, sniffFormat } from './index';
import { fakeUploads, view } from './testing';

describe('detectFormat', () => {
  it('tells the format by the file extension, any case', () => {
    expect(['题库.txt', 'a.DOCX', 'b.xlsx', 'c.gift', 'moodle.XML', ' d.txt '].map(detectFormat)).toEqual(['text', 'docx', 'xlsx', 'gift', 'xml', 'text']);
    expect(['a.doc', 'b.xls', 'c.pdf', 'noext', 'x.txt.exe'].map(detectFormat)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('format by content', () => {
  const GIFT = `// 由 Moodle 导出
$CATEGORY: $course$/top/消防

::Q1:: 火警电话是 {=119 ~110}

::Q2:: 电器着火应先断电。{T}

简述逃生要点。{}
`;
  const TEXT = '1. 火警电话是\nA. 119\nB. 110\n答案：A\n\n2. 电器着火应先断电。\n答案：对';

  it('reads a GIFT export saved as .txt as GIFT, and a <quiz> under any name as Moodle XML', () => {
    expect(sniffFormat(GIFT)).toBe('gift');
    expect(sniffFormat('\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- question: 0 -->\n<quiz>\n</quiz>')).toBe('xml');
    expect(resolveFormat({ format: 'text', text: GIFT })).toBe('gift');
    expect(resolveFormat({ format: 'text', buffer: Buffer.from(GIFT) })).toBe('gift');
    expect(resolveFormat({ format: 'gift', text: '<quiz><question type="essay"/></quiz>' })).toBe('xml');
  });

  it('leaves plain text plain, even with a stray brace, and a paste chosen as GIFT without any GIFT answer is read as text', () => {
    expect(sniffFormat(TEXT)).toBeUndefined();
    expect(sniffFormat(IMPORT_TEXT_GUIDE)).toBeUndefined();
    const stray = `${TEXT}\n\n3. 集合 {=1} 的元素个数是\n答案：1\n\n4. 甲\n答案：对\n\n5. 乙\n答案：错`;
    expect(sniffFormat(stray)).toBeUndefined();
    expect(resolveFormat({ format: 'text', text: stray })).toBe('text');
    expect(resolveFormat({ format: 'gift', text: TEXT })).toBe('text');
    expect(resolveFormat({ format: 'xml', text: TEXT })).toBe('text');
    // XML that is not a quiz stays XML, for its reader to refuse with the right message.
    expect(resolveFormat({ format: 'xml', text: '<html></html>' })).toBe('xml');
    // Word and Excel keep their format.
    expect(resolveFormat({ format: 'docx', buffer: Buffer.from(GIFT) })).toBe('docx');
  });
});

describe('text files', () => {
  it('reads UTF-8 with or without a BOM, and GB18030 as Windows Notepad saves Chinese text', () => {
    const text = '1. 中文题干\n答案：对';
    expect(decodeText(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(text);
    // 中文题干 in GB18030.
    const gb = Buffer.from([0x31, 0x2e, 0x20, 0xd6, 0xd0, 0xce, 0xc4, 0xcc, 0xe2, 0xb8, 0xc9]);
    expect(decodeText(gb)).toBe('1. 中文题干');
  });

  it('an uploaded .txt is parsed like a paste', async () => {
    const items = await parseImport({ format: 'text', buffer: Buffer.from('1. 地球是圆的\n答案：√', 'utf8'), fileName: 'a.txt' }, fakeUploads().deps);
    expect(items.map(view)).toEqual([{ type: '判断题', content: '地球是圆的', options: ['*正确', '错误'] }]);
  });
});

describe('parseImport', () => {
  it('answers normalized questions, reading errors first and then every validation error, never throwing for bad content', async () => {
    const [item] = await parseImport({ format: 'text', text: '1.【单选题】<b>题</b>\nA. 甲\nA. 乙\n答案：C\n难度：很难' }, fakeUploads().deps);
    expect(item.question).toMatchObject({ quType: 1, level: 1, content: '&lt;b&gt;题&lt;/b&gt;', blanks: [], subList: [] });
    expect(item.question.answerList!.every((o) => /^[a-z0-9]{6}$/.test(o.id!))).toBe(true);
    expect(item.errors).toEqual([
      { field: 'level', message: '难度“很难”无法识别，请写易、中、难（或普通、较难）' },
      { field: 'answerList', message: '选项A重复' },
      { field: 'answerList', message: '答案中的C没有对应的选项' },
      { field: 'answerList', message: '单选题至少需要两个选项' },
      { field: 'answerList', message: '单选题必须有且只有一个正确答案' },
    ]);
  });

  it('refuses an upload without a file in Chinese', async () => {
    await expect(parseImport({ format: 'docx' }, fakeUploads().deps)).rejects.toThrow('请上传 Word 文件');
    await expect(parseImport({ format: 'xlsx', buffer: Buffer.alloc(0) }, fakeUploads().deps)).rejects.toThrow('请上传 Excel 文件');
  });

  it('the format guide the admin shows parses as it says', async () => {
    const examples = IMPORT_TEXT_GUIDE.split('\n')
      .filter((l) => !l.startsWith('·') && !l.startsWith('    ') && !/^(文本|每道题|配对题（|组合题（|注意|Word)/.test(l))
      .join('\n');
    const items = await parseImport({ format: 'text', text: examples }, fakeUploads().deps);
    expect(items.map((i) => [i.question.quType, i.errors])).toEqual([
      [1, []],
      [6, []],
      [99, []],
    ]);
  });
});
