import { describe, expect, it } from 'vitest';
import type { QuBody, QuDetail } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import { seededRng } from '../exam/paper.draw';
import { orderForLearner } from '../qu/qu.public';
import { copyText, learnBase, missingBases, snapshotCopy, snapshotSource, type SnapshotSource } from './paper.snapshot';
import type { ShuffleRng } from '../qu/qu.public';

/** A paper's copy as it is read back from its draft line. */
const snapshotText = (s: SnapshotSource, choices: boolean, rng: ShuffleRng) => copyText(snapshotCopy(s, choices, rng));

const meta = { id: 'q1', repoId: 'r1', repoTitle: '题库', createTime: 1, updateTime: 2 };
const options = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `o${i}`, content: `选项${i}`, isRight: i === 0, ...(i === 1 ? { analysis: '解析"引号"' } : {}) }));

const questions: Record<string, QuBody> = {
  single: { quType: QuType.SINGLE, level: 1, content: '<p>单选 "引号" \\ 反斜杠</p>', analysis: '', tags: [], answerList: options(6), refAnswer: '', blanks: [], leftList: [], rightList: [] },
  multiple: { quType: QuType.MULTIPLE, level: 2, content: '<p>多选</p>', analysis: '解析', tags: ['知识点'], answerList: options(5) },
  judge: { quType: QuType.JUDGE, content: '<p>判断</p>', answerList: [{ id: 't', content: '对', isRight: true }, { id: 'f', content: '错', isRight: false }] },
  short: { quType: QuType.SHORT, content: '<p>简述</p>', refAnswer: '<p>参考</p>', answerList: [], fillOptions: { ignoreCase: true, ignoreWidth: true, ignoreSpace: true, anyOrder: false } },
  fill: { quType: QuType.FILL, content: '<p>填<span data-blank="1"></span></p>', blanks: [{ answers: ['甲', '乙'] }], fillOptions: { ignoreCase: true, ignoreWidth: true, ignoreSpace: true, anyOrder: false } },
  match: {
    quType: QuType.MATCH,
    content: '<p>连线</p>',
    leftList: [{ id: 'L1', content: '一', rightId: 'R1' }, { id: 'L2', content: '二', rightId: 'R2' }],
    rightList: [{ id: 'R1', content: '1' }, { id: 'R2', content: '2' }, { id: 'R3', content: '3' }, { id: 'R4', content: '4' }],
  },
  combined: {
    quType: QuType.COMBINED,
    content: '<p>材料</p>',
    subList: [
      { id: 's1', share: 1, quType: QuType.SINGLE, content: '子一', answerList: options(4) },
      { id: 's2', share: 2, quType: QuType.FILL, content: '子二', blanks: [{ answers: ['丙'] }] },
      { id: 's3', share: 1, quType: QuType.MATCH, content: '子三', leftList: [{ id: 'a', content: 'A', rightId: 'b' }], rightList: [{ id: 'b', content: 'B' }, { id: 'c', content: 'C' }, { id: 'd', content: 'D' }] },
      { id: 's4', share: 1, quType: QuType.MULTIPLE, content: '子四', answerList: [] },
    ],
  },
};

/** The copy made the long way: shuffle the object, drop what the type leaves empty, serialise. */
function theLongWay(q: QuBody, choices: boolean, seed: number): unknown {
  const moved = orderForLearner(q, choices, seededRng(seed)) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(moved).filter(
      ([k, v]) => v !== '' && v !== undefined && !(Array.isArray(v) && v.length === 0) && !(k === 'fillOptions' && q.quType !== QuType.FILL && q.quType !== QuType.COMBINED),
    ),
  );
}

describe('paper snapshots', () => {
  it.each(Object.entries(questions))('joins a %s question into the same copy as shuffling the object would', (_, q) => {
    for (const seed of [1, 7, 42, 1234]) {
      const text = snapshotText(snapshotSource({ ...meta, ...q } as QuDetail), true, seededRng(seed));
      expect(JSON.parse(text)).toEqual(theLongWay(q, true, seed));
    }
  });

  it('keeps choice options in the bank order when the exam does not shuffle them, and still moves matching items', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const copy = JSON.parse(snapshotText(snapshotSource({ ...meta, ...questions.combined } as QuDetail), false, seededRng(seed))) as QuBody;
      const parts = copy.subList!;
      expect(parts.map((p) => p.id)).toEqual(['s1', 's2', 's3', 's4']);
      expect(parts[0].answerList!.map((o) => o.id)).toEqual(['o0', 'o1', 'o2', 'o3']);
      expect(parts[3].answerList).toEqual([]);
      expect(parts[2].rightList!.map((r) => r.id).sort()).toEqual(['b', 'c', 'd']);
      seen.add(parts[2].rightList!.map((r) => r.id).join());
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('keeps no bank bookkeeping and none of the fields the type leaves empty', () => {
    const copy = JSON.parse(snapshotText(snapshotSource({ ...meta, ...questions.single } as QuDetail), true, seededRng(3))) as Record<string, unknown>;
    expect(Object.keys(copy).sort()).toEqual(['answerList', 'content', 'level', 'quType']);
    expect(copy.content).toBe(questions.single.content);
  });

  it('prepares a question once and gives each paper its own order', () => {
    const q = { ...meta, ...questions.multiple } as QuDetail;
    expect(snapshotSource(q)).toBe(snapshotSource(q));
    const orders = new Set(Array.from({ length: 20 }, (_, seed) => (JSON.parse(snapshotText(snapshotSource(q), true, seededRng(seed + 1))) as QuBody).answerList!.map((o) => o.id).join()));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('keeps a copy as its base id and an order, a few bytes per question', () => {
    const s = snapshotSource({ ...meta, ...questions.single } as QuDetail);
    const copy = snapshotCopy(s, true, seededRng(5));
    expect(copy).toMatch(/^[A-Za-z0-9_-]{22}:[0-5]{6}$/);
    expect([...copy.split(':')[1]].sort().join('')).toBe('012345');
    expect(snapshotCopy(s, false, seededRng(5)).endsWith(':012345')).toBe(true);
    // A combined question: each part's list in turn (choices kept, the matching part's three moved).
    const combined = snapshotCopy(snapshotSource({ ...meta, ...questions.combined } as QuDetail), false, seededRng(9));
    expect(combined.split(':')[1]).toMatch(/^0123[0-2]{3}$/);
  });

  it('reads a copy the same from a base read back from the database as from the question it was made from', () => {
    const s = snapshotSource({ ...meta, id: 'q-read-back', ...questions.combined, content: '<p>读回</p>' } as QuDetail);
    const copies = [1, 2, 3].map((seed) => snapshotCopy(s, true, seededRng(seed)));
    const made = copies.map(copyText);
    learnBase(s.id, s.text);
    expect(copies.map(copyText)).toEqual(made);
    expect(JSON.parse(s.text)).toEqual(s.body);
    expect(missingBases(copies)).toEqual([]);
    expect(missingBases(['AAAAAAAAAAAAAAAAAAAAAA:01', '', '{"quType":1}'])).toEqual(['AAAAAAAAAAAAAAAAAAAAAA']);
    expect(() => learnBase(s.id, s.text.replace('读回', '改过'))).toThrow(/does not match/);
  });

  it('reads drafts made before bases (whole texts) as they are, and refuses a copy that does not fit its base', () => {
    const whole = '{"quType":4,"content":"<p>简述</p>"}';
    expect(copyText(whole)).toBe(whole);
    expect(copyText('')).toBe('');
    const s = snapshotSource({ ...meta, ...questions.match } as QuDetail);
    expect(() => copyText(`${s.id}:012`)).toThrow(/does not fit/);
    expect(() => copyText(`${s.id}:01234`)).toThrow(/does not fit/);
    expect(() => copyText(`${s.id}:01z3`)).toThrow(/does not fit/);
    expect(() => copyText('BBBBBBBBBBBBBBBBBBBBBB:01')).toThrow(/not loaded/);
  });
});
