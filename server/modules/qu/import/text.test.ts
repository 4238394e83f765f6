import { describe, expect, it } from 'vitest';
import { parseImport } from './index';
import { fakeUploads, view } from './testing';

const parse = async (text: string) => (await parseImport({ format: 'text', text }, fakeUploads().deps)).map(view);
const one = async (text: string) => {
  const items = await parse(text);
  expect(items).toHaveLength(1);
  return items[0];
};

describe('text import: a teacher’s paper', () => {
  it('reads every type with sections, tags, answers, analyses, levels and knowledge points', async () => {
    const text = `2024年度安全生产培训考试题库
（请认真作答）

一、单选题（每题2分，共10分）
1. 使用干粉灭火器时，第一步应当（\u3000）
A. 拔出保险销
B. 对准火焰顶部喷射
C、将灭火器倒置
D．按下压把
答案：A
解析：先拔保险销，再对准火焰根部。
难度：易
知识点：消防，灭火器

二、多项选择题
2、以下属于国家规定的安全色的有（\u3000）
A.红色 B.蓝色 C.黄色 D.紫色
【答案】A,B,C
【解析】安全色为红、蓝、黄、绿。
难度：难

三、判断题
（3）电器着火时应先切断电源。（ ）
答案：对

四、填空题
4. 火灾报警电话是____，急救电话是____。
答案：119|120；急救中心

五、简答题
5. 简述“三不伤害”的内容。
参考答案：不伤害自己，不伤害他人，
不被他人伤害。

六、配对题
6. 将火灾类别与可燃物配对
(1) A类火灾
(2) B类火灾
A. 液体
B. 固体
C. 气体
答案：1-B，2-A

七、组合题
7. 阅读材料，回答问题。
某车间下班后未切断电源，引发火灾。
(1) 本次火灾的直接原因是
A. 电线短路
B. 雷击
答案：A
(2) 燃烧的三要素是____、____、____。
答案：可燃物|助燃物|点火源
分值：2
知识点：应急处置
`;
    expect(await parse(text)).toEqual([
      {
        type: '单选题',
        content: '使用干粉灭火器时，第一步应当（\u3000）',
        options: ['*拔出保险销', '对准火焰顶部喷射', '将灭火器倒置', '按下压把'],
        analysis: '先拔保险销，再对准火焰根部。',
        tags: ['消防', '灭火器'],
      },
      {
        type: '多选题',
        content: '以下属于国家规定的安全色的有（\u3000）',
        options: ['*红色', '*蓝色', '*黄色', '紫色'],
        analysis: '安全色为红、蓝、黄、绿。',
        level: 2,
      },
      { type: '判断题', content: '电器着火时应先切断电源。（ ）', options: ['*正确', '错误'] },
      {
        type: '填空题',
        content: '火灾报警电话是<span data-blank="1"></span>，急救电话是<span data-blank="2"></span>。',
        blanks: ['119', '120/急救中心'],
      },
      { type: '简答题', content: '简述“三不伤害”的内容。', ref: '不伤害自己，不伤害他人，<br />不被他人伤害。' },
      { type: '配对题', content: '将火灾类别与可燃物配对', pairs: ['A类火灾=固体', 'B类火灾=液体'], right: ['液体', '固体', '气体'] },
      {
        type: '组合题',
        content: '阅读材料，回答问题。<br />某车间下班后未切断电源，引发火灾。',
        tags: ['应急处置'],
        subs: [
          { type: '单选题', content: '本次火灾的直接原因是', options: ['*电线短路', '雷击'] },
          {
            type: '填空题',
            content: '燃烧的三要素是<span data-blank="1"></span>、<span data-blank="2"></span>、<span data-blank="3"></span>。',
            blanks: ['可燃物', '助燃物', '点火源'],
            share: 2,
          },
        ],
      },
    ]);
  });

  it('says where each question came from', async () => {
    const items = await parseImport({ format: 'text', text: '说明文字\n\n1. 甲\n答案：对\n\n乙____\n答案：丙\n\n12、丁\nA.一\nB.二\n答案：B' }, fakeUploads().deps);
    expect(items.map((i) => i.source)).toEqual(['第1题（第3行）', '第6行', '第12题（第9行）']);
  });
});

describe('text import: numbers, options and answers written every way', () => {
  it.each([
    ['1.', '1. 题干'],
    ['1、', '1、题干'],
    ['1．', '1．题干'],
    ['(1)', '(1)题干'],
    ['（1）', '（1） 题干'],
    ['第1题', '第1题 题干'],
    ['１．(full-width)', '１．题干'],
  ])('question number %s', async (_name, line) => {
    expect(await one(`${line}\nA. 甲\nB. 乙\n答案：B`)).toEqual({ type: '单选题', content: '题干', options: ['甲', '*乙'] });
  });

  it.each([
    ['A.', 'A. 甲\nB. 乙\nC. 丙'],
    ['A、', 'A、甲\nB、乙\nC、丙'],
    ['A．', 'A．甲\nB．乙\nC．丙'],
    ['(A)', '(A)甲\n(B)乙\n(C)丙'],
    ['（A）', '（A）甲\n（B）乙\n（C）丙'],
    ['A)', 'A)甲\nB)乙\nC)丙'],
    ['Ａ．(full-width)', 'Ａ．甲\nＢ．乙\nＣ．丙'],
    ['one line', 'A.甲 B.乙 C.丙'],
    ['one line, tabs', 'A、甲\tB、乙\tC、丙'],
    ['one line, (A)', '(A)甲 (B)乙 (C)丙'],
    ['two lines', 'A.甲    B.乙\nC.丙'],
  ])('options %s', async (_name, options) => {
    expect(await one(`1. 题干\n${options}\n答案：C`)).toEqual({ type: '单选题', content: '题干', options: ['甲', '乙', '*丙'] });
  });

  it.each([
    ['答案：B', ['甲', '*乙', '丙']],
    ['答案:B', ['甲', '*乙', '丙']],
    ['答案 ： B。', ['甲', '*乙', '丙']],
    ['【答案】B', ['甲', '*乙', '丙']],
    ['[答案] B', ['甲', '*乙', '丙']],
    ['正确答案：B', ['甲', '*乙', '丙']],
    ['ANSWER: B', ['甲', '*乙', '丙']],
    ['Answer:b', ['甲', '*乙', '丙']],
    ['答案：（B）', ['甲', '*乙', '丙']],
    ['答案：ｂ', ['甲', '*乙', '丙']],
  ])('answer line %s', async (line, options) => {
    expect(await one(`1. 题干\nA. 甲\nB. 乙\nC. 丙\n${line}`)).toEqual({ type: '单选题', content: '题干', options });
  });

  it.each(['ABD', 'A,B,D', 'A，B，D', 'A、B、D', 'A;B;D', 'A；B；D', 'A B D', 'a b d', 'ＡＢＤ'])('multiple-choice letters %s', async (letters) => {
    expect(await one(`1. 题干\nA. 甲\nB. 乙\nC. 丙\nD. 丁\n答案：${letters}`)).toEqual({ type: '多选题', content: '题干', options: ['*甲', '*乙', '丙', '*丁'] });
  });

  it.each([
    ['正确', true],
    ['错误', false],
    ['对', true],
    ['错', false],
    ['√', true],
    ['×', false],
    ['是', true],
    ['否', false],
    ['T', true],
    ['F', false],
    ['true', true],
    ['FALSE', false],
  ])('true/false answer %s without a tag', async (answer, right) => {
    expect(await one(`1. 地球是圆的。\n答案：${answer}`)).toEqual({ type: '判断题', content: '地球是圆的。', options: right ? ['*正确', '错误'] : ['正确', '*错误'] });
  });

  it('true/false written as options A.正确 B.错误 answered A/B, or with the word', async () => {
    expect(await one('1. 地球是圆的。\nA. 正确\nB. 错误\n答案：B')).toEqual({ type: '判断题', content: '地球是圆的。', options: ['正确', '*错误'] });
    expect(await one('1. 地球是圆的。\nA. 对\nB. 错\n答案：A')).toEqual({ type: '判断题', content: '地球是圆的。', options: ['*正确', '错误'] });
    expect(await one('1. 地球是圆的。\nA. √\nB. ×\n答案：对')).toEqual({ type: '判断题', content: '地球是圆的。', options: ['*正确', '错误'] });
    expect(await one('1.【判断题】地球是方的。\n答案：N')).toEqual({ type: '判断题', content: '地球是方的。', options: ['正确', '*错误'] });
  });

  it('a true/false answer it cannot read says how to write it', async () => {
    expect(await one('1.【判断题】地球是圆的。\n答案：也许')).toEqual({
      type: '判断题',
      content: '地球是圆的。',
      options: ['正确', '错误'],
      errors: ['判断题的答案只能是正确或错误（也可写对/错、√/×、是/否、T/F）', '判断题必须有且只有一个正确答案'],
    });
  });
});

describe('text import: type tags and sections', () => {
  it.each([
    ['[单选题] before', '1. [单选题] 题干'],
    ['【单选题】 before', '1.【单选题】题干'],
    ['(单选题) after', '1. 题干 (单选题)'],
    ['（单选题） after', '1. 题干（单选题）'],
    ['【单项选择题】', '1.【单项选择题】题干'],
    ['own line', '【单选题】\n1. 题干'],
  ])('%s', async (_name, head) => {
    // Tagged single choice: two right letters are an error, not a multiple choice.
    expect(await one(`${head}\nA. 甲\nB. 乙\n答案：AB`)).toEqual({ type: '单选题', content: '题干', options: ['*甲', '*乙'], errors: ['单选题必须有且只有一个正确答案'] });
  });

  it('a tag after the number wins over the section; a section applies until the next one', async () => {
    const items = await parse(`一、多选题
1. 甲
A. 一
B. 二
答案：A
2.【单选题】乙
A. 一
B. 二
答案：B
二、简答题
3. 丙
答案：参考
4. 丁
A. 不是选项
`);
    expect(items.map((i) => [i.type, i.content])).toEqual([
      ['多选题', '甲'],
      ['单选题', '乙'],
      ['简答题', '丙'],
      ['简答题', '丁<br />A. 不是选项'],
    ]);
  });

  it('a choice section’s question without options is read by its answer', async () => {
    expect(await parse('一、单选题\n1. 地球是圆的（ ）\n答案：对\n2. 首都是____\n答案：北京')).toEqual([
      { type: '判断题', content: '地球是圆的（ ）', options: ['*正确', '错误'] },
      { type: '填空题', content: '首都是<span data-blank="1"></span>', blanks: ['北京'] },
    ]);
  });

  it('aliases: 问答题, 是非题, 连线题, 材料题, 选择题 (single or multiple by the answer)', async () => {
    const items = await parse(`一、选择题
1. 甲
A. 一
B. 二
答案：AB
2. 乙
A. 一
B. 二
答案：B
二、问答题
3. 丙
三、是非题
4. 丁
答案：×
`);
    expect(items.map((i) => i.type)).toEqual(['多选题', '单选题', '简答题', '判断题']);
    expect((await one('1.【连线题】连\n(1) 甲\n(2) 乙\nA. 一\nB. 二\n答案：AB')).pairs).toEqual(['甲=一', '乙=二']);
    expect((await one('1.【材料题】材料\n(1) 小题\n答案：参考')).subs).toEqual([{ type: '简答题', content: '小题', ref: '参考' }]);
  });
});

describe('text import: the type inferred without a tag', () => {
  it('one letter → single, several → multiple, 正确/错误 without options → true/false, blanks → fill in, else short answer', async () => {
    const items = await parse(`1. 单
A. 甲
B. 乙
答案：A

2. 多
A. 甲
B. 乙
答案：AB

3. 判
答案：错误

4. 填____
答案：空

5. 括号（\u3000）也是填空
答案：空

6. 简
答案：参考答案

7. 没有答案的简答
`);
    expect(items.map((i) => i.type)).toEqual(['单选题', '多选题', '判断题', '填空题', '填空题', '简答题', '简答题']);
    expect(items[4]).toEqual({ type: '填空题', content: '括号<span data-blank="1"></span>也是填空', blanks: ['空'] });
    // No answer line, no options, no tag: not a question the import can take as it is.
    expect(items[6]).toEqual({ type: '简答题', content: '没有答案的简答', errors: ['没有找到答案'] });
  });

  it('a choice stem may hold （\u3000） or ____ without becoming a fill-in', async () => {
    expect(await one('1. 中国的首都是____（\u3000）\nA. 北京\nB. 上海\n答案：A')).toEqual({ type: '单选题', content: '中国的首都是____（\u3000）', options: ['*北京', '上海'] });
  });
});

describe('text import: fill in the blank', () => {
  it('blanks as underscores (any length, full-width), （\u3000） and ( ); | between blanks, ；/; between alternatives', async () => {
    expect(await one('1. 甲__乙＿＿＿丙（\u3000）丁( )戊\n答案：a;A|b；B|c|d')).toEqual({
      type: '填空题',
      content: '甲<span data-blank="1"></span>乙<span data-blank="2"></span>丙<span data-blank="3"></span>丁<span data-blank="4"></span>戊',
      blanks: ['a/A', 'b/B', 'c', 'd'],
    });
  });

  it('answers written 北京，上海 or 北京 上海 are split when that gives one per blank', async () => {
    expect((await one('1. ____和____\n答案：北京，上海')).blanks).toEqual(['北京', '上海']);
    expect((await one('1. ____和____\n答案：北京 上海')).blanks).toEqual(['北京', '上海']);
    expect((await one('1. ____\n答案：北京，上海')).blanks).toEqual(['北京，上海']);
  });

  it('names the blank without an answer, and a count that does not match', async () => {
    expect((await one('1. 甲____乙____丙____\n答案：一||')).errors).toEqual(['第2个填空没有答案', '第3个填空没有答案']);
    expect((await one('1.【填空题】甲____乙____\n')).errors).toEqual(['第1个填空没有答案', '第2个填空没有答案']);
    expect((await one('1. 甲____\n答案：一|二')).errors).toEqual(['题干中有1个填空，但设置了2个填空的答案']);
    expect((await one('1.【填空题】没有空\n答案：一')).errors).toEqual(['填空题的题干中至少要有一个填空']);
  });
});

describe('text import: analysis, level, knowledge points', () => {
  it('multi-line analysis, 【解析】, 难度 words and knowledge point separators', async () => {
    expect(await one('1. 题\n答案：参考\n【解析】第一行\n第二行\n难度：较难\n知识点：消防、用电;急救；应急,  疏散 ')).toEqual({
      type: '简答题',
      content: '题',
      ref: '参考',
      analysis: '第一行<br />第二行',
      level: 2,
      tags: ['消防', '用电', '急救', '应急', '疏散'],
    });
    for (const [word, level] of [['易', 1], ['中', 1], ['难', 2], ['普通', 1], ['较难', 2], ['困难', 2]] as const) {
      expect((await one(`1. 题\n难度：${word}`)).level, word).toBe(level === 2 ? 2 : undefined);
    }
  });

  it('reports a level it cannot read', async () => {
    expect((await one('1. 题\n答案：参考\n难度：超级难')).errors).toEqual(['难度“超级难”无法识别，请写易、中、难（或普通、较难）']);
  });
});

describe('text import: matching', () => {
  it('left items (n), right items with distractors, answer pairs in several spellings', async () => {
    const q = '1.【配对题】国家与首都\n（1）中国\n（2）日本\n（3）法国\nA. 东京\nB. 北京\nC. 巴黎\nD. 伦敦\n';
    const expected = { type: '配对题', content: '国家与首都', pairs: ['中国=北京', '日本=东京', '法国=巴黎'], right: ['东京', '北京', '巴黎', '伦敦'] };
    for (const answer of ['1-B，2-A，3-C', '1B 2A 3C', '(1)B (2)A (3)C', '1→B；2→A；3→C', 'BAC']) {
      expect(await one(`${q}答案：${answer}`), answer).toEqual(expected);
    }
  });

  it('left items may be numbered 1. 2. when they continue the items', async () => {
    expect(await parse('1.【配对题】配\n1. 甲\n2. 乙\nA. 一\nB. 二\n答案：1-A,2-B\n2. 下一题\n答案：参考')).toEqual([
      { type: '配对题', content: '配', pairs: ['甲=一', '乙=二'], right: ['一', '二'] },
      { type: '简答题', content: '下一题', ref: '参考' },
    ]);
  });

  it('reports pairs it cannot place and left items without a match', async () => {
    expect((await one('1.【配对题】配\n(1) 甲\n(2) 乙\n(3) 丙\nA. 一\nB. 二\nC. 三\n答案：1-A，4-B，2-E')).errors).toEqual([
      '答案中的第4项没有对应的左侧项',
      '答案中的E没有对应的右侧项',
      '左侧第2项没有配对的右侧项',
      '左侧第3项没有配对的右侧项',
    ]);
  });
});

describe('text import: combined', () => {
  it('material over several paragraphs, sub-questions of every kind, errors with sub-question paths', async () => {
    const items = await parseImport(
      {
        format: 'text',
        text: `1.【组合题】阅读材料。

第一段材料。
第二段材料。
(1)【多选题】多选小题
A. 甲
B. 乙
答案：E
解析：小题解析
(2) 判断小题
答案：对
(3) 填空____
难度：难
`,
      },
      fakeUploads().deps,
    );
    expect(items.map(view)).toEqual([
      {
        type: '组合题',
        content: '阅读材料。<br />第一段材料。<br />第二段材料。',
        level: 2,
        subs: [
          { type: '多选题', content: '多选小题', options: ['甲', '乙'], analysis: '小题解析' },
          { type: '判断题', content: '判断小题', options: ['*正确', '错误'] },
          { type: '填空题', content: '填空<span data-blank="1"></span>', blanks: [''] },
        ],
        errors: ['第1小题：答案中的E没有对应的选项', '第1小题：多选题至少需要一个正确答案', '第3小题：第1个填空没有答案'],
      },
    ]);
    expect(items[0].errors.map((e) => e.field)).toEqual(['subList.0.answerList', 'subList.0.answerList', 'subList.2.blanks.0']);
  });

  it('a combined question without sub-questions or with an answer of its own is reported', async () => {
    expect((await one('1.【组合题】材料\n答案：A')).errors).toEqual(['组合题的答案请写在各小题下面', '组合题至少需要一个小题']);
  });
});

describe('text import: messy input', () => {
  it('Windows line endings, trailing spaces, tabs, stray blank lines, no blank lines between questions, BOM', async () => {
    const text =
      '\ufeff1.\t下列正确的是   \r\n\r\n\r\nA. 甲  \r\n\r\nB. 乙\t\r\n答案： B  \r\n2. 第二题 \r\n A．一\r\n B．二\r\n 答案：A\r\n\r\n\r\n\r\n3、第三题\r\n答案：对\r\n';
    expect(await parse(text)).toEqual([
      { type: '单选题', content: '下列正确的是', options: ['甲', '*乙'] },
      { type: '单选题', content: '第二题', options: ['*一', '二'] },
      { type: '判断题', content: '第三题', options: ['*正确', '错误'] },
    ]);
  });

  it('mixed full- and half-width punctuation everywhere', async () => {
    expect(await one('１、【多选题】题干（ ）\nＡ．甲\n（Ｂ）乙\nC、丙\n【答案】Ａ，Ｃ\n解析：略\n难度：难\n知识点：一，二')).toEqual({
      type: '多选题',
      content: '题干（ ）',
      options: ['*甲', '乙', '*丙'],
      analysis: '略',
      level: 2,
      tags: ['一', '二'],
    });
  });

  it('options out of order are put in letter order; repeated or missing letters are reported', async () => {
    expect(await one('1. 题\nC. 丙\nA. 甲\nB. 乙\n答案：C')).toEqual({ type: '单选题', content: '题', options: ['甲', '乙', '*丙'] });
    expect((await one('1. 题\nA. 甲\nA. 又甲\nB. 乙\n答案：B')).errors).toEqual(['选项A重复']);
    expect((await one('1. 题\nA. 甲\nB. 乙\nD. 丁\n答案：D')).errors).toEqual(['选项字母不连续，缺少C']);
  });

  it('a missing answer, an answer that is not a letter, a letter without an option', async () => {
    expect((await one('1. 题\nA. 甲\nB. 乙')).errors).toEqual(['单选题必须有且只有一个正确答案']);
    expect((await one('1. 题\nA. 甲\nB. 乙\n答案：甲')).errors).toEqual(['答案“甲”不是选项字母', '单选题必须有且只有一个正确答案']);
    expect((await one('1. 题\nA. 甲\nB. 乙\n答案：E')).errors).toEqual(['答案中的E没有对应的选项', '单选题必须有且只有一个正确答案']);
  });

  it('an option or stem over several lines, an empty stem', async () => {
    expect(await one('1. 第一行\n第二行\nA. 选项甲\n续行\nB. 乙\n答案：A')).toEqual({ type: '单选题', content: '第一行<br />第二行', options: ['*选项甲<br />续行', '乙'] });
    expect((await one('1.\nA. 甲\nB. 乙\n答案：A')).errors).toEqual(['题干不能为空']);
  });

  it('questions without numbers are separated by blank lines', async () => {
    expect(await parse('中国的首都是？\nA. 北京\nB. 上海\n答案：A\n\n地球是圆的\n答案：√\n\n\n火警电话____\n答案：119\n')).toEqual([
      { type: '单选题', content: '中国的首都是？', options: ['*北京', '上海'] },
      { type: '判断题', content: '地球是圆的', options: ['*正确', '错误'] },
      { type: '填空题', content: '火警电话<span data-blank="1"></span>', blanks: ['119'] },
    ]);
  });

  it('keeps < and & as text, never as markup', async () => {
    expect(await one('1. a < b && c > d <script>alert(1)</script>\n答案：对')).toEqual({
      type: '判断题',
      content: 'a &lt; b &amp;&amp; c &gt; d &lt;script&gt;alert(1)&lt;/script&gt;',
      options: ['*正确', '错误'],
    });
  });

  it('a number like 1.5 at the start of a line is text, not a question', async () => {
    expect(await one('1. 计算下式\n1.5 + 2.5 = ____\n答案：4')).toEqual({ type: '填空题', content: '计算下式<br />1.5 + 2.5 = <span data-blank="1"></span>', blanks: ['4'] });
  });

  it('nothing to read gives nothing', async () => {
    expect(await parse('')).toEqual([]);
    expect(await parse('\n\n   \n')).toEqual([]);
  });
});

describe('text import: 1,000 questions', () => {
  it('parses a 1,000-question paste correctly (and quickly)', async () => {
    const kinds = [
      (n: number) => `${n}. 第${n}题单选\nA. 甲\nB. 乙\nC. 丙\nD. 丁\n答案：C\n解析：因为${n}\n难度：易\n知识点：知识${n % 7}`,
      (n: number) => `${n}、【多选题】第${n}题多选\nA．甲\nB．乙\nC．丙\nD．丁\n【答案】ABD`,
      (n: number) => `${n}. 第${n}题判断\n答案：错`,
      (n: number) => `${n}. 第${n}题填空____和____\n答案：甲|乙;yi`,
      (n: number) => `${n}. 第${n}题简答\n答案：参考答案${n}`,
    ];
    const text = Array.from({ length: 1000 }, (_, i) => kinds[i % kinds.length](i + 1)).join('\n\n');
    const started = performance.now();
    const items = await parseImport({ format: 'text', text }, fakeUploads().deps);
    const ms = performance.now() - started;
    console.log(`1,000-question text paste parsed in ${ms.toFixed(0)} ms`);
    expect(items).toHaveLength(1000);
    expect(items.every((i) => i.errors.length === 0)).toBe(true);
    expect(items.map((i) => i.question.quType).slice(0, 5)).toEqual([1, 2, 3, 5, 4]);
    expect(view(items[999])).toEqual({ type: '简答题', content: '第1000题简答', ref: '参考答案1000' });
    expect(items[995].source).toBe('第996题（第5175行）');
  });
});

describe('text import: the answer written in the stem’s brackets', () => {
  it('takes （ B ） in a choice stem and （√） in a true/false stem as the answer when there is no answer line', async () => {
    expect(await parse('1. 使用灭火器第一步是（ A ）。\nA. 拔销\nB. 喷射\n\n2. 安全色有（ＡＢ）\nA. 红\nB. 蓝\nC. 紫\n\n3. 地球是圆的。（√）\n\n4. 维生素（C）的作用是（　）\nA. 甲\nB. 乙\nC. 丙')).toEqual([
      { type: '单选题', content: '使用灭火器第一步是（\u3000）。', options: ['*拔销', '喷射'] },
      { type: '多选题', content: '安全色有（\u3000）', options: ['*红', '*蓝', '紫'] },
      { type: '判断题', content: '地球是圆的。（\u3000）', options: ['*正确', '错误'] },
      // The stem's last bracket is empty: (C) is part of the text, no answer is guessed.
      { type: '单选题', content: '维生素（C）的作用是（\u3000）', options: ['甲', '乙', '丙'], errors: ['单选题必须有且只有一个正确答案'] },
    ]);
  });

  it('an answer line wins over brackets in the stem', async () => {
    expect(await one('1. 选（ A ）\nA. 甲\nB. 乙\n答案：B')).toEqual({ type: '单选题', content: '选（ A ）', options: ['甲', '*乙'] });
  });
});

describe('text import: numbered statements inside a stem', () => {
  it('(1) (2) … under a question numbered 1. are part of its stem, not new questions', async () => {
    expect(await parse('1. 下列说法正确的是（　）\n(1) 甲\n(2) 乙\n（3）丙\nA. (1)(2)\nB. (2)(3)\n答案：A\n2. 下一题\n答案：对')).toEqual([
      { type: '单选题', content: '下列说法正确的是（\u3000）<br />(1) 甲<br />(2) 乙<br />（3）丙', options: ['*(1)(2)', '(2)(3)'] },
      { type: '判断题', content: '下一题', options: ['*正确', '错误'] },
    ]);
  });

  it('a source that numbers its questions (1) (2) … keeps doing so', async () => {
    expect((await parse('(1) 甲\n答案：对\n(2) 乙\n答案：错')).map((i) => i.content)).toEqual(['甲', '乙']);
  });

  it('a type name on its own line after a blank line heads a section; right under a tagged stem it is text', async () => {
    expect(await parse('1. 简述要点\n\n多选题\n2. 甲\nA. 一\nB. 二\n答案：A')).toEqual([
      { type: '简答题', content: '简述要点', errors: ['没有找到答案'] },
      { type: '多选题', content: '甲', options: ['*一', '二'] },
    ]);
    expect((await one('1.【组合题】\n阅读理解\n(1) 小题\n答案：参考')).content).toBe('阅读理解');
  });
});

/** Items with what reading changed or dropped, as the preview shows it. */
const read = async (text: string): Promise<Record<string, unknown>[]> =>
  (await parseImport({ format: 'text', text }, fakeUploads().deps)).map((i) => ({ ...view(i), ...(i.warnings.length ? { warnings: i.warnings.map((w) => w.message) } : {}) }));

describe('text import: headings are whole lines, never a wrapped fragment', () => {
  it.each([
    ['一、判断题', '一、判断题'],
    ['【判断题】', '【判断题】'],
    ['判断题（共20题）', '判断题（共20题）'],
    ['二. 判断题（每题2分，共10分）', '二. 判断题（每题2分，共10分）'],
    ['第三部分 判断题', '第三部分 判断题'],
    ['一、判断题：本大题共10小题，每小题2分，请判断对错。', '一、判断题：本大题共10小题，每小题2分，请判断对错。'],
    ['判断题 共5题 每题1分', '判断题 共5题 每题1分'],
  ])('%s heads a section', async (_name, heading) => {
    // Under a 判断题 heading, the options 正确/错误 make a true/false question answered by letter.
    expect(await read(`${heading}\n1. 地球是圆的\nA. 正确\nB. 错误\n答案：A`)).toEqual([{ type: '判断题', content: '地球是圆的', options: ['*正确', '错误'] }]);
  });

  it('a type name wrapped onto the next line of an option or a stem is text, and the rest of the file keeps its type', async () => {
    const items = await read(`一、单选题
1. 下列做法中，需要
判断
的是
A. 先观察再
判断
B. 直接行动
答案：A
2. 下列说法正确的是
A. 以上都是
单选题
B. 都不是
答案：B
3. 第三题
A. 一
B. 二
答案：B`);
    expect(items).toEqual([
      { type: '单选题', content: '下列做法中，需要<br />判断<br />的是', options: ['*先观察再<br />判断', '直接行动'] },
      { type: '单选题', content: '下列说法正确的是', options: ['以上都是<br />单选题', '*都不是'] },
      { type: '单选题', content: '第三题', options: ['一', '*二'] },
    ]);
  });

  it('a bare type name between questions heads a section only when a question follows', async () => {
    expect((await read('1. 甲\nA. 一\nB. 二\n答案：A\n多选题\n2. 乙\nA. 一\nB. 二\n答案：A')).map((i) => i.type)).toEqual(['单选题', '多选题']);
    // A blank line, then a type name, then an option: not a heading, the next question keeps its type.
    const items = await read('1. 甲\nA. 先观察再\n\n判断\n\nB. 二\n答案：A\n2. 乙\nA. 一\nB. 二\n答案：B');
    expect(items[items.length - 1]).toEqual({ type: '单选题', content: '乙', options: ['一', '*二'] });
  });

  it('lines numbered 一、二、 inside a stem are its text; between questions they head a section', async () => {
    expect(await read('1. 下列说法中\n一、燃烧需要氧气\n二、水能灭所有火\n正确的是\nA. 一\nB. 二\n答案：A\n\n二、其他\n2. 乙\n答案：对')).toEqual([
      { type: '单选题', content: '下列说法中<br />一、燃烧需要氧气<br />二、水能灭所有火<br />正确的是', options: ['*一', '二'] },
      { type: '判断题', content: '乙', options: ['*正确', '错误'] },
    ]);
  });

  it('一、二、 enumerating a reference answer or an analysis stay in it', async () => {
    expect(await read('1. 简述火灾原因\n参考答案：\n一、电线老化\n二、用电过载\n解析：原因有\n一、线路\n二、用电\n2. 下一题\n答案：对')).toEqual([
      { type: '简答题', content: '简述火灾原因', ref: '一、电线老化<br />二、用电过载', analysis: '原因有<br />一、线路<br />二、用电' },
      { type: '判断题', content: '下一题', options: ['*正确', '错误'] },
    ]);
  });
});

describe('text import: true/false marks', () => {
  it.each([
    ['✔', true],
    ['✓', true],
    ['√', true],
    ['对', true],
    ['正确', true],
    ['是', true],
    ['T', true],
    ['TRUE', true],
    ['✘', false],
    ['✗', false],
    ['×', false],
    ['❌', false],
    ['❌\ufe0f (emoji presentation)', false],
    ['错', false],
    ['错误', false],
    ['否', false],
    ['F', false],
    ['FALSE', false],
  ])('答案：%s', async (mark, right) => {
    expect(await read(`1. 水在零度结冰。\n答案：${mark.split(' ')[0]}`)).toEqual([{ type: '判断题', content: '水在零度结冰。', options: right ? ['*正确', '错误'] : ['正确', '*错误'] }]);
  });

  it('marks as options, under a 判断题 tag, and in the stem’s brackets', async () => {
    expect(await read('1. 水在零度结冰。\nA. ✔\nB. ❌\n答案：B')).toEqual([{ type: '判断题', content: '水在零度结冰。', options: ['正确', '*错误'] }]);
    expect(await read('1.【判断题】水在零度结冰。\n答案：❌')).toEqual([{ type: '判断题', content: '水在零度结冰。', options: ['正确', '*错误'] }]);
    expect(await read('1. 水在零度结冰。（✘）')).toEqual([{ type: '判断题', content: '水在零度结冰。（\u3000）', options: ['正确', '*错误'] }]);
  });
});

describe('text import: question numbers', () => {
  it('1<TAB>stem and 1 stem are numbers when they continue the numbering', async () => {
    expect(await read('1\t水的沸点是\nA. 90度\nB. 100度\n答案：B\n2\t冰是固体\n答案：对')).toEqual([
      { type: '单选题', content: '水的沸点是', options: ['90度', '*100度'] },
      { type: '判断题', content: '冰是固体', options: ['*正确', '错误'] },
    ]);
    expect(await read('1 水的沸点是\n3 个选项中选一个\nA. 90度\nB. 100度\n答案：B\n2 冰是固体\n答案：对\n\n4 跳过了第3题\n答案：错')).toEqual([
      // 3 is not the next number, and the stem is being written: it is the stem's second line.
      { type: '单选题', content: '水的沸点是<br />3 个选项中选一个', options: ['90度', '*100度'] },
      { type: '判断题', content: '冰是固体', options: ['*正确', '错误'] },
      { type: '判断题', content: '跳过了第3题', options: ['正确', '*错误'] },
    ]);
  });

  it('a stem starting with a digit keeps it: the number is the one that continues the sequence', async () => {
    const items = await parseImport(
      { format: 'text', text: '214. 直角是\nA. 90°\nB. 180°\n答案：A\n2154.30°的角是\nA. 锐角\nB. 钝角\n答案：A\n216.5.5的一半是\n答案：2.75\n217、3.14是什么数\n答案：圆周率' },
      fakeUploads().deps,
    );
    expect(items.map((i) => [i.source, view(i)])).toEqual([
      ['第214题（第1行）', { type: '单选题', content: '直角是', options: ['*90°', '180°'] }],
      ['第215题（第5行）', { type: '单选题', content: '4.30°的角是', options: ['*锐角', '钝角'] }],
      ['第216题（第9行）', { type: '简答题', content: '5.5的一半是', ref: '2.75' }],
      ['第217题（第11行）', { type: '简答题', content: '3.14是什么数', ref: '圆周率' }],
    ]);
  });

  it('a number that does not continue the sequence, or a decimal inside a stem, is text', async () => {
    expect(await read('1. 计算\n2018年的\nA. 一\nB. 二\n答案：A')).toEqual([{ type: '单选题', content: '计算<br />2018年的', options: ['*一', '二'] }]);
    expect(await read('1. 甲\n答案：对\n2. 一根绳子长\n3.5米，剪去一半后长多少\nA. 1.75米\nB. 2米\n答案：A\n3. 乙\n答案：错')).toEqual([
      { type: '判断题', content: '甲', options: ['*正确', '错误'] },
      { type: '单选题', content: '一根绳子长<br />3.5米，剪去一半后长多少', options: ['*1.75米', '2米'] },
      { type: '判断题', content: '乙', options: ['正确', '*错误'] },
    ]);
  });
});

describe('text import: exports of learning platforms', () => {
  it('(单选题, 2.0 分) is the type, 我的答案: … 正确答案: … takes the right one, and what is dropped is said', async () => {
    const items = await read(`一. 单选题（共2题，4.0分）
1. (单选题, 2.0 分) 中国的首都是
A. 北京
B. 上海
我的答案: B :上海;正确答案: A :北京;
2.0分
答案解析：常识
2. (多选题, 2.0 分) 三原色有
A. 红
B. 蓝
C. 黑
D. 绿
我的答案: AB 正确答案: ABD
二. 判断题（共1题，1.0分）
3. (判断题, 1.0 分) 地球是圆的
我的答案: 错 正确答案: 对
`);
    expect(items).toEqual([
      {
        type: '单选题',
        content: '中国的首都是',
        options: ['*北京', '上海'],
        analysis: '常识',
        warnings: ['分值“2.0分”未导入（分值在组卷时设置）', '已忽略作答记录：我的答案 B :上海；2.0分'],
      },
      { type: '多选题', content: '三原色有', options: ['*红', '*蓝', '黑', '*绿'], warnings: ['分值“2.0分”未导入（分值在组卷时设置）', '已忽略作答记录：我的答案 AB'] },
      { type: '判断题', content: '地球是圆的', options: ['*正确', '错误'], warnings: ['分值“1.0分”未导入（分值在组卷时设置）', '已忽略作答记录：我的答案 错'] },
    ]);
  });

  it('the tag decides the type even when the answer would say otherwise; a score alone in brackets is cut too', async () => {
    expect(await read('1. (单选题, 2 分) 题干\nA. 甲\nB. 乙\n正确答案: AB')).toEqual([
      { type: '单选题', content: '题干', options: ['*甲', '*乙'], errors: ['单选题必须有且只有一个正确答案'], warnings: ['分值“2分”未导入（分值在组卷时设置）'] },
    ]);
    expect(await read('1.（5分）简述要点（简答题）\n参考答案：略')).toEqual([{ type: '简答题', content: '简述要点', ref: '略', warnings: ['分值“5分”未导入（分值在组卷时设置）'] }]);
  });

  it('the right answer on its own line wins over the learner’s; the learner’s alone is not taken as right', async () => {
    expect(await read('1. 题干\nA. 甲\nB. 乙\n我的答案：A\n正确答案：B\n得分：0')).toEqual([{ type: '单选题', content: '题干', options: ['甲', '*乙'], warnings: ['已忽略作答记录：我的答案 A；得分：0'] }]);
    expect(await read('1. 题干\nA. 甲\nB. 乙\n正确答案：B 我的答案：A')).toEqual([{ type: '单选题', content: '题干', options: ['甲', '*乙'], warnings: ['已忽略作答记录：我的答案：A'] }]);
    expect(await read('1. 题干\nA. 甲\nB. 乙\n我的答案：A')).toEqual([
      { type: '单选题', content: '题干', options: ['甲', '乙'], errors: ['只有“我的答案”，没有找到正确答案', '单选题必须有且只有一个正确答案'], warnings: ['已忽略作答记录：我的答案 A'] },
    ]);
  });
});

describe('text import: separator lines', () => {
  it('----, ====, ***, —— between questions are blank lines, never glued onto an answer', async () => {
    expect(await read('1. 甲\nA. 一\nB. 二\n答案：A\n----------\n2. 乙\n答案：对\n==========\n3. 丙\n参考答案：要点\n——————\n')).toEqual([
      { type: '单选题', content: '甲', options: ['*一', '二'] },
      { type: '判断题', content: '乙', options: ['*正确', '错误'] },
      { type: '简答题', content: '丙', ref: '要点' },
    ]);
    expect(await read('地球是圆的\n答案：对\n------\n火警电话____\n答案：119\n* * *\n简述要点\n答案：略')).toEqual([
      { type: '判断题', content: '地球是圆的', options: ['*正确', '错误'] },
      { type: '填空题', content: '火警电话<span data-blank="1"></span>', blanks: ['119'] },
      { type: '简答题', content: '简述要点', ref: '略' },
    ]);
  });
});

describe('text import: what is not a question is never imported quietly', () => {
  it('a question with no answer, no options and no tag is flagged; a tag or a 简答题 section makes it a short answer', async () => {
    expect(await read('1. 简述三不伤害\n\n2.【简答题】简述四不放过\n\n二、问答题\n3. 简述安全第一')).toEqual([
      { type: '简答题', content: '简述三不伤害', errors: ['没有找到答案'] },
      { type: '简答题', content: '简述四不放过' },
      { type: '简答题', content: '简述安全第一' },
    ]);
  });

  it('study notes: every paragraph is flagged, a title is dropped with a warning', async () => {
    const items = await read('第三章 燃烧学基础\n\n燃烧是可燃物与氧化剂发生的放热反应。\n\n燃烧的三要素是可燃物、助燃物和点火源。\n\n闪点越低，火灾危险性越大。');
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => (i.errors as string[] | undefined)?.includes('没有找到答案'))).toBe(true);
    const numbered = await read('安全知识要点\n1. 燃烧\n燃烧是放热反应。\n2. 爆炸\n爆炸是急剧的释放。');
    expect(numbered).toEqual([
      { type: '简答题', content: '燃烧<br />燃烧是放热反应。', errors: ['没有找到答案'], warnings: ['第1行不是题目，已忽略：“安全知识要点”'] },
      { type: '简答题', content: '爆炸<br />爆炸是急剧的释放。', errors: ['没有找到答案'] },
    ]);
  });

  it('a block of program code: every item is flagged', async () => {
    const items = await read('def area(r):\n    return 3.14 * r * r\n\nfor i in range(3):\n    print(area(i))\n\nint main() {\n    return 0;\n}');
    expect(items).toHaveLength(3);
    expect(items.every((i) => (i.errors as string[] | undefined)?.length)).toBe(true);
  });
});

describe('text import: page headers, footers and page numbers', () => {
  const doc = `消防安全培训题库（内部资料）
1. 使用灭火器第一步是
A. 拔出保险销
消防安全培训题库（内部资料）
B. 对准火焰
答案：A
2. 电器着火应先断电
答案：对
第 1 页 共 3 页
3. 下列
消防安全培训题库（内部资料）
说法正确的是
A. 一
B. 二
答案：B
4. 火警电话是____
答案：119
- 2 -
5. 燃烧三要素是什么
答案：可燃物、助燃物、点火源
消防安全培训题库（内部资料）
6. 油锅起火可以用水浇
答案：错
第 3 页 共 3 页`;

  it('are removed wherever they fell, each named on the question where it stood', async () => {
    expect(await read(doc)).toEqual([
      {
        type: '单选题',
        content: '使用灭火器第一步是',
        options: ['*拔出保险销', '对准火焰'],
        warnings: ['已去除页眉/页脚“消防安全培训题库（内部资料）”（第1行）', '已去除页眉/页脚“消防安全培训题库（内部资料）”（第4行）'],
      },
      { type: '判断题', content: '电器着火应先断电', options: ['*正确', '错误'], warnings: ['已去除页眉/页脚“第 1 页 共 3 页”（第9行）'] },
      { type: '单选题', content: '下列<br />说法正确的是', options: ['一', '*二'], warnings: ['已去除页眉/页脚“消防安全培训题库（内部资料）”（第11行）'] },
      { type: '填空题', content: '火警电话是<span data-blank="1"></span>', blanks: ['119'], warnings: ['已去除页眉/页脚“- 2 -”（第18行）'] },
      { type: '简答题', content: '燃烧三要素是什么', ref: '可燃物、助燃物、点火源', warnings: ['已去除页眉/页脚“消防安全培训题库（内部资料）”（第21行）'] },
      { type: '判断题', content: '油锅起火可以用水浇', options: ['正确', '*错误'], warnings: ['已去除页眉/页脚“第 3 页 共 3 页”（第24行）'] },
    ]);
  });

  it('a line repeated as the stem of several questions, and repeated answers or options, stay', async () => {
    expect(await read('下列说法正确的是\nA. 甲\nB. 乙\n答案：A\n\n下列说法正确的是\nA. 丙\nB. 丁\n答案：B\n\n下列说法正确的是\nA. 戊\nB. 己\n答案：A')).toEqual([
      { type: '单选题', content: '下列说法正确的是', options: ['*甲', '乙'] },
      { type: '单选题', content: '下列说法正确的是', options: ['丙', '*丁'] },
      { type: '单选题', content: '下列说法正确的是', options: ['*戊', '己'] },
    ]);
    const judge = Array.from({ length: 5 }, (_, i) => `${i + 1}. 第${i + 1}题\nA. 正确\nB. 错误\n答案：A\n解析：见教材`).join('\n');
    expect((await read(judge)).every((i) => !('warnings' in i) && !('errors' in i))).toBe(true);
  });
});
