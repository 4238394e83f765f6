import { describe, expect, it } from 'vitest';
import type { QuBody } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import { seededRng } from '../exam/paper.draw';
import { answerKey, gradeAnswer } from './qu.grading';
import { emptyBlankMarkers, shuffleOptions, toPublic } from './qu.public';

const choice: QuBody = {
  quType: QuType.MULTIPLE,
  content: '<p>选出正确的</p>',
  analysis: 'ANALYSIS-OF-QUESTION',
  level: 2,
  tags: ['TAG-SECRET'],
  answerList: [
    { id: 'o1', content: '甲', isRight: true, analysis: 'OPTION-ANALYSIS-1' },
    { id: 'o2', content: '乙', isRight: false, analysis: 'OPTION-ANALYSIS-2', image: '/api/sys/file/get/img1' },
    { id: 'o3', content: '丙', isRight: true },
    { id: 'o4', content: '丁', isRight: false },
    { id: 'o5', content: '戊', isRight: false },
  ],
};

const fillIn: QuBody = {
  quType: QuType.FILL,
  content: '<p>中国的首都是<span data-blank="1">SAMPLE-ANSWER</span>，最长的河是<span data-blank="2" data-answer="HIDDEN-ATTR"></span>。</p>',
  analysis: 'ANALYSIS-FILL',
  blanks: [{ answers: ['BEIJING-ANSWER', '北京'] }, { answers: ['YANGTZE-ANSWER'] }],
  fillOptions: { ignoreCase: false, ignoreWidth: true, ignoreSpace: true, anyOrder: true },
};

const matching: QuBody = {
  quType: QuType.MATCH,
  content: '<p>连线</p>',
  leftList: [
    { id: 'L1', content: '中国', rightId: 'RIGHT-ID-ONE' },
    { id: 'L2', content: '日本', rightId: 'RIGHT-ID-TWO' },
  ],
  rightList: [
    { id: 'RIGHT-ID-ONE', content: '北京' },
    { id: 'RIGHT-ID-TWO', content: '东京' },
    { id: 'DISTRACTOR', content: '柏林' },
  ],
};

const shortAnswer: QuBody = { quType: QuType.SHORT, content: '<p>简述</p>', refAnswer: '<p>REFERENCE-ANSWER</p>', analysis: 'ANALYSIS-SHORT' };

const combined: QuBody = {
  quType: QuType.COMBINED,
  content: '<p>材料</p>',
  analysis: 'ANALYSIS-COMBINED',
  subList: [
    { id: 'sub1', share: 1, quType: QuType.SINGLE, content: '子题一', analysis: 'SUB-ANALYSIS', answerList: [{ id: 'x', content: 'X', isRight: true, analysis: 'SUB-OPTION-ANALYSIS' }, { id: 'y', content: 'Y', isRight: false }] },
    { id: 'sub2', share: 2, quType: QuType.FILL, content: '填<span data-blank="1">SUB-SAMPLE</span>', blanks: [{ answers: ['SUB-BLANK-ANSWER'] }] },
    { id: 'sub3', share: 1, quType: QuType.SHORT, content: '简述', refAnswer: 'SUB-REFERENCE' },
    { id: 'sub4', share: 1, quType: QuType.MATCH, content: '连', leftList: [{ id: 'a', content: 'A', rightId: 'SUB-RIGHT-ID' }], rightList: [{ id: 'SUB-RIGHT-ID', content: '1' }] },
  ],
};

/** Texts that exist only in answer-bearing fields of the questions above. */
const SECRETS = ['isRight', 'analysis', 'ANALYSIS', 'refAnswer', 'REFERENCE', 'fillOptions', 'ignoreCase', 'anyOrder', 'answers', 'ANSWER', 'SAMPLE', 'HIDDEN', 'rightId', 'tags', 'TAG-SECRET', 'level'];

function leaks(json: string): string[] {
  return SECRETS.filter((s) => json.includes(s));
}

describe('toPublic', () => {
  it.each([
    ['multiple choice', choice],
    ['fill-in', fillIn],
    ['short answer', shortAnswer],
    ['combined', combined],
  ])('leaks nothing answer-bearing from a %s question', (_, q) => {
    expect(leaks(JSON.stringify(toPublic('q1', q)))).toEqual([]);
  });

  it('leaks no match of a matching question (the right ids appear only as the right items themselves)', () => {
    const json = JSON.stringify(toPublic('q1', matching));
    expect(leaks(json)).toEqual([]);
    expect(json.match(/RIGHT-ID-ONE/g)).toHaveLength(1);
    expect(json.match(/RIGHT-ID-TWO/g)).toHaveLength(1);
    const sub = JSON.stringify(toPublic('q2', combined).subList[3]);
    expect(sub.match(/SUB-RIGHT-ID/g)).toHaveLength(1);
  });

  it('keeps what the learner needs: options with ids, content and images', () => {
    expect(toPublic('q1', choice)).toEqual({
      quId: 'q1',
      quType: QuType.MULTIPLE,
      content: '<p>选出正确的</p>',
      answerList: [
        { id: 'o1', content: '甲' },
        { id: 'o2', content: '乙', image: '/api/sys/file/get/img1' },
        { id: 'o3', content: '丙' },
        { id: 'o4', content: '丁' },
        { id: 'o5', content: '戊' },
      ],
      blankCount: 0,
      leftList: [],
      rightList: [],
      subList: [],
    });
  });

  it('counts the blanks and empties the blank markers of the stem', () => {
    const p = toPublic('q1', fillIn);
    expect(p.blankCount).toBe(2);
    expect(p.content).toBe('<p>中国的首都是<span data-blank="1"></span>，最长的河是<span data-blank="2"></span>。</p>');
  });

  it('gives the matching items without their matches, distractors included', () => {
    const p = toPublic('q1', matching);
    expect(p.leftList).toEqual([
      { id: 'L1', content: '中国' },
      { id: 'L2', content: '日本' },
    ]);
    expect(p.rightList.map((r) => r.id)).toEqual(['RIGHT-ID-ONE', 'RIGHT-ID-TWO', 'DISTRACTOR']);
  });

  it('gives the parts of a combined question their own quId and share', () => {
    const p = toPublic('q9', combined);
    expect(p.subList.map((s) => [s.quId, s.share, s.quType])).toEqual([
      ['sub1', 1, QuType.SINGLE],
      ['sub2', 2, QuType.FILL],
      ['sub3', 1, QuType.SHORT],
      ['sub4', 1, QuType.MATCH],
    ]);
    expect(p.subList[0].answerList).toEqual([
      { id: 'x', content: 'X' },
      { id: 'y', content: 'Y' },
    ]);
    expect(p.subList[1]).toMatchObject({ blankCount: 1, content: '填<span data-blank="1"></span>' });
  });

  it('shows only the fields of the question type, whatever is left over from another', () => {
    const stale: QuBody = { ...shortAnswer, answerList: choice.answerList, leftList: matching.leftList, rightList: matching.rightList, blanks: fillIn.blanks };
    const p = toPublic('q1', stale);
    expect(p).toMatchObject({ answerList: [], blankCount: 0, leftList: [], rightList: [], subList: [] });
  });

  it('refuses an option without an id rather than inventing one', () => {
    expect(() => toPublic('q1', { ...choice, answerList: [{ content: 'x', isRight: true }] })).toThrow(TypeError);
  });
});

describe('emptyBlankMarkers', () => {
  it.each([
    ['an empty marker', 'a<span data-blank="1"></span>b', 'a<span data-blank="1"></span>b'],
    ['a marker with text inside', '<span data-blank="3">秘密</span>', '<span data-blank="3"></span>'],
    ['nested spans inside a marker', '<span class="x" data-blank="1"><span>a</span><span>b</span></span>后', '<span data-blank="1"></span>后'],
    ['single quotes and other attributes', "<span style='color:red' data-blank='2' title=\"t\">x</span>", '<span data-blank="2"></span>'],
    ['ordinary spans left alone', '<span>普通</span><span data-blank="1">x</span><span>文字</span>', '<span>普通</span><span data-blank="1"></span><span>文字</span>'],
    ['an unclosed marker', 'a<span data-blank="1">', 'a<span data-blank="1"></span>'],
  ])('%s', (_, html, expected) => {
    expect(emptyBlankMarkers(html)).toBe(expected);
  });
});

describe('shuffleOptions', () => {
  const ids = (q: QuBody) => (q.answerList ?? []).map((o) => o.id);

  it('shuffles single and multiple choice options, keeping each option whole', () => {
    const orders = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const s = shuffleOptions(choice, seededRng(seed));
      expect([...ids(s)].sort()).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
      expect(s.answerList?.find((o) => o.id === 'o2')).toEqual(choice.answerList?.[1]);
      orders.add(ids(s).join());
    }
    expect(orders.size).toBeGreaterThan(10);
    // The original is untouched.
    expect(ids(choice)).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
  });

  it('does not change the grade of an answer', () => {
    const s = shuffleOptions(choice, seededRng(7));
    expect(gradeAnswer(s, answerKey(choice), 2)).toMatchObject({ isRight: true, score: 2 });
  });

  it('keeps true/false in its order', () => {
    const judge: QuBody = {
      quType: QuType.JUDGE,
      content: 'x',
      answerList: [
        { id: 't', content: '对', isRight: true },
        { id: 'f', content: '错', isRight: false },
      ],
    };
    for (let seed = 1; seed <= 10; seed++) expect(ids(shuffleOptions(judge, seededRng(seed)))).toEqual(['t', 'f']);
  });

  it('shuffles the right-hand items of matching, not the left ones', () => {
    const orders = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const s = shuffleOptions(matching, seededRng(seed));
      expect(s.leftList).toEqual(matching.leftList);
      expect(s.rightList?.map((r) => r.id).sort()).toEqual(['DISTRACTOR', 'RIGHT-ID-ONE', 'RIGHT-ID-TWO']);
      orders.add(s.rightList!.map((r) => r.id).join());
    }
    expect(orders.size).toBe(6);
  });

  it('shuffles inside each part of a combined question, keeping the parts in order', () => {
    const big: QuBody = {
      ...combined,
      subList: combined.subList!.map((s) => (s.id === 'sub1' ? { ...s, answerList: choice.answerList } : s)),
    };
    const orders = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const s = shuffleOptions(big, seededRng(seed));
      expect(s.subList?.map((p) => p.id)).toEqual(['sub1', 'sub2', 'sub3', 'sub4']);
      orders.add(s.subList![0].answerList!.map((o) => o.id).join());
    }
    expect(orders.size).toBeGreaterThan(5);
  });

  it('leaves other types as they are', () => {
    expect(shuffleOptions(fillIn, seededRng(1))).toEqual(fillIn);
    expect(shuffleOptions(shortAnswer, seededRng(1))).toEqual(shortAnswer);
  });
});
