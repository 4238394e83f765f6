import { describe, expect, it } from 'vitest';
import type { AnswerInput, FillOptions, QuBody, SubQu } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import { answerKey, combinedAnswerKey, gradeAnswer, gradeCombined, isAnswered, normaliseBlank } from './qu.grading';

const single: QuBody = {
  quType: QuType.SINGLE,
  content: '<p>1 + 1 = ?</p>',
  answerList: [
    { id: 'a', content: '1', isRight: false },
    { id: 'b', content: '2', isRight: true },
    { id: 'c', content: '3', isRight: false },
  ],
};
const judge: QuBody = {
  quType: QuType.JUDGE,
  content: '<p>地球是圆的。</p>',
  answerList: [
    { id: 't', content: '对', isRight: true },
    { id: 'f', content: '错', isRight: false },
  ],
};
const multiple: QuBody = {
  quType: QuType.MULTIPLE,
  content: '<p>哪些是质数？</p>',
  answerList: [
    { id: 'a', content: '2', isRight: true },
    { id: 'b', content: '3', isRight: true },
    { id: 'c', content: '4', isRight: false },
    { id: 'd', content: '5', isRight: true },
  ],
};
const short: QuBody = { quType: QuType.SHORT, content: '<p>简述安全生产的意义。</p>', refAnswer: '<p>保护人身安全。</p>' };

function fill(blanks: string[][], fillOptions?: Partial<FillOptions>): QuBody {
  return {
    quType: QuType.FILL,
    content: blanks.map((_, i) => `<span data-blank="${i + 1}"></span>`).join('，'),
    blanks: blanks.map((answers) => ({ answers })),
    ...(fillOptions ? { fillOptions: { ignoreCase: true, ignoreWidth: true, ignoreSpace: true, anyOrder: false, ...fillOptions } } : {}),
  };
}

const match: QuBody = {
  quType: QuType.MATCH,
  content: '<p>把国家和首都连起来。</p>',
  leftList: [
    { id: 'l1', content: '中国', rightId: 'r1' },
    { id: 'l2', content: '日本', rightId: 'r2' },
    { id: 'l3', content: '法国', rightId: 'r3' },
  ],
  rightList: [
    { id: 'r1', content: '北京' },
    { id: 'r2', content: '东京' },
    { id: 'r3', content: '巴黎' },
    { id: 'r4', content: '柏林' },
  ],
};

const right = (score: number) => ({ answered: true, isRight: true, score, needsMarking: false });
const wrong = { answered: true, isRight: false, score: 0, needsMarking: false };
const empty = { answered: false, isRight: false, score: 0, needsMarking: false };

describe('single choice and true/false', () => {
  it.each([
    ['the right option', single, { answers: ['b'] }, right(5)],
    ['a wrong option', single, { answers: ['a'] }, wrong],
    ['two options, one of them right', single, { answers: ['b', 'c'] }, wrong],
    ['an id that is not an option', single, { answers: ['zz'] }, wrong],
    ['the same right option twice', single, { answers: ['b', 'b'] }, right(5)],
    ['true on a true statement', judge, { answers: ['t'] }, right(5)],
    ['false on a true statement', judge, { answers: ['f'] }, wrong],
    ['both true and false', judge, { answers: ['t', 'f'] }, wrong],
  ])('%s', (_, q, answer, expected) => {
    expect(gradeAnswer(q, answer, 5)).toEqual(expected);
  });

  it.each([
    ['missing', undefined],
    ['no field', {}],
    ['an empty pick', { answers: [] }],
    ['text instead of a pick', { answer: 'b' }],
  ])('an answer that is %s is valid: not answered, 0 points', (_, answer) => {
    expect(gradeAnswer(single, answer, 5)).toEqual(empty);
    expect(gradeAnswer(judge, answer, 5)).toEqual(empty);
  });

  it('ignores partial credit rules', () => {
    expect(gradeAnswer(single, { answers: ['a'] }, 5, { partialScore: 2 })).toEqual(wrong);
  });
});

describe('multiple choice', () => {
  it.each([
    ['every right option', ['a', 'b', 'd'], right(4)],
    ['every right option in another order', ['d', 'a', 'b'], right(4)],
    ['some right options', ['a', 'b'], wrong],
    ['every right option and a wrong one', ['a', 'b', 'c', 'd'], wrong],
    ['only a wrong one', ['c'], wrong],
  ])('without partial credit: %s', (_, answers, expected) => {
    expect(gradeAnswer(multiple, { answers }, 4)).toEqual(expected);
    expect(gradeAnswer(multiple, { answers }, 4, { partialScore: 0 })).toEqual(expected);
  });

  it.each([
    ['every right option scores full, not the partial points', ['a', 'b', 'd'], 4, true],
    ['two of three right options', ['a', 'b'], 1.5, false],
    ['one right option', ['d'], 1.5, false],
    ['a right one and a wrong one', ['a', 'c'], 0, false],
    ['every option', ['a', 'b', 'c', 'd'], 0, false],
    ['a right one and an unknown id', ['a', 'x'], 0, false],
    ['a right one twice', ['a', 'a'], 1.5, false],
  ])('with 1.5 partial points: %s', (_, answers, score, isRight) => {
    expect(gradeAnswer(multiple, { answers }, 4, { partialScore: 1.5 })).toEqual({ answered: true, isRight, score, needsMarking: false });
  });

  it('caps partial points at the question score', () => {
    expect(gradeAnswer(multiple, { answers: ['a'] }, 4, { partialScore: 9 }).score).toBe(4);
    expect(gradeAnswer(multiple, { answers: ['a'] }, 4, { partialScore: 9 }).isRight).toBe(false);
  });

  it('gives nothing for an empty pick even with partial credit', () => {
    expect(gradeAnswer(multiple, { answers: [] }, 4, { partialScore: 2 })).toEqual(empty);
  });

  it('scores 0 when the question is worth 0', () => {
    expect(gradeAnswer(multiple, { answers: ['a'] }, 0, { partialScore: 2 }).score).toBe(0);
    expect(gradeAnswer(multiple, { answers: ['a', 'b', 'd'] }, 0)).toEqual(right(0));
  });
});

describe('short answer', () => {
  it('needs a marker and scores 0 until marked', () => {
    expect(gradeAnswer(short, { answer: '保护人身和财产安全' }, 10)).toEqual({ answered: true, isRight: false, score: 0, needsMarking: true });
  });

  it.each([['missing', undefined], ['empty', { answer: '' }], ['only spaces', { answer: ' \n\u3000 ' }]])(
    'an answer that is %s is valid and unanswered',
    (_, answer) => {
      expect(gradeAnswer(short, answer, 10)).toEqual({ answered: false, isRight: false, score: 0, needsMarking: true });
    },
  );
});

describe('fill in the blank', () => {
  const three = fill([['北京'], ['长江', '扬子江'], ['黄河']]);

  it('splits the score equally across blanks and rounds half up at the end', () => {
    expect(gradeAnswer(three, { blanks: ['北京', '长江', '黄河'] }, 10)).toEqual(right(10));
    expect(gradeAnswer(three, { blanks: ['北京', '扬子江', '错'] }, 10)).toEqual({ answered: true, isRight: false, score: 6.67, needsMarking: false });
    expect(gradeAnswer(three, { blanks: ['北京', '', ''] }, 10)).toEqual({ answered: true, isRight: false, score: 3.33, needsMarking: false });
    // 2.675 is the decimal the administrator typed, not the binary double below it.
    expect(gradeAnswer(fill([['a'], ['b']]), { blanks: ['a', ''] }, 5.35)).toMatchObject({ score: 2.68 });
  });

  it('accepts any of the alternatives of a blank', () => {
    expect(gradeAnswer(three, { blanks: ['北京', '扬子江', '黄河'] }, 3)).toEqual(right(3));
  });

  it('does not accept a blank answer in the wrong position unless anyOrder', () => {
    expect(gradeAnswer(three, { blanks: ['黄河', '长江', '北京'] }, 3).score).toBe(1);
  });

  it.each([
    ['full-width letters and digits', 'ＡＢ１２', 'ab12'],
    ['full-width punctuation ，．：；（）', '（１，２．３：４；５）', '(1,2.3:4;5)'],
    ['the ideographic space and inner spaces', 'New\u3000 York', 'newyork'],
    ['upper case', 'HELLO', 'hello'],
    ['leading and trailing spaces', '  x ', 'x'],
  ])('normalises %s by default', (_, given, expected) => {
    expect(normaliseBlank(given, { ignoreCase: true, ignoreWidth: true, ignoreSpace: true, anyOrder: false })).toBe(expected);
  });

  it('grades full-width, differently cased and spaced answers as right by default (no fillOptions stored)', () => {
    const q = fill([['H2O'], ['New York'], ['(1,2)']]);
    expect(gradeAnswer(q, { blanks: ['ｈ２ｏ', ' newyork ', '（１， ２）'] }, 6)).toEqual(right(6));
  });

  it('respects each comparison switch when it is off', () => {
    const base = { ignoreCase: true, ignoreWidth: true, ignoreSpace: true };
    expect(gradeAnswer(fill([['H2O']], { ...base, ignoreCase: false }), { blanks: ['h2o'] }, 1).score).toBe(0);
    expect(gradeAnswer(fill([['H2O']], { ...base, ignoreCase: false }), { blanks: ['Ｈ２Ｏ'] }, 1).score).toBe(1);
    expect(gradeAnswer(fill([['H2O']], { ...base, ignoreWidth: false }), { blanks: ['Ｈ２Ｏ'] }, 1).score).toBe(0);
    expect(gradeAnswer(fill([['New York']], { ...base, ignoreSpace: false }), { blanks: ['NewYork'] }, 1).score).toBe(0);
    // Spaces around an answer never count.
    expect(gradeAnswer(fill([['New York']], { ...base, ignoreSpace: false }), { blanks: ['  new york '] }, 1).score).toBe(1);
  });

  it('never takes an empty answer as right, even against an empty alternative', () => {
    expect(gradeAnswer(fill([['', '北京']]), { blanks: [''] }, 1)).toEqual(empty);
    expect(gradeAnswer(fill([['', '北京']]), { blanks: ['  '] }, 1)).toEqual(empty);
  });

  it('ignores answers beyond the last blank and counts missing ones as wrong', () => {
    expect(gradeAnswer(fill([['a'], ['b']]), { blanks: ['a', 'b', 'c'] }, 2)).toEqual(right(2));
    expect(gradeAnswer(fill([['a'], ['b']]), { blanks: ['a'] }, 2)).toMatchObject({ score: 1, isRight: false });
  });

  it.each([['missing', undefined], ['no blanks', { blanks: [] }], ['blank strings', { blanks: ['', ' '] }]])('an answer that is %s is unanswered', (_, answer) => {
    expect(gradeAnswer(fill([['a'], ['b']]), answer, 2)).toEqual(empty);
  });

  describe('any order', () => {
    const anyOrder = { anyOrder: true };

    it('accepts the answers in any order', () => {
      const q = fill([['北京'], ['上海'], ['广州']], anyOrder);
      expect(gradeAnswer(q, { blanks: ['广州', '北京', '上海'] }, 3)).toEqual(right(3));
      expect(gradeAnswer(q, { blanks: ['广州', '北京', '深圳'] }, 3)).toMatchObject({ score: 2, isRight: false });
    });

    it('matches properly where greedy would fail: overlapping accepted lists', () => {
      // The first answer fits both blanks; greedy would give it blank 1 and leave "b" nowhere.
      const q = fill([['a', 'b'], ['a']], anyOrder);
      expect(gradeAnswer(q, { blanks: ['a', 'b'] }, 2)).toEqual(right(2));
      const q3 = fill([['x', 'y'], ['y', 'z'], ['x']], anyOrder);
      expect(gradeAnswer(q3, { blanks: ['x', 'y', 'z'] }, 3)).toEqual(right(3));
      expect(gradeAnswer(q3, { blanks: ['y', 'z', 'x'] }, 3)).toEqual(right(3));
    });

    it('uses each blank once', () => {
      const q = fill([['a'], ['b']], anyOrder);
      expect(gradeAnswer(q, { blanks: ['a', 'a'] }, 2)).toMatchObject({ score: 1 });
    });

    it('counts a repeated answer once when the blanks accept others', () => {
      const colours = ['红', '黄', '蓝'];
      const q = fill([colours, colours], anyOrder);
      expect(gradeAnswer(q, { blanks: ['红', '红'] }, 2)).toMatchObject({ score: 1, isRight: false });
      expect(gradeAnswer(q, { blanks: ['红', 'ＲＥＤ'] }, 2)).toMatchObject({ score: 1 });
      expect(gradeAnswer(q, { blanks: ['蓝', '红'] }, 2)).toEqual(right(2));
    });

    it('lets an answer repeat where blanks accept nothing else', () => {
      const q = fill([['2'], ['2'], ['3']], anyOrder);
      expect(gradeAnswer(q, { blanks: ['2', '3', '２'] }, 3)).toEqual(right(3));
      expect(gradeAnswer(q, { blanks: ['2', '2', '2'] }, 3)).toMatchObject({ score: 2 });
    });

    it('normalises before matching', () => {
      const q = fill([['Ab'], ['cd']], anyOrder);
      expect(gradeAnswer(q, { blanks: ['ＣＤ', ' a b '] }, 2)).toEqual(right(2));
    });
  });
});

describe('matching', () => {
  const pairs = (...p: Array<[string, string]>) => ({ pairs: p.map(([leftId, rightId]) => ({ leftId, rightId })) });

  it('scores every pair right as full', () => {
    expect(gradeAnswer(match, pairs(['l1', 'r1'], ['l2', 'r2'], ['l3', 'r3']), 6)).toEqual(right(6));
    expect(gradeAnswer(match, pairs(['l3', 'r3'], ['l1', 'r1'], ['l2', 'r2']), 6)).toEqual(right(6));
  });

  it('splits the score across left items', () => {
    expect(gradeAnswer(match, pairs(['l1', 'r1'], ['l2', 'r3'], ['l3', 'r2']), 6)).toEqual({ answered: true, isRight: false, score: 2, needsMarking: false });
    expect(gradeAnswer(match, pairs(['l1', 'r1'], ['l2', 'r2']), 10)).toMatchObject({ score: 6.67, isRight: false });
  });

  it('gives nothing for a distractor', () => {
    expect(gradeAnswer(match, pairs(['l1', 'r4'], ['l2', 'r4'], ['l3', 'r4']), 6)).toEqual(wrong);
  });

  it('counts a left item answered twice by its first answer', () => {
    expect(gradeAnswer(match, pairs(['l1', 'r4'], ['l1', 'r1']), 6).score).toBe(0);
    expect(gradeAnswer(match, pairs(['l1', 'r1'], ['l1', 'r4']), 6).score).toBe(2);
  });

  it('ignores pairs for unknown items', () => {
    expect(gradeAnswer(match, pairs(['zz', 'r1']), 6)).toEqual(empty);
  });

  it('lets two left items share a right item', () => {
    const q: QuBody = {
      quType: QuType.MATCH,
      content: '分类',
      leftList: [
        { id: 'cat', content: '猫', rightId: 'm' },
        { id: 'dog', content: '狗', rightId: 'm' },
        { id: 'eagle', content: '鹰', rightId: 'b' },
      ],
      rightList: [
        { id: 'm', content: '哺乳动物' },
        { id: 'b', content: '鸟类' },
      ],
    };
    expect(gradeAnswer(q, pairs(['cat', 'm'], ['dog', 'm'], ['eagle', 'b']), 3)).toEqual(right(3));
  });

  it.each([['missing', undefined], ['no pairs', { pairs: [] }]])('an answer that is %s is unanswered', (_, answer) => {
    expect(gradeAnswer(match, answer, 6)).toEqual(empty);
  });
});

describe('combined questions', () => {
  const sub = (id: string, share: number, q: QuBody): SubQu => ({ ...(q as SubQu), id, share });
  const combined = (...subList: SubQu[]): QuBody => ({ quType: QuType.COMBINED, content: '<p>阅读材料</p>', subList });

  it('splits the score by shares 1:2 and adds the parts', () => {
    const q = combined(sub('s1', 1, single), sub('s2', 2, judge));
    const both = new Map<string, AnswerInput>([
      ['s1', { answers: ['b'] }],
      ['s2', { answers: ['t'] }],
    ]);
    expect(gradeCombined(q, both, 9)).toEqual({
      answered: true,
      isRight: true,
      score: 9,
      needsMarking: false,
      subs: [
        { id: 's1', result: right(3), score: 3 },
        { id: 's2', result: right(6), score: 6 },
      ],
    });
    const second = gradeCombined(q, new Map([['s2', { answers: ['t'] }]]), 9);
    expect(second).toMatchObject({ answered: true, isRight: false, score: 6 });
    expect(second.subs[0].result).toEqual(empty);
  });

  it('keeps exact fractions across the parts and rounds once', () => {
    // Three parts of 10/3 each: two right earn 6.67 (not 3.33 + 3.33 = 6.66).
    const q = combined(sub('a', 1, single), sub('b', 1, single), sub('c', 1, single));
    const r = gradeCombined(q, new Map([['a', { answers: ['b'] }], ['b', { answers: ['b'] }]]), 10);
    expect(r.score).toBe(6.67);
    expect(r.subs.map((s) => s.score)).toEqual([3.33, 3.33, 3.33]);
    expect(r.subs.map((s) => s.result.score)).toEqual([3.33, 3.33, 0]);
    // Shares 1:2 of 10 with a part's fill-in split in three: 10 × 2/3 × 1/3 = 2.222… → 2.22.
    const f = combined(sub('x', 1, single), sub('y', 2, fill([['a'], ['b'], ['c']])));
    expect(gradeCombined(f, new Map([['y', { blanks: ['a', '', ''] }]]), 10).score).toBe(2.22);
    expect(gradeCombined(f, new Map([['x', { answers: ['b'] }], ['y', { blanks: ['a', 'b', ''] }]]), 10).score).toBe(7.78);
  });

  it('says it needs marking when any part is a short answer, and is never fully right then', () => {
    const q = combined(sub('s1', 1, single), sub('s2', 1, short));
    const r = gradeCombined(q, new Map([['s1', { answers: ['b'] }]]), 4);
    expect(r).toMatchObject({ answered: true, isRight: false, score: 2, needsMarking: true });
  });

  it('scales partial credit to the part', () => {
    const q = combined(sub('s1', 1, single), sub('s2', 1, multiple));
    // Partial points 2 of a question worth 8: the multiple-choice part (worth 4) earns 1.
    expect(gradeCombined(q, new Map([['s2', { answers: ['a'] }]]), 8, { partialScore: 2 }).score).toBe(1);
  });

  it('is unanswered and scores 0 with no answers', () => {
    const q = combined(sub('s1', 1, single), sub('s2', 2, match));
    expect(gradeCombined(q, new Map(), 9)).toMatchObject({ answered: false, isRight: false, score: 0, needsMarking: false });
  });

  it('refuses other types, and gradeAnswer refuses combined questions', () => {
    expect(() => gradeCombined(single, new Map(), 1)).toThrow(TypeError);
    expect(() => gradeAnswer(combined(sub('s1', 1, single)), {}, 1)).toThrow(TypeError);
  });
});

describe('answer keys', () => {
  const cases: Array<[string, QuBody]> = [
    ['single', single],
    ['true/false', judge],
    ['multiple', multiple],
    ['fill-in', fill([['北京'], ['长江', '扬子江']])],
    ['fill-in in any order with shared lists', fill([['红', '黄'], ['红', '黄']], { anyOrder: true })],
    ['fill-in in any order with repeated only-answers', fill([['2'], ['2'], ['2', '3']], { anyOrder: true })],
    ['matching with a distractor', match],
  ];

  it.each(cases)('grading the key of a %s question earns the full score', (_, q) => {
    expect(gradeAnswer(q, answerKey(q), 7)).toEqual(right(7));
  });

  it('is the learner-shaped right answer', () => {
    expect(answerKey(single)).toEqual({ answers: ['b'] });
    expect(answerKey(multiple)).toEqual({ answers: ['a', 'b', 'd'] });
    expect(answerKey(short)).toEqual({ answer: '<p>保护人身安全。</p>' });
    expect(answerKey(fill([['北京', '京'], ['长江']]))).toEqual({ blanks: ['北京', '长江'] });
    expect(answerKey(match)).toEqual({
      pairs: [
        { leftId: 'l1', rightId: 'r1' },
        { leftId: 'l2', rightId: 'r2' },
        { leftId: 'l3', rightId: 'r3' },
      ],
    });
  });

  it('picks different accepted answers for any-order blanks that share a list', () => {
    expect(answerKey(fill([['红', '黄'], ['红', '黄']], { anyOrder: true }))).toEqual({ blanks: ['红', '黄'] });
  });

  it('gives the short answer key as answered, waiting for a marker', () => {
    expect(gradeAnswer(short, answerKey(short), 5)).toEqual({ answered: true, isRight: false, score: 0, needsMarking: true });
  });

  it('gives the key of every part of a combined question, which grades full', () => {
    const q: QuBody = {
      quType: QuType.COMBINED,
      content: '材料',
      subList: [
        { ...(single as SubQu), id: 's1', share: 1 },
        { ...(multiple as SubQu), id: 's2', share: 2 },
        { ...(fill([['a'], ['b']]) as SubQu), id: 's3', share: 3 },
        { ...(match as SubQu), id: 's4', share: 1 },
      ],
    };
    const key = combinedAnswerKey(q);
    expect([...key.keys()]).toEqual(['s1', 's2', 's3', 's4']);
    expect(gradeCombined(q, key, 14)).toMatchObject({ answered: true, isRight: true, score: 14, needsMarking: false });
  });
});

describe('isAnswered', () => {
  it.each([
    [single, { answers: ['a'] }, true],
    [single, { answers: [] }, false],
    [short, { answer: ' x ' }, true],
    [short, { answer: '  ' }, false],
    [fill([['a'], ['b']]), { blanks: ['', 'x'] }, true],
    [fill([['a'], ['b']]), { blanks: ['', ''] }, false],
    [match, { pairs: [{ leftId: 'l2', rightId: 'r4' }] }, true],
    [match, undefined, false],
  ])('%#', (q, answer, expected) => {
    expect(isAnswered(q, answer)).toBe(expected);
  });
});
