import { describe, expect, it } from 'vitest';
import type { QuBody } from '../../../common/api/qu';
import { QuLevel, QuType } from '../../../common/codes';
import { judgeWord, newItemId, normalizeQuestion, normalizeStem, validateQuestion } from './qu.rules';

const opt = (content: string, isRight = false) => ({ content, isRight });
const check = (q: QuBody) => validateQuestion(normalizeQuestion(q));
const messages = (q: QuBody) => check(q).map((i) => `${i.field}: ${i.message}`);

describe('normalizeQuestion', () => {
  it('trims, sanitizes every rich-text field, fills defaults and clears the fields of other types', () => {
    const q = normalizeQuestion({
      quType: QuType.SINGLE,
      content: '  <p onclick="x()">下列哪项是<b>正确</b>的？</p><script>alert(1)</script>  ',
      analysis: '<img src="javascript:alert(1)">解析',
      tags: [' 消防 ', '消防', '', '安全  生产'],
      answerList: [
        { content: ' A项 ', isRight: true, analysis: '<i>因为</i>', image: ' /api/sys/file/get/img1 ' },
        { content: '<iframe src="x"></iframe>B项', isRight: false },
      ],
      refAnswer: '不该留下',
      blanks: [{ answers: ['x'] }],
      leftList: [{ content: 'l', rightId: 'r' }],
      rightList: [{ id: 'r', content: 'r' }],
      subList: [{ quType: QuType.SHORT, content: 's', share: 1 }],
    });
    expect(q).toMatchObject({
      quType: QuType.SINGLE,
      level: QuLevel.ORDINARY,
      content: '<p>下列哪项是<b>正确</b>的？</p>',
      analysis: '解析',
      tags: ['消防', '安全 生产'],
      refAnswer: '',
      blanks: [],
      fillOptions: { ignoreCase: true, ignoreWidth: true, ignoreSpace: true, anyOrder: false },
      leftList: [],
      rightList: [],
      subList: [],
    });
    expect(q.answerList).toEqual([
      { id: expect.stringMatching(/^[a-z0-9]{6}$/), content: 'A项', isRight: true, analysis: '<i>因为</i>', image: '/api/sys/file/get/img1' },
      { id: expect.stringMatching(/^[a-z0-9]{6}$/), content: 'B项', isRight: false },
    ]);
    expect(q.answerList![0].id).not.toBe(q.answerList![1].id);
  });

  it('keeps valid item ids and replaces missing, malformed or repeated ones with fresh unique ones', () => {
    const q = normalizeQuestion({
      quType: QuType.MULTIPLE,
      content: '题',
      answerList: [
        { id: 'keep1', content: 'a', isRight: true },
        { id: 'keep1', content: 'b', isRight: false },
        { id: 'bad id!', content: 'c', isRight: true },
        { content: 'd', isRight: false },
      ],
    });
    const ids = q.answerList!.map((o) => o.id!);
    expect(ids[0]).toBe('keep1');
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it('renumbers fill-in blank markers 1..n in order and empties them; keeps fill options given', () => {
    const q = normalizeQuestion({
      quType: QuType.FILL,
      content: '<p>甲<span data-blank="3">旧</span>乙<span data-blank="1"></span>丙<span data-blank="7"></span></p>',
      blanks: [{ answers: [' 北京 ', '', '北京', 'Beijing'] }, { answers: ['上海'] }, { answers: ['广州'] }],
      fillOptions: { ignoreCase: false, ignoreWidth: true, ignoreSpace: true, anyOrder: true },
    });
    expect(q.content).toBe('<p>甲<span data-blank="1"></span>乙<span data-blank="2"></span>丙<span data-blank="3"></span></p>');
    expect(q.blanks).toEqual([{ answers: ['北京', 'Beijing'] }, { answers: ['上海'] }, { answers: ['广州'] }]);
    expect(q.fillOptions).toEqual({ ignoreCase: false, ignoreWidth: true, ignoreSpace: true, anyOrder: true });
  });

  it('turns stray blank markers outside a fill-in stem into a written blank', () => {
    const q = normalizeQuestion({ quType: QuType.SINGLE, content: '首都是<span data-blank="1"></span>。', answerList: [opt('北京', true), opt('上海')] });
    expect(q.content).toBe('首都是____。');
  });

  it('writes true/false options as 正确 and 错误', () => {
    const q = normalizeQuestion({ quType: QuType.JUDGE, content: '地球是圆的', answerList: [opt('对', true), opt(' × ')] });
    expect(q.answerList!.map((o) => [o.content, o.isRight])).toEqual([['正确', true], ['错误', false]]);
    expect(check({ quType: QuType.JUDGE, content: '地球是圆的', answerList: [opt('√', true), opt('×')] })).toEqual([]);
  });

  it('normalizes matching items, generating left ids and keeping right ids the left items point at', () => {
    const q = normalizeQuestion({
      quType: QuType.MATCH,
      content: '配对',
      leftList: [{ content: ' 中国 ', rightId: ' r1 ' }, { content: '日本', rightId: 'r2' }],
      rightList: [{ id: 'r1', content: '北京' }, { id: 'r2', content: '东京' }, { id: 'r3', content: '巴黎' }],
    });
    expect(q.leftList!.map((l) => [l.content, l.rightId])).toEqual([['中国', 'r1'], ['日本', 'r2']]);
    expect(q.leftList!.every((l) => l.id && !['r1', 'r2', 'r3'].includes(l.id))).toBe(true);
    expect(check(q)).toEqual([]);
  });

  it('normalizes sub-questions of a combined question by their own type, share 1 by default', () => {
    const q = normalizeQuestion({
      quType: QuType.COMBINED,
      content: '<p>阅读材料</p>',
      answerList: [opt('丢掉', true)],
      subList: [
        { quType: QuType.SINGLE, content: ' 小题一 ', share: undefined as unknown as number, answerList: [opt('甲', true), opt('乙')], refAnswer: 'x' },
        { id: 'sub2', quType: QuType.FILL, content: '填<span data-blank="9"></span>', share: 3, blanks: [{ answers: ['好'] }] },
      ],
    });
    expect(q.answerList).toEqual([]);
    expect(q.subList![0]).toMatchObject({ quType: QuType.SINGLE, content: '小题一', share: 1, refAnswer: '', blanks: [] });
    expect(q.subList![1]).toMatchObject({ id: 'sub2', content: '填<span data-blank="1"></span>', share: 3 });
    expect(validateQuestion(q)).toEqual([]);
  });

  it('is idempotent: normalizing again (as the import commit does) changes nothing', () => {
    const once = normalizeQuestion({
      quType: QuType.COMBINED,
      content: ' <p>材料</p> ',
      tags: ['甲 '],
      subList: [
        { quType: QuType.JUDGE, content: '判断', share: 2, answerList: [opt('对', true), opt('错')] },
        { quType: QuType.FILL, content: '填<span data-blank="5"></span>', share: 1, blanks: [{ answers: [' 空 '] }] },
        {
          quType: QuType.MATCH,
          content: '配',
          share: 1,
          leftList: [{ content: '一', rightId: 'x' }, { content: '二', rightId: 'y' }],
          rightList: [{ id: 'x', content: 'X' }, { id: 'y', content: 'Y' }],
        },
      ],
    });
    expect(normalizeQuestion(once)).toEqual(once);
  });

  it('makes short ids unique among those taken', () => {
    const taken = new Set<string>();
    for (let i = 0; i < 500; i += 1) newItemId(taken);
    expect(taken.size).toBe(500);
  });
});

describe('validateQuestion', () => {
  it('accepts an answerable question of each type', () => {
    const ok: QuBody[] = [
      { quType: QuType.SINGLE, content: '单选', answerList: [opt('A', true), opt('B')] },
      { quType: QuType.MULTIPLE, content: '多选', answerList: [opt('A', true), opt('B', true), opt('C')] },
      { quType: QuType.JUDGE, content: '判断', answerList: [opt('正确'), opt('错误', true)] },
      { quType: QuType.SHORT, content: '简答' },
      { quType: QuType.SHORT, content: '简答', refAnswer: '<p>参考</p>' },
      { quType: QuType.FILL, content: '填<span data-blank="1"></span>', blanks: [{ answers: ['空'] }] },
      {
        quType: QuType.MATCH,
        content: '配对',
        leftList: [{ content: '1', rightId: 'a' }, { content: '2', rightId: 'b' }],
        rightList: [{ id: 'a', content: 'A' }, { id: 'b', content: 'B' }],
      },
      { quType: QuType.COMBINED, content: '材料', subList: [{ quType: QuType.SHORT, content: '小题', share: 1 }] },
      {
        quType: QuType.SINGLE,
        level: QuLevel.HARDER,
        content: '<img src="/api/sys/file/get/x1">',
        answerList: [opt('<img src="https://a.example/1.png">', true), { content: '', isRight: false, image: '/api/sys/file/get/x2' }],
      },
    ];
    for (const q of ok) expect(check(q), JSON.stringify(q)).toEqual([]);
  });

  it('reports an empty stem (or material)', () => {
    expect(messages({ quType: QuType.SHORT, content: ' <p>&nbsp;</p> ' })).toEqual(['content: 题干不能为空']);
    expect(messages({ quType: QuType.COMBINED, content: '', subList: [{ quType: QuType.SHORT, content: '小题', share: 1 }] })).toEqual([
      'content: 组合题的材料不能为空',
    ]);
  });

  it('single choice: at least two options, exactly one right', () => {
    expect(messages({ quType: QuType.SINGLE, content: '题', answerList: [opt('A', true), opt('B', true)] })).toEqual([
      'answerList: 单选题必须有且只有一个正确答案',
    ]);
    expect(messages({ quType: QuType.SINGLE, content: '题', answerList: [opt('A'), opt('B')] })).toEqual(['answerList: 单选题必须有且只有一个正确答案']);
    expect(messages({ quType: QuType.SINGLE, content: '题', answerList: [opt('A', true)] })).toEqual(['answerList: 单选题至少需要两个选项']);
  });

  it('multiple choice: at least two options and one right', () => {
    expect(messages({ quType: QuType.MULTIPLE, content: '题', answerList: [] })).toEqual([
      'answerList: 多选题至少需要两个选项',
      'answerList: 多选题至少需要一个正确答案',
    ]);
    expect(check({ quType: QuType.MULTIPLE, content: '题', answerList: [opt('A', true), opt('B')] })).toEqual([]);
  });

  it('true/false: exactly the options 正确 and 错误, one right', () => {
    expect(messages({ quType: QuType.JUDGE, content: '题', answerList: [opt('正确', true), opt('错误', true)] })).toEqual([
      'answerList: 判断题必须有且只有一个正确答案',
    ]);
    expect(messages({ quType: QuType.JUDGE, content: '题', answerList: [opt('正确', true), opt('也许')] })).toEqual([
      'answerList: 判断题的选项必须是“正确”和“错误”两项',
    ]);
    expect(messages({ quType: QuType.JUDGE, content: '题', answerList: [] })).toEqual([
      'answerList: 判断题的选项必须是“正确”和“错误”两项',
      'answerList: 判断题必须有且只有一个正确答案',
    ]);
  });

  it('every option has content or an image, within the limits; images must come from the web or our file store', () => {
    const many = Array.from({ length: 11 }, (_, i) => opt(`选项${i}`, i === 0));
    expect(messages({ quType: QuType.SINGLE, content: '题', answerList: many })).toEqual(['answerList: 选项不能超过10个']);
    expect(
      messages({
        quType: QuType.SINGLE,
        content: '题',
        answerList: [opt('A', true), opt('  '), { content: 'x'.repeat(2001), isRight: false }, { content: '', isRight: false, image: 'data:image/png;base64,AA' }],
      }),
    ).toEqual([
      'answerList.1.content: 选项B的内容不能为空',
      'answerList.2.content: 选项C的内容不能超过2000个字符',
      'answerList.3.image: 选项D的图片地址无效',
    ]);
  });

  it('fill in the blank: markers match the blanks, each blank has an answer', () => {
    expect(messages({ quType: QuType.FILL, content: '没有填空', blanks: [] })).toEqual(['content: 填空题的题干中至少要有一个填空']);
    expect(
      messages({
        quType: QuType.FILL,
        content: '甲<span data-blank="1"></span>乙<span data-blank="2"></span>丙<span data-blank="3"></span>',
        blanks: [{ answers: ['x'] }, { answers: [' ', ''] }],
      }),
    ).toEqual(['blanks: 题干中有3个填空，但设置了2个填空的答案', 'blanks.1: 第2个填空没有答案']);
    expect(
      messages({ quType: QuType.FILL, content: '甲<span data-blank="1"></span>', blanks: [{ answers: Array.from({ length: 21 }, (_, i) => `答${i}`) }] }),
    ).toEqual(['blanks.0: 第1个填空的备选答案不能超过20个']);
  });

  it('matching: two left items, each paired with an existing right item, right items with content and unique ids', () => {
    expect(
      messages({
        quType: QuType.MATCH,
        content: '配对',
        leftList: [{ content: '中国', rightId: 'a' }, { content: '', rightId: 'zz' }, { content: '法国', rightId: '' }],
        rightList: [{ id: 'a', content: '北京' }, { id: 'a', content: '' }],
      }),
    ).toEqual([
      'rightList: 右侧项不能少于左侧项',
      'rightList.1.id: 右侧第2项的编号与其他项重复',
      'rightList.1.content: 右侧第2项的内容不能为空',
      'leftList.1.content: 左侧第2项的内容不能为空',
      'leftList.1.rightId: 左侧第2项没有配对的右侧项',
      'leftList.2.rightId: 左侧第3项没有配对的右侧项',
    ]);
    expect(messages({ quType: QuType.MATCH, content: '配对', leftList: [{ content: '中国', rightId: 'a' }], rightList: [{ id: 'a', content: '北京' }] })).toEqual([
      'leftList: 配对题至少需要两个左侧项',
    ]);
  });

  it('combined: at least one sub-question, each valid by its own type, with paths and numbers of the sub-question', () => {
    expect(messages({ quType: QuType.COMBINED, content: '材料', subList: [] })).toEqual(['subList: 组合题至少需要一个小题']);
    expect(
      messages({
        quType: QuType.COMBINED,
        content: '材料',
        subList: [
          { quType: QuType.SINGLE, content: '一', share: 2, answerList: [opt('甲', true), opt('乙')] },
          { quType: QuType.SINGLE, content: '二', share: 1, answerList: [opt('甲'), opt('')] },
          { quType: QuType.FILL, content: '三<span data-blank="1"></span>', share: 0, blanks: [] },
          { quType: QuType.COMBINED as never, content: '四', share: 1 },
          { quType: QuType.SHORT, content: '', share: 1 },
        ],
      }),
    ).toEqual([
      'subList.1.answerList.1.content: 第2小题：选项B的内容不能为空',
      'subList.1.answerList: 第2小题：单选题必须有且只有一个正确答案',
      'subList.2.share: 第3小题的分值占比必须是1到100的整数',
      'subList.2.blanks: 第3小题：题干中有1个填空，但设置了0个填空的答案',
      'subList.3.quType: 第4小题的题型只能是单选题、多选题、判断题、简答题、填空题或配对题',
      'subList.4.content: 第5小题的题干不能为空',
    ]);
  });

  it('ignores fields that do not belong to the type', () => {
    expect(check({ quType: QuType.SHORT, content: '简答', answerList: [opt('')], blanks: [{ answers: [] }], leftList: [{ content: '', rightId: 'x' }] })).toEqual([]);
  });

  it('reports knowledge points and levels outside the bounds', () => {
    expect(
      messages({ quType: QuType.SHORT, content: '题', level: 3 as never, tags: [...Array.from({ length: 11 }, (_, i) => `点${i}`)] }),
    ).toEqual(['level: 难度只能是普通或较难', 'tags: 知识点不能超过10个']);
    expect(messages({ quType: QuType.SHORT, content: '题', tags: ['长'.repeat(33)] })).toEqual([`tags: 知识点“${'长'.repeat(33)}”超过了32个字`]);
  });

  it('refuses an unknown type', () => {
    expect(messages({ quType: 7 as never, content: '题' })).toEqual(['quType: 题型不正确']);
  });
});

describe('normalizeStem', () => {
  it('folds width, case, whitespace, punctuation and markup', () => {
    const a = normalizeStem('<p>下列关于  <b>TCP/IP</b> 的说法，正确的是（　）？</p>');
    expect(a).toBe(normalizeStem('下列关于TCP/IP的说法, 正确的是( )?'));
    expect(a).toBe(normalizeStem('下列关于ＴＣＰ／ＩＰ的说法正确的是'));
    expect(a).toBe(normalizeStem('下列关于tcp ip的说法正确的是____'));
    expect(a).toBe('下列关于tcpip的说法正确的是');
    expect(normalizeStem('中国的首都是<span data-blank="1"></span>&amp;')).toBe('中国的首都是');
    expect(normalizeStem('1+1=2')).not.toBe(normalizeStem('11=2'));
  });
});

describe('judgeWord', () => {
  it('reads the ways true and false are written', () => {
    for (const w of ['正确', '对', '√', '是', 'T', 'true', 'Ｔ', ' 对。']) expect(judgeWord(w), w).toBe(true);
    for (const w of ['错误', '错', '×', '否', 'F', 'FALSE', 'X']) expect(judgeWord(w), w).toBe(false);
    expect(judgeWord('也许')).toBeUndefined();
  });
});
