import { describe, expect, it } from 'vitest';
import type { QuBody } from '../../../common/api';
import { QuType } from '../../../common/codes';
import { blankMarker, checkQuestion, emptyQuestion, fromQuBody, newSub, switchQuestionType, switchType, toPublic, toQuBody, withStem } from './quModel';

const messages = (q: QuBody) => checkQuestion(q).map((i) => `${i.field}: ${i.message}`);
const opt = (content: string, isRight = false) => ({ id: `o${content}`, content, isRight });

describe('the editor refuses what the server refuses, with the same words', () => {
  it('single choice: two options or more, exactly one right', () => {
    expect(messages({ ...emptyQuestion(QuType.SINGLE), content: '<p>题</p>', answerList: [opt('A'), opt('B')] })).toEqual(['answerList: 单选题必须有且只有一个正确答案']);
    expect(messages({ ...emptyQuestion(QuType.SINGLE), content: '<p>题</p>', answerList: [opt('A', true)] })).toEqual(['answerList: 单选题至少需要两个选项']);
    expect(messages({ ...emptyQuestion(QuType.SINGLE), content: '<p>题</p>', answerList: [opt('A', true), opt('')] })).toEqual(['answerList.1.content: 选项B的内容不能为空']);
    expect(messages({ ...emptyQuestion(QuType.SINGLE), content: '<p>题</p>', answerList: [opt('A', true), opt('B')] })).toEqual([]);
  });

  it('an empty stem (only an empty paragraph) is refused', () => {
    expect(messages({ ...emptyQuestion(QuType.SHORT), content: '<p>&nbsp;</p>' })).toEqual(['content: 题干不能为空']);
    expect(messages({ ...emptyQuestion(QuType.SHORT), content: '<p><img src="/api/sys/file/get/a"></p>' })).toEqual([]);
  });

  it('multiple choice needs a right option; true/false exactly 正确 and 错误 with one right', () => {
    expect(messages({ ...emptyQuestion(QuType.MULTIPLE), content: '题', answerList: [opt('A'), opt('B')] })).toEqual(['answerList: 多选题至少需要一个正确答案']);
    const judge = emptyQuestion(QuType.JUDGE);
    expect(judge.answerList?.map((o) => o.content)).toEqual(['正确', '错误']);
    expect(messages({ ...judge, content: '题' })).toEqual(['answerList: 判断题必须有且只有一个正确答案']);
    expect(messages({ ...judge, content: '题', answerList: judge.answerList?.map((o, i) => ({ ...o, isRight: i === 1 })) })).toEqual([]);
  });

  it('fill in the blank: a marker in the stem, and an answer for each', () => {
    expect(messages({ ...emptyQuestion(QuType.FILL), content: '<p>没有填空</p>' })).toEqual(['content: 填空题的题干中至少要有一个填空']);
    const stem = `<p>中国的首都是${blankMarker(1)}，最大的城市是${blankMarker(2)}</p>`;
    expect(messages({ ...emptyQuestion(QuType.FILL), content: stem, blanks: [{ answers: ['北京'] }, { answers: ['  '] }] })).toEqual(['blanks.1: 第2个填空没有答案']);
    expect(messages({ ...emptyQuestion(QuType.FILL), content: stem, blanks: [{ answers: ['北京'] }] })).toEqual(['blanks: 题干中有2个填空，但设置了1个填空的答案']);
  });

  it('matching: two left items, each matched, no fewer right items than left', () => {
    const q = emptyQuestion(QuType.MATCH);
    const filled = { ...q, content: '配对', leftList: q.leftList!.map((l, i) => ({ ...l, content: `左${i}` })), rightList: q.rightList!.map((r, i) => ({ ...r, content: `右${i}` })) };
    expect(messages(filled)).toEqual([]);
    const unmatched = { ...filled, leftList: filled.leftList.map((l, i) => (i === 1 ? { ...l, rightId: '' } : l)) };
    expect(messages(unmatched)).toEqual(['leftList.1.rightId: 左侧第2项没有配对的右侧项']);
    expect(messages({ ...filled, leftList: filled.leftList.slice(0, 1) })).toEqual(['leftList: 配对题至少需要两个左侧项']);
  });

  it('combined: material, at least one sub-question, each checked and named', () => {
    expect(messages({ ...emptyQuestion(QuType.COMBINED), content: '材料', subList: [] })).toEqual(['subList: 组合题至少需要一个小题']);
    const sub = { ...newSub(QuType.SINGLE), content: '小题', share: 0, answerList: [opt('A'), opt('B')] };
    expect(messages({ ...emptyQuestion(QuType.COMBINED), content: '', subList: [sub] })).toEqual([
      'content: 组合题的材料不能为空',
      'subList.0.share: 第1小题的分值占比必须是1到100的整数',
      'subList.0.answerList: 第1小题：单选题必须有且只有一个正确答案',
    ]);
  });
});

describe('blanks follow their markers', () => {
  it('a blank inserted before another shifts the answers; a deleted one takes its answers along', () => {
    let q: QuBody = { ...emptyQuestion(QuType.FILL), content: '' };
    q = withStem(q, `<p>甲${blankMarker(1)}</p>`);
    expect(q.blanks).toEqual([{ answers: [''] }]);
    q = { ...q, blanks: [{ answers: ['一'] }] };
    q = withStem(q, `<p>${blankMarker(2)}甲${blankMarker(1)}</p>`);
    expect(q.blanks).toEqual([{ answers: [''] }, { answers: ['一'] }]);
    q = { ...q, blanks: [{ answers: ['二'] }, { answers: ['一'] }] };
    q = withStem(q, `<p>甲${blankMarker(1)}</p>`);
    expect(q.blanks).toEqual([{ answers: ['一'] }]);
  });

  it('saves markers numbered in order, drops empty alternatives and other types\' fields', () => {
    const q: QuBody = { ...emptyQuestion(QuType.FILL), content: ` <p>${blankMarker(3)}和${blankMarker(1)}</p> `, blanks: [{ answers: ['a', ' '] }, { answers: ['b'] }], refAnswer: 'x' };
    const body = toQuBody(q);
    expect(body.content).toBe(`<p>${blankMarker(1)}和${blankMarker(2)}</p>`);
    expect(body.blanks).toEqual([{ answers: ['a'] }, { answers: ['b'] }]);
    expect(body.refAnswer).toBe('');
    expect(body.answerList).toEqual([]);
  });
});

describe('type switches and the learner preview', () => {
  it('single → multiple keeps the options; multiple → single keeps only the first right one', () => {
    const multi = { ...emptyQuestion(QuType.MULTIPLE), content: '题', answerList: [opt('A', true), opt('B', true)] };
    expect(switchType(multi, QuType.SINGLE).answerList?.map((o) => o.isRight)).toEqual([true, false]);
    expect(switchType(switchType(multi, QuType.SINGLE), QuType.MULTIPLE).answerList?.map((o) => o.content)).toEqual(['A', 'B']);
    expect(switchType(multi, QuType.JUDGE).answerList?.map((o) => o.content)).toEqual(['正确', '错误']);
  });

  it('a question switched to combined starts with one sub-question', () => {
    const q = switchQuestionType({ ...emptyQuestion(QuType.SHORT), content: '材料' }, QuType.COMBINED);
    expect(q.content).toBe('材料');
    expect(q.subList?.map((s) => s.quType)).toEqual([QuType.SINGLE]);
    expect(switchQuestionType(q, QuType.SHORT).subList).toEqual([]);
  });

  it('a fill-in stem switched to keeps its blanks in step', () => {
    const short = { ...emptyQuestion(QuType.SHORT), content: `<p>${blankMarker(1)}</p>` };
    expect(switchType(short, QuType.FILL).blanks).toEqual([{ answers: [''] }]);
  });

  it('the preview carries no right answers', () => {
    const q = fromQuBody({ quType: QuType.SINGLE, content: '题', answerList: [{ content: 'A', isRight: true, analysis: '因为' }, { content: 'B', isRight: false }] });
    const pub = toPublic(q);
    expect(JSON.stringify(pub)).not.toContain('isRight');
    expect(JSON.stringify(pub)).not.toContain('因为');
    expect(pub.answerList.every((o) => o.id !== '')).toBe(true);
  });
});
