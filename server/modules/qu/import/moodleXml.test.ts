import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { parseImport } from './index';
import { fakeUploads, TINY_PNG, view } from './testing';

/** Each item as a short object: type, stem, options (right ones starred), blanks, analysis, errors, warnings, source. */
const parse = async (xml: string, uploads = fakeUploads()) =>
  (await parseImport({ format: 'xml', text: xml }, uploads.deps)).map((item) => ({
    ...view(item),
    ...(item.warnings.length ? { warnings: item.warnings.map((w) => `${w.field}: ${w.message}`) } : {}),
    source: item.source,
  }));

const quiz = (questions: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions}\n</quiz>`;
const PNG = TINY_PNG.toString('base64');

/** One question of a type, named q, with its stem and the rest of its elements. */
const question = (type: string, stem: string, rest = '') =>
  `<question type="${type}"><name><text>q</text></name><questiontext format="html"><text><![CDATA[${stem}]]></text></questiontext>${rest}</question>`;
const answer = (fraction: number, text: string, feedback = '') => `<answer fraction="${fraction}" format="html"><text>${text}</text>${feedback ? `<feedback><text>${feedback}</text></feedback>` : ''}</answer>`;

const one = async (xml: string, uploads = fakeUploads()) => {
  const items = await parse(quiz(xml), uploads);
  expect(items).toHaveLength(1);
  return items[0];
};

describe('Moodle XML import', () => {
  it('maps every Moodle question type, with pictures, feedback and tags', async () => {
    const uploads = fakeUploads();
    const xml = quiz(`
  <question type="category"><category><text>$course$/top/消防</text></category></question>
  <question type="multichoice">
    <name><text>灭火第一步</text></name>
    <questiontext format="html"><text><![CDATA[<p>看图：<img src="@@PLUGINFILE@@/%E7%81%AD%E7%81%AB%E5%99%A8.png" alt="灭火器"></p>]]></text>
      <file name="灭火器.png" path="/" encoding="base64">${PNG}</file>
    </questiontext>
    <generalfeedback format="html"><text>先拔销。</text></generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text>拔出保险销</text><feedback><text>对</text></feedback></answer>
    <answer fraction="0" format="html"><text>按下压把</text></answer>
    <correctfeedback format="html"><text>Your answer is correct.</text></correctfeedback>
    <partiallycorrectfeedback format="html"><text>Your answer is partially correct.</text></partiallycorrectfeedback>
    <incorrectfeedback format="html"><text>Your answer is incorrect.</text></incorrectfeedback>
    <tags><tag><text>消防</text></tag><tag><text>灭火器</text></tag></tags>
  </question>
  <question type="truefalse">
    <name><text>断电</text></name>
    <questiontext format="html"><text>电器着火时应先切断电源。</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="shortanswer">
    <name><text>火警</text></name>
    <questiontext format="html"><text>火警电话是 ____ 。</text></questiontext>
    <usecase>1</usecase>
    <answer fraction="100"><text>119</text></answer>
    <answer fraction="100"><text>幺幺九</text></answer>
  </question>
  <question type="shortanswer">
    <name><text>单位</text></name>
    <questiontext format="html"><text>电压的单位是什么？</text></questiontext>
    <answer fraction="100"><text>伏特</text></answer>
  </question>
  <question type="matching">
    <name><text>配对</text></name>
    <questiontext format="html"><text>将火灾类别与可燃物配对</text></questiontext>
    <subquestion format="html"><text>A类</text><answer><text>固体</text></answer></subquestion>
    <subquestion format="html"><text>B类</text><answer><text>液体</text></answer></subquestion>
    <subquestion format="html"><text></text><answer><text>气体</text></answer></subquestion>
  </question>
  <question type="essay">
    <name><text>逃生</text></name>
    <questiontext format="html"><text>简述火灾逃生要点。</text></questiontext>
    <graderinfo format="html"><text>低姿、捂鼻、走楼梯。</text></graderinfo>
  </question>
  <question type="cloze">
    <name><text>完形</text></name>
    <questiontext format="html"><text>燃烧三要素：{1:SHORTANSWER:=可燃物~%100%可燃材料}、{1:NUMERICAL:=3:0}个。</text></questiontext>
  </question>
  <question type="numerical">
    <name><text>高度</text></name>
    <questiontext format="html"><text>珠峰多高？</text></questiontext>
    <answer fraction="100"><text>8848</text><tolerance>10</tolerance></answer>
  </question>
  <question type="description">
    <name><text>说明</text></name>
    <questiontext format="html"><text>以下为消防部分。</text></questiontext>
  </question>
  <question type="ddwtos">
    <name><text>拖放</text></name>
    <questiontext format="html"><text>拖放题</text></questiontext>
  </question>`);
    const items = await parseImport({ format: 'xml', text: xml }, uploads.deps);
    expect(items.map((i) => ({ ...view(i), source: i.source, warnings: i.warnings }))).toEqual([
      {
        type: '单选题',
        content: '<p>看图：<img alt="灭火器" src="/api/sys/file/get/img1" /></p>',
        options: ['*拔出保险销', '按下压把'],
        analysis: '先拔销。',
        tags: ['消防', '灭火器'],
        source: '第1题（灭火第一步）',
        warnings: [],
      },
      { type: '判断题', content: '电器着火时应先切断电源。', options: ['*正确', '错误'], source: '第2题（断电）', warnings: [] },
      { type: '填空题', content: '火警电话是 <span data-blank="1"></span> 。', blanks: ['119/幺幺九'], source: '第3题（火警）', warnings: [] },
      { type: '填空题', content: '电压的单位是什么？ <span data-blank="1"></span>', blanks: ['伏特'], source: '第4题（单位）', warnings: [] },
      { type: '配对题', content: '将火灾类别与可燃物配对', pairs: ['A类=固体', 'B类=液体'], right: ['固体', '液体', '气体'], source: '第5题（配对）', warnings: [] },
      { type: '简答题', content: '简述火灾逃生要点。', ref: '低姿、捂鼻、走楼梯。', source: '第6题（逃生）', warnings: [] },
      {
        type: '填空题',
        content: '燃烧三要素：<span data-blank="1"></span>、<span data-blank="2"></span>个。',
        blanks: ['可燃物/可燃材料', '3'],
        source: '第7题（完形）',
        warnings: [],
      },
      { type: '简答题', content: '珠峰多高？', errors: ['不支持数值题（答案是数字、可带误差范围）：请改成填空题，写出准确的答案后再导入'], source: '第8题（高度）', warnings: [] },
      { type: '简答题', content: '以下为消防部分。', errors: ['这是一段说明文字，不是题目，无法导入'], source: '第9题（说明）', warnings: [] },
      { type: '简答题', content: '拖放题', errors: ['不支持的题型：ddwtos'], source: '第10题（拖放）', warnings: [] },
    ]);
    expect(items[0].question.answerList![0].analysis).toBe('对');
    expect(items[2].question.fillOptions!.ignoreCase).toBe(false);
    expect(items[3].question.fillOptions!.ignoreCase).toBe(true);
    expect(uploads.stored.map((s) => [s.name, s.contentType, s.data.equals(TINY_PNG)])).toEqual([['灭火器.png', 'image/png', true]]);
  });

  describe('weights', () => {
    it('a single choice keeps the full-credit answer right and names the weights it ignores', async () => {
      expect(await one(question('multichoice', '下列说法正确的是', `<single>true</single>${answer(0, '错')}${answer(50, '半对')}${answer(100, '对')}`))).toEqual({
        type: '单选题',
        content: '下列说法正确的是',
        options: ['错', '半对', '*对'],
        warnings: ['answerList: 权重已忽略：选项B（50%）改按错误选项计分，正确答案只有选项C'],
        source: '第1题（q）',
      });
    });

    it('a single choice without a full-credit answer takes the best-weighted one, saying so', async () => {
      expect(await one(question('multichoice', '大致正确的是', `<single>true</single>${answer(50, '甲')}${answer(80, '乙')}${answer(0, '丙')}`))).toMatchObject({
        type: '单选题',
        options: ['甲', '*乙', '丙'],
        warnings: ['answerList: 原题没有满分答案，已把得分最高的选项B（80%）作为正确答案', 'answerList: 权重已忽略：选项A（50%）改按错误选项计分，正确答案只有选项B'],
      });
    });

    it('a single choice with two full-credit answers becomes a multiple choice needing both, said in a warning', async () => {
      expect(await one(question('multichoice', '可以扑救的是', `<single>true</single>${answer(100, '固体')}${answer(100, '液体')}${answer(0, '金属')}`))).toMatchObject({
        type: '多选题',
        options: ['*固体', '*液体', '金属'],
        warnings: ['answerList: 原题有2个满分答案（选项A、B），选其中任一项即得满分；已改为多选题，须全部选中才得分'],
      });
    });

    it('a multiple choice: positive fractions are right, partial ones and penalties named; all-or-nothing loses nothing', async () => {
      expect(await one(question('multichoice', '安全色有', `<single>false</single>${answer(50, '红色')}${answer(50, '蓝色')}${answer(-100, '紫色')}`))).toEqual({
        type: '多选题',
        content: '安全色有',
        options: ['*红色', '*蓝色', '紫色'],
        warnings: ['answerList: 权重已忽略：选项A（50%）、选项B（50%）、选项C（-100%）。正确答案为选项A、B，全部选对且不错选才得满分，漏选按试卷大题的“漏选得分”计分'],
        source: '第1题（q）',
      });
      expect(await one(question('multichoiceset', '安全色有', `${answer(100, '红色')}${answer(100, '蓝色')}${answer(0, '紫色')}`))).toEqual({
        type: '多选题',
        content: '安全色有',
        options: ['*红色', '*蓝色', '紫色'],
        source: '第1题（q）',
      });
    });

    it('a short answer accepts only full credit and lists the partial answers', async () => {
      expect(await one(question('shortanswer', '火警电话是', `${answer(100, '119')}${answer(50, '120')}${answer(0, '110')}`))).toEqual({
        type: '填空题',
        content: '火警电话是 <span data-blank="1"></span>',
        blanks: ['119'],
        warnings: ['blanks.0: 部分得分的答案未作为正确答案导入：“120”（50%）'],
        source: '第1题（q）',
      });
    });
  });

  describe('feedback and hints', () => {
    it('true/false and short-answer feedback is merged into the analysis with a warning', async () => {
      expect(
        await one(
          question(
            'truefalse',
            '电器着火时应先切断电源。',
            `<generalfeedback format="html"><text>&lt;p&gt;断电第一。&lt;/p&gt;</text></generalfeedback>${answer(100, 'true', '对，先断电')}${answer(0, 'false', '带电扑救会触电')}`,
          ),
        ),
      ).toEqual({
        type: '判断题',
        content: '电器着火时应先切断电源。',
        options: ['*正确', '错误'],
        analysis: '<p>断电第一。</p><p>选“正确”时：对，先断电</p><p>选“错误”时：带电扑救会触电</p>',
        warnings: ['analysis: 判断题的反馈已并入解析'],
        source: '第1题（q）',
      });
      expect(await one(question('shortanswer', '火警电话是', `${answer(100, '119', '记住了')}${answer(0, '110', '那是报警电话')}`))).toMatchObject({
        blanks: ['119'],
        analysis: '<p>答“119”时：记住了</p><p>答“110”时：那是报警电话</p>',
        warnings: ['analysis: 各答案的反馈已并入解析'],
      });
    });

    it('combined feedback a teacher wrote and hints are merged into the analysis with a warning; Moodle’s own default texts are not', async () => {
      const rest =
        `<single>true</single>${answer(100, '拔销')}${answer(0, '压把')}` +
        '<correctfeedback format="html"><text>很好！</text></correctfeedback>' +
        '<partiallycorrectfeedback format="html"><text>Your answer is partially correct.</text></partiallycorrectfeedback>' +
        '<incorrectfeedback format="html"><text><![CDATA[<p>再想想<b>顺序</b>。</p>]]></text></incorrectfeedback>' +
        '<hint format="html"><text>先保证安全。</text></hint><hint format="html"><text>销子在把手上。</text></hint>';
      expect(await one(question('multichoice', '第一步', rest))).toEqual({
        type: '单选题',
        content: '第一步',
        options: ['*拔销', '压把'],
        analysis: '<p>答对时：很好！</p><p>答错时：</p><p>再想想<b>顺序</b>。</p><p>提示1：先保证安全。</p><p>提示2：销子在把手上。</p>',
        warnings: ['analysis: 答对、部分正确和答错时的反馈已并入解析', 'analysis: 提示已并入解析'],
        source: '第1题（q）',
      });
    });
  });

  describe('pictures', () => {
    it('keeps a Moodle 1.9 <image_base64> picture after the stem, and names one the file only points to', async () => {
      const uploads = fakeUploads();
      const items = await parse(
        quiz(
          question('truefalse', '图中是干粉灭火器。', `<image>images/fire.png</image><image_base64>${PNG}</image_base64>${answer(100, 'true')}${answer(0, 'false')}`) +
            question('truefalse', '图中是水基灭火器。', `<image>images/water.png</image>${answer(0, 'true')}${answer(100, 'false')}`),
        ),
        uploads,
      );
      expect(items).toEqual([
        { type: '判断题', content: '图中是干粉灭火器。<p><img alt="" src="/api/sys/file/get/img1" /></p>', options: ['*正确', '错误'], source: '第1题（q）' },
        {
          type: '判断题',
          content: '图中是水基灭火器。',
          options: ['正确', '*错误'],
          warnings: ['content: 图片“water.png”没有随文件导出（Moodle 1.9 只记录了它在课程文件中的位置），未能导入，请在导入后补上'],
          source: '第2题（q）',
        },
      ]);
      expect(uploads.stored.map((s) => [s.name, s.contentType, s.data.equals(TINY_PNG)])).toEqual([['fire.png', 'image/png', true]]);
    });

    it('uploads @@PLUGINFILE@@ pictures of options and data: pictures, and removes a picture the file lacks, with a warning', async () => {
      const uploads = fakeUploads();
      const rest =
        '<single>true</single>' +
        `<answer fraction="100" format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/a.png">]]></text><file name="a.png" path="/" encoding="base64">${PNG}</file></answer>` +
        `<answer fraction="0" format="html"><text><![CDATA[<img src="data:image/png;base64,${PNG}">]]></text></answer>`;
      expect(await one(question('multichoice', '哪个是干粉灭火器？<img src="@@PLUGINFILE@@/lost%20one.png">', rest), uploads)).toEqual({
        type: '单选题',
        content: '哪个是干粉灭火器？',
        options: ['*<img src="/api/sys/file/get/img1" />', '<img src="/api/sys/file/get/img2" />'],
        warnings: ['content: 文件中没有“lost one.png”，它未能导入，请在导入后补上'],
        source: '第1题（q）',
      });
      expect(uploads.stored.map((s) => [s.name, s.contentType])).toEqual([
        ['a.png', 'image/png'],
        ['图片1.png', 'image/png'],
      ]);
    });
  });

  describe('cloze', () => {
    it('one multiple-choice part becomes a single choice with the blank shown in the stem', async () => {
      expect(await one(question('cloze', '被誉为火神的是{1:MULTICHOICE:孙悟空#不对~%100%祝融#对~%50%哪吒}。'))).toEqual({
        type: '单选题',
        content: '被誉为火神的是_____。',
        options: ['孙悟空', '*祝融', '哪吒'],
        warnings: ['answerList: 权重已忽略：选项C（50%）改按错误选项计分，正确答案只有选项B'],
        source: '第1题（q）',
      });
    });

    it('only choice parts, or a multiple-response part, make a combined question: one sub-question per blank, weights as shares', async () => {
      expect(await one(question('cloze', '燃烧需要{2:MC:=可燃物~水}和{1:MCV:=助燃物~沙}。'))).toEqual({
        type: '组合题',
        content: '燃烧需要（1）_____和（2）_____。',
        subs: [
          { type: '单选题', content: '第1空', options: ['*可燃物', '水'], share: 2 },
          { type: '单选题', content: '第2空', options: ['*助燃物', '沙'] },
        ],
        warnings: [': 完形填空的2个空已改为组合题的2道小题（分值占比按原题各空的权重）'],
        source: '第1题（q）',
      });
      expect(await one(question('cloze', '火警{1:SA:=119}；安全色有{1:MULTIRESPONSE:%50%红~%50%黄~%-50%紫}。'))).toMatchObject({
        type: '组合题',
        content: '火警（1）_____；安全色有（2）_____。',
        subs: [
          { type: '填空题', content: '第1空：<span data-blank="1"></span>', blanks: ['119'] },
          { type: '多选题', content: '第2空', options: ['*红', '*黄', '紫'] },
        ],
        warnings: [
          'subList.1.answerList: 第2空：权重已忽略：选项A（50%）、选项B（50%）、选项C（-50%）。正确答案为选项A、B，全部选对且不错选才得满分，漏选按试卷大题的“漏选得分”计分',
          ': 完形填空的2个空已改为组合题的2道小题（分值占比按原题各空的权重）',
        ],
      });
    });

    it('a choice part among free-text ones becomes a blank with its options listed after it, said in a warning', async () => {
      expect(await one(question('cloze', '火警{2:SA:=119~%50%幺幺九#差不多}，颜色是{1:MC:=红~蓝}。'))).toEqual({
        type: '填空题',
        content: '火警<span data-blank="1"></span>，颜色是<span data-blank="2"></span>（红 / 蓝）。',
        blanks: ['119', '红'],
        analysis: '<p>第1个空答“幺幺九”时：差不多</p>',
        warnings: [
          'blanks.0: 第1个空：部分得分的答案未作为正确答案导入：“幺幺九”（50%）',
          'blanks.1: 第2个空原为选择，已改为填空：选项列在空后，填“红”才算对',
          'blanks: 各空的分值权重（2、1）已忽略，每空计分相同',
          'analysis: 各空答案的反馈已并入解析',
        ],
        source: '第1题（q）',
      });
    });

    it('reports a numerical part with a tolerance and a picture the store refuses', async () => {
      const refusing = fakeUploads(() => '图片太大');
      expect(
        await parse(
          quiz(`<question type="cloze"><name><text>c</text></name><questiontext format="html"><text>约{1:NUMERICAL:=3.5:0.5}米，名{1:SA:=甲}</text></questiontext></question>
<question type="truefalse"><name><text>t</text></name><questiontext format="html"><text><![CDATA[看图<img src="@@PLUGINFILE@@/a.png">]]></text><file name="a.png" path="/" encoding="base64">${PNG}</file></questiontext>
<answer fraction="0"><text>true</text></answer><answer fraction="100"><text>false</text></answer></question>`),
          refusing,
        ),
      ).toEqual([
        {
          type: '填空题',
          content: '约<span data-blank="1"></span>米，名<span data-blank="2"></span>',
          blanks: ['', '甲'],
          errors: ['第1个空是带误差范围的数值题，不支持', '第1个填空没有答案'],
          source: '第1题（c）',
        },
        {
          type: '判断题',
          content: '看图',
          options: ['正确', '*错误'],
          errors: ['图片 a.png 无法导入：图片太大'],
          source: '第2题（t）',
        },
      ]);
    });
  });

  it('refuses what is not Moodle XML', async () => {
    for (const text of ['<quiz><question>', '<html><body>不是题库</body></html>', '纯文本']) {
      const bad = parseImport({ format: 'xml', text }, fakeUploads().deps);
      await expect(bad, text).rejects.toBeInstanceOf(AppError);
      await expect(bad, text).rejects.toThrow('文件无法读取，请确认是有效的 Moodle XML 文件');
    }
    expect(await parse(quiz(''))).toEqual([]);
  });
});
