import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { parseImport } from './index';
import { fakeUploads, TINY_PNG, view } from './testing';

const parse = async (xml: string, uploads = fakeUploads()) =>
  (await parseImport({ format: 'xml', text: xml }, uploads.deps)).map((item) => ({ ...view(item), source: item.source }));

const quiz = (questions: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions}\n</quiz>`;
const PNG = TINY_PNG.toString('base64');

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
    <tags><tag><text>消防</text></tag><tag><text>灭火器</text></tag></tags>
  </question>
  <question type="multichoice">
    <name><text>安全色</text></name>
    <questiontext format="plain_text"><text>以下属于安全色的有 &lt;多选&gt;</text></questiontext>
    <single>false</single>
    <answer fraction="50"><text>红色</text></answer>
    <answer fraction="50"><text>蓝色</text></answer>
    <answer fraction="-100"><text>紫色</text></answer>
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
    <answer fraction="50"><text>110</text></answer>
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
    <questiontext format="html"><text>燃烧三要素：{1:SHORTANSWER:=可燃物~%100%可燃材料}、{1:MULTICHOICE:=助燃物~点火器~水}、{1:NUMERICAL:=3:0}个。</text></questiontext>
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
    expect(items.map((i) => ({ ...view(i), source: i.source }))).toEqual([
      {
        type: '单选题',
        content: '<p>看图：<img alt="灭火器" src="/api/sys/file/get/img1" /></p>',
        options: ['*拔出保险销', '按下压把'],
        analysis: '先拔销。',
        tags: ['消防', '灭火器'],
        source: '第1题（灭火第一步）',
      },
      { type: '多选题', content: '以下属于安全色的有 &lt;多选&gt;', options: ['*红色', '*蓝色', '紫色'], source: '第2题（安全色）' },
      { type: '判断题', content: '电器着火时应先切断电源。', options: ['*正确', '错误'], source: '第3题（断电）' },
      { type: '填空题', content: '火警电话是 <span data-blank="1"></span> 。', blanks: ['119/幺幺九'], source: '第4题（火警）' },
      { type: '填空题', content: '电压的单位是什么？ <span data-blank="1"></span>', blanks: ['伏特'], source: '第5题（单位）' },
      { type: '配对题', content: '将火灾类别与可燃物配对', pairs: ['A类=固体', 'B类=液体'], right: ['固体', '液体', '气体'], source: '第6题（配对）' },
      { type: '简答题', content: '简述火灾逃生要点。', ref: '低姿、捂鼻、走楼梯。', source: '第7题（逃生）' },
      {
        type: '填空题',
        content: '燃烧三要素：<span data-blank="1"></span>、<span data-blank="2"></span>、<span data-blank="3"></span>个。',
        blanks: ['可燃物/可燃材料', '助燃物', '3'],
        source: '第8题（完形）',
      },
      { type: '简答题', content: '珠峰多高？', errors: ['不支持数值题'], source: '第9题（高度）' },
      { type: '简答题', content: '以下为消防部分。', errors: ['这是一段说明文字，不是题目，无法导入'], source: '第10题（说明）' },
      { type: '简答题', content: '拖放题', errors: ['不支持的题型：ddwtos'], source: '第11题（拖放）' },
    ]);
    expect(items[0].question.answerList![0].analysis).toBe('对');
    expect(items[3].question.fillOptions!.ignoreCase).toBe(false);
    expect(items[4].question.fillOptions!.ignoreCase).toBe(true);
    expect(uploads.stored.map((s) => [s.name, s.contentType, s.data.equals(TINY_PNG)])).toEqual([['灭火器.png', 'image/png', true]]);
  });

  it('reports cloze parts it cannot represent, and a picture the store refuses', async () => {
    const refusing = fakeUploads(() => '图片太大');
    expect(
      await parse(
        quiz(`<question type="cloze"><name><text>c</text></name><questiontext format="html"><text>约{1:NUMERICAL:=3.5:0.5}米，选{1:MULTIRESPONSE:%50%甲~%50%乙~%-100%丙}</text></questiontext></question>
<question type="truefalse"><name><text>t</text></name><questiontext format="html"><text><![CDATA[看图<img src="@@PLUGINFILE@@/a.png">]]></text><file name="a.png" path="/" encoding="base64">${PNG}</file></questiontext>
<answer fraction="0"><text>true</text></answer><answer fraction="100"><text>false</text></answer></question>`),
        refusing,
      ),
    ).toEqual([
      {
        type: '填空题',
        content: '约<span data-blank="1"></span>米，选<span data-blank="2"></span>',
        blanks: ['', ''],
        errors: ['第1个空是带误差范围的数值题，不支持', '第2个空的类型 MULTIRESPONSE 不支持', '第1个填空没有答案', '第2个填空没有答案'],
        source: '第1题（c）',
      },
      { type: '判断题', content: '看图', options: ['正确', '*错误'], errors: ['图片 a.png 无法导入：图片太大'], source: '第2题（t）' },
    ]);
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
