import { describe, expect, it } from 'vitest';
import { parseImport } from './index';
import { fakeUploads, view } from './testing';

/** Each item as a short object: type, stem, options (right ones starred), blanks, analysis, errors, warnings, source. */
const parse = async (text: string): Promise<Record<string, unknown>[]> =>
  (await parseImport({ format: 'gift', text }, fakeUploads().deps)).map((item) => ({
    ...view(item),
    ...(item.warnings.length ? { warnings: item.warnings.map((w) => `${w.field}: ${w.message}`) } : {}),
    source: item.source,
  }));

const one = async (text: string) => {
  const items = await parse(text);
  expect(items).toHaveLength(1);
  return items[0];
};

describe('GIFT import', () => {
  it('maps every GIFT question type', async () => {
    const gift = `// 消防安全题库
$CATEGORY: $course$/top/消防

// [tag:消防] [tag:灭火器]
::Q1:: 使用干粉灭火器时，第一步应当 {
  =拔出保险销 #正确
  ~对准火焰顶部喷射 #应对准根部
  ~按下压把
####先拔销，再对准火焰根部。
}

电器着火时应先切断电源。{T}

地球是方的。{FALSE}

消防车的颜色通常是 {=红色 =红} 色的。

将火灾类别与可燃物配对。{
  =A类 -> 固体
  =B类 -> 液体
  =E类 -> 带电设备
  = -> 烹饪油脂
}

简述火灾逃生的要点。{}

[html]<p>这是一段<b>说明</b>文字。</p>
`;
    const items = await parseImport({ format: 'gift', text: gift }, fakeUploads().deps);
    expect(items.map((i) => ({ ...view(i), source: i.source, warnings: i.warnings }))).toEqual([
      {
        type: '单选题',
        content: '使用干粉灭火器时，第一步应当',
        options: ['*拔出保险销', '对准火焰顶部喷射', '按下压把'],
        analysis: '先拔销，再对准火焰根部。',
        tags: ['消防', '灭火器'],
        source: '第1题（第4行，Q1）',
        warnings: [],
      },
      { type: '判断题', content: '电器着火时应先切断电源。', options: ['*正确', '错误'], source: '第2题（第12行）', warnings: [] },
      { type: '判断题', content: '地球是方的。', options: ['正确', '*错误'], source: '第3题（第14行）', warnings: [] },
      { type: '填空题', content: '消防车的颜色通常是 <span data-blank="1"></span> 色的。', blanks: ['红色/红'], source: '第4题（第16行）', warnings: [] },
      {
        type: '配对题',
        content: '将火灾类别与可燃物配对。',
        pairs: ['A类=固体', 'B类=液体', 'E类=带电设备'],
        right: ['固体', '液体', '带电设备', '烹饪油脂'],
        source: '第5题（第18行）',
        warnings: [],
      },
      { type: '简答题', content: '简述火灾逃生的要点。', source: '第6题（第25行）', warnings: [] },
      { type: '简答题', content: '<p>这是一段<b>说明</b>文字。</p>', errors: ['这是一段说明文字，不是题目，无法导入'], source: '第7题（第27行）', warnings: [] },
    ]);
    // Option feedback stays on its option: the learner sees it beside the option with the answer.
    expect(items[0].question.answerList!.map((o) => o.analysis)).toEqual(['正确', '应对准根部', undefined]);
  });

  it('one `=` answer makes a single choice whose only right option is the `=` one; weights on the others are ignored aloud', async () => {
    expect(await one('下列说法正确的是 {~错 ~%50%半对 =对}')).toEqual({
      type: '单选题',
      content: '下列说法正确的是',
      options: ['错', '半对', '*对'],
      warnings: ['answerList: 权重已忽略：选项B（50%）改按错误选项计分，正确答案只有选项C'],
      source: '第1题（第1行）',
    });
  });

  it('a missing word with choices becomes a single choice with the blank shown in the stem, never three accepted answers', async () => {
    expect(await one('被誉为“火神”的是 {~%25%甲 ~%50%乙 =丙} 。')).toEqual({
      type: '单选题',
      content: '被誉为“火神”的是 _____ 。',
      options: ['甲', '乙', '*丙'],
      warnings: ['answerList: 权重已忽略：选项A（25%）、选项B（50%）改按错误选项计分，正确答案只有选项C'],
      source: '第1题（第1行）',
    });
    expect(await one('{~孙悟空 =祝融 ~哪吒} 是火神。')).toMatchObject({ type: '单选题', content: '_____ 是火神。', options: ['孙悟空', '*祝融', '哪吒'] });
  });

  it('without `=`, the positive weights are the right options of a multiple choice, and the partial weights are named', async () => {
    expect(await one('以下属于安全色的有 {~%50%红色 ~%50%蓝色 ~%-100%紫色}')).toEqual({
      type: '多选题',
      content: '以下属于安全色的有',
      options: ['*红色', '*蓝色', '紫色'],
      warnings: ['answerList: 权重已忽略：选项A（50%）、选项B（50%）、选项C（-100%）。正确答案为选项A、B，全部选对且不错选才得满分，漏选按试卷大题的“漏选得分”计分'],
      source: '第1题（第1行）',
    });
    // Full weights lose nothing: no warning.
    expect(await one('选出偶数 {~%100%2 ~%100%4 ~3}')).toMatchObject({ type: '多选题', options: ['*2', '*4', '3'] });
    expect(await one('选出偶数 {~%100%2 ~%100%4 ~3}')).not.toHaveProperty('warnings');
  });

  it('several `=` answers (either one full credit in Moodle) become a multiple choice needing them all, said in a warning', async () => {
    expect(await one('灭火器可以用来扑救 {=固体火灾 =液体火灾 ~金属火灾}')).toEqual({
      type: '多选题',
      content: '灭火器可以用来扑救',
      options: ['*固体火灾', '*液体火灾', '金属火灾'],
      warnings: ['answerList: 原题有2个满分答案（选项A、B），选其中任一项即得满分；已改为多选题，须全部选中才得分'],
      source: '第1题（第1行）',
    });
  });

  it('short answers accept only full-credit answers; partial ones are listed in a warning, answer feedback merged into the analysis', async () => {
    expect(await one('火灾报警电话是多少？{=119 =幺幺九 =%50%120 =%-20%110}')).toEqual({
      type: '填空题',
      content: '火灾报警电话是多少？ <span data-blank="1"></span>',
      blanks: ['119/幺幺九'],
      warnings: ['blanks.0: 部分得分的答案未作为正确答案导入：“120”（50%）、“110”（-20%）'],
      source: '第1题（第1行）',
    });
    expect(await one('火警电话是 {=119#记住了 =%0%110#那是报警电话} 。')).toEqual({
      type: '填空题',
      content: '火警电话是 <span data-blank="1"></span> 。',
      blanks: ['119'],
      analysis: '<p>答“119”时：记住了</p><p>答“110”时：那是报警电话</p>',
      warnings: ['analysis: 各答案的反馈已并入解析'],
      source: '第1题（第1行）',
    });
  });

  it('true/false feedback is merged into the analysis (the first is for a wrong answer, the second for a right one)', async () => {
    expect(await one('::断电:: 电器着火时应先切断电源。{T#不对，带电扑救有触电危险#对，先断电####断电是第一步。}')).toEqual({
      type: '判断题',
      content: '电器着火时应先切断电源。',
      options: ['*正确', '错误'],
      analysis: '断电是第一步。<p>答错时：不对，带电扑救有触电危险</p><p>答对时：对，先断电</p>',
      warnings: ['analysis: 判断题的反馈已并入解析'],
      source: '第1题（第1行，断电）',
    });
  });

  it('skips comment-only blocks and $CATEGORY lines without phantom items, and keeps question names in the source', async () => {
    const items = await parse(`// ===第一部分：单选===

$CATEGORY: $course$/top/消防/第一部分

// 以下两题来自 2023 年题库
// ===========

::火警电话:: 火警电话是 {=119 ~110}

// ===第二部分===
// 判断

$CATEGORY: $course$/top/消防/第二部分
::断电::电器着火时应先断电。{TRUE}
`);
    expect(items.map((i) => [i.type, i.source, i.errors ?? []])).toEqual([
      ['单选题', '第1题（第8行，火警电话）', []],
      ['判断题', '第2题（第14行，断电）', []],
    ]);
  });

  it('refuses numerical questions with the reason and what to do', async () => {
    expect(await one('珠穆朗玛峰有多高（米）？{#8848:10}')).toEqual({
      type: '简答题',
      content: '珠穆朗玛峰有多高（米）？',
      errors: ['不支持数值题（答案以 # 开头、可带误差范围）：请改成填空题，写出准确的答案后再导入'],
      source: '第1题（第1行）',
    });
  });

  it('keeps the file going past a question with a syntax error, and says where it is', async () => {
    const items = await parse('第一题 {=对 ~错}\n\n第二题 {=缺右括号 ~错\n\n第三题 {T}\n');
    expect(items.map((i) => [i.type, i.source, i.errors ?? []])).toEqual([
      ['单选题', '第1题（第1行）', []],
      ['简答题', '第2题（第3行）', ['GIFT 格式有误，请检查第3行附近（大括号是否成对，~ = # { } : 是否需要用 \\ 转义）']],
      ['判断题', '第3题（第5行）', []],
    ]);
    expect(items[1].content).toBe('第二题 {=缺右括号 ~错');
  });

  it('reads escapes, Windows line endings and a BOM', async () => {
    expect(await parse('\ufeff1 \\= 1 吗？ {=是的 \\{真的\\} ~不是}\r\n\r\n::标题::电压单位是 {=伏特}\r\n')).toEqual([
      { type: '单选题', content: '1 = 1 吗？', options: ['*是的 {真的}', '不是'], source: '第1题（第1行）' },
      { type: '填空题', content: '电压单位是 <span data-blank="1"></span>', blanks: ['伏特'], source: '第2题（第3行，标题）' },
    ]);
  });
});
