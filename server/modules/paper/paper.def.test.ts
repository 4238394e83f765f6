import { describe, expect, it } from 'vitest';
import { QuType } from '../../../common/codes';
import { groupsOfPaper, settingsOfPaper, snapshotOf } from './paper.def';
import { cardEntry, paperCard, type DraftEntry } from './paper.repository';

describe('what a cohort keeps once', () => {
  it('parses a text once and shares it frozen, so no caller can change what the next one reads', () => {
    const question = JSON.stringify({ quType: QuType.SINGLE, content: '<p>题</p>', answerList: [{ id: 'a', content: '甲', isRight: true }] });
    const first = snapshotOf({ question });
    // The same text read again (as another paper's row holds it): the same value, not a new parse.
    expect(snapshotOf({ question: `${question}` })).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.answerList) && Object.isFrozen(first.answerList![0])).toBe(true);
    expect(() => {
      (first.answerList![0] as { isRight: boolean }).isRight = false;
    }).toThrow(TypeError);
    expect(snapshotOf({ question }).answerList![0].isRight).toBe(true);

    const settings = JSON.stringify({ handMin: 5, leaveLimit: 3 });
    expect(settingsOfPaper({ settings })).toBe(settingsOfPaper({ settings }));
    const groups = JSON.stringify([{ title: '单选', quType: QuType.SINGLE, perScore: 2 }]);
    expect(groupsOfPaper({ groups })[0]).toEqual({ title: '单选', quType: QuType.SINGLE, perScore: 2 });
    expect(Object.isFrozen(groupsOfPaper({ groups })[0])).toBe(true);
  });

  it('keeps cards of one exam as lists of shared entries, found by id', () => {
    const entry = (quId: string, sort: number): DraftEntry => ({ qu_id: quId, parent_id: '', group_index: 0, sort, qu_type: QuType.SINGLE, score: 2 });
    const a = paperCard([entry('q2', 1), entry('q1', 0)]);
    const b = paperCard([entry('q1', 0), entry('q2', 1)]);
    const c = paperCard([entry('q2', 0), entry('q1', 1)]);
    expect(a.entries.map((e) => e.qu_id)).toEqual(['q1', 'q2']);
    // Two papers with a question in the same place hold one entry for it.
    expect(a.entries[0]).toBe(b.entries[0]);
    expect(a.entries[1]).toBe(b.entries[1]);
    expect(c.entries[0]).not.toBe(a.entries[1]);
    expect(cardEntry(c, 'q1')).toEqual(entry('q1', 1));
    expect(cardEntry(c, 'q9')).toBeUndefined();
  });
});
