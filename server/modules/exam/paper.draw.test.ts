import { describe, expect, it } from 'vitest';
import { QuLevel, QuType } from '../../../common/codes';
import {
  checkComposition,
  cryptoRng,
  describeShortage,
  drawPaper,
  seededRng,
  type BankStat,
  type CheckGroup,
  type DrawGroup,
  type DrawResult,
  type QuPools,
} from './paper.draw';

/** Ids say where they come from: `${repo}-t${type}-l${level}-${n}`. */
function bank(spec: Record<string, Array<[quType: number, level: number, count: number]>>): QuPools & { all: Set<string> } {
  const lists = new Map<string, string[]>();
  const all = new Set<string>();
  for (const [repo, rows] of Object.entries(spec)) {
    for (const [quType, level, count] of rows) {
      const ids = Array.from({ length: count }, (_, n) => `${repo}-t${quType}-l${level}-${n}`);
      ids.forEach((id) => all.add(id));
      lists.set(`${repo}|${quType}|${level}`, ids);
      lists.set(`${repo}|${quType}|`, [...(lists.get(`${repo}|${quType}|`) ?? []), ...ids]);
    }
  }
  return { all, ids: (repo, quType, level) => lists.get(`${repo}|${quType}|${level ?? ''}`) ?? [] };
}

function paper(r: DrawResult) {
  if (!('groups' in r)) throw new Error(`expected a paper, got ${JSON.stringify(r)}`);
  return r.groups;
}

const section = (title: string, quType: DrawGroup['quType'], draws: DrawGroup['draws'], quIds: string[] = []): DrawGroup => ({ title, quType, draws, quIds });

describe('drawPaper', () => {
  const pools = bank({
    A: [
      [QuType.SINGLE, QuLevel.ORDINARY, 30],
      [QuType.SINGLE, QuLevel.HARDER, 10],
      [QuType.MULTIPLE, QuLevel.ORDINARY, 8],
    ],
    B: [[QuType.SINGLE, QuLevel.ORDINARY, 5]],
  });

  it('draws the asked number from the right bank, type and level, never the same question twice', () => {
    const groups = [
      section('单选题', QuType.SINGLE, [
        { repoId: 'A', level: QuLevel.HARDER, count: 4 },
        { repoId: 'A', count: 20 },
        { repoId: 'B', count: 5 },
      ]),
      section('多选题', QuType.MULTIPLE, [{ repoId: 'A', count: 8 }]),
      section('单选题二', QuType.SINGLE, [{ repoId: 'A', count: 16 }]),
    ];
    for (let seed = 1; seed <= 200; seed++) {
      const g = paper(drawPaper(groups, pools, undefined, seededRng(seed), { shuffleQuestions: seed % 2 === 0 }));
      const ids = g.flatMap((x) => x.quIds);
      expect(new Set(ids).size).toBe(ids.length);
      expect(g.map((x) => x.quIds.length)).toEqual([29, 8, 16]);
      expect(g[0].quIds.filter((id) => id.startsWith('A-t1-l2-')).length).toBeGreaterThanOrEqual(4);
      expect(g[0].quIds.filter((id) => id.startsWith('B-t1-')).length).toBe(5);
      expect(g[1].quIds.every((id) => id.startsWith('A-t2-'))).toBe(true);
      expect(g[2].quIds.every((id) => id.startsWith('A-t1-'))).toBe(true);
      // All 40 single-choice questions of A are used exactly: 4 + 20 + 16.
      expect(ids.filter((id) => id.startsWith('A-t1-')).length).toBe(40);
    }
  });

  it('draws a given level before any level, so a draw of any level never starves one of a level', () => {
    // Any level first in the exam's order, harder second: 12 of 40 any, 10 of 10 harder.
    const groups = [section('一', QuType.SINGLE, [{ repoId: 'A', count: 30 }]), section('二', QuType.SINGLE, [{ repoId: 'A', level: QuLevel.HARDER, count: 10 }])];
    for (let seed = 1; seed <= 100; seed++) {
      const g = paper(drawPaper(groups, pools, undefined, seededRng(seed), { shuffleQuestions: false }));
      expect(g[0].quIds.every((id) => id.startsWith('A-t1-l1-'))).toBe(true);
      expect(g[1].quIds.every((id) => id.startsWith('A-t1-l2-'))).toBe(true);
    }
  });

  it('keeps fixed questions, first, and never draws them again', () => {
    const fixed = ['A-t1-l1-0', 'A-t1-l1-1', 'A-t1-l1-2'];
    const groups = [section('单选题', QuType.SINGLE, [{ repoId: 'A', level: QuLevel.ORDINARY, count: 27 }], fixed)];
    for (let seed = 1; seed <= 50; seed++) {
      const [g] = paper(drawPaper(groups, pools, undefined, seededRng(seed), { shuffleQuestions: false }));
      expect(g.quIds.slice(0, 3)).toEqual(fixed);
      expect(new Set(g.quIds).size).toBe(30);
    }
  });

  it('lists drawn questions in pool order unless shuffling', () => {
    const groups = [section('单选题', QuType.SINGLE, [{ repoId: 'A', level: QuLevel.ORDINARY, count: 10 }], ['B-t1-l1-3'])];
    const order = (id: string) => Number(id.split('-').pop());
    const [g] = paper(drawPaper(groups, pools, undefined, seededRng(3), { shuffleQuestions: false }));
    expect(g.quIds[0]).toBe('B-t1-l1-3');
    const drawn = g.quIds.slice(1).map(order);
    expect(drawn).toEqual([...drawn].sort((a, b) => a - b));
  });

  it('shuffles each section per paper when asked, sections keeping their order', () => {
    const groups = [section('一', QuType.SINGLE, [{ repoId: 'B', count: 5 }], ['A-t1-l2-0']), section('二', QuType.MULTIPLE, [{ repoId: 'A', count: 8 }])];
    const firsts = new Set<string>();
    const orders = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) {
      const g = paper(drawPaper(groups, pools, undefined, seededRng(seed), { shuffleQuestions: true }));
      expect(g.map((x) => x.index)).toEqual([0, 1]);
      expect([...g[0].quIds].sort()).toEqual(['A-t1-l2-0', 'B-t1-l1-0', 'B-t1-l1-1', 'B-t1-l1-2', 'B-t1-l1-3', 'B-t1-l1-4']);
      firsts.add(g[0].quIds[0]);
      orders.add(g[1].quIds.join());
    }
    expect(firsts.has('A-t1-l2-0')).toBe(true);
    expect(firsts.size).toBeGreaterThan(3);
    expect(orders.size).toBeGreaterThan(50);
  });

  it('is repeatable with the same seed and differs with another', () => {
    const groups = [section('单选题', QuType.SINGLE, [{ repoId: 'A', count: 10 }])];
    const once = (seed: number) => paper(drawPaper(groups, pools, undefined, seededRng(seed), { shuffleQuestions: true }))[0].quIds.join();
    expect(once(42)).toBe(once(42));
    expect(once(42)).not.toBe(once(43));
  });

  it('picks every question of a pool about equally often, fixed ones excluded', () => {
    const groups = [section('单选题', QuType.SINGLE, [{ repoId: 'B', count: 2 }], ['B-t1-l1-0'])];
    const seen = new Map<string, number>();
    const rng = seededRng(9);
    for (let i = 0; i < 8000; i++) {
      for (const id of paper(drawPaper(groups, pools, undefined, rng, { shuffleQuestions: false }))[0].quIds.slice(1)) seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    expect(seen.has('B-t1-l1-0')).toBe(false);
    // 16,000 picks over 4 questions: 4,000 each, give or take.
    for (const n of ['B-t1-l1-1', 'B-t1-l1-2', 'B-t1-l1-3', 'B-t1-l1-4'].map((id) => seen.get(id) ?? 0)) expect(Math.abs(n - 4000)).toBeLessThan(250);
  });

  it('names every shortage: section, bank, level, wanted and what was left', () => {
    const groups = [
      section('单选题', QuType.SINGLE, [{ repoId: 'B', count: 3 }]),
      section('多选题', QuType.MULTIPLE, [{ repoId: 'A', level: QuLevel.HARDER, count: 2 }]),
      section('单选题二', QuType.SINGLE, [{ repoId: 'B', count: 3 }]),
    ];
    const r = drawPaper(groups, pools, undefined, seededRng(1), { shuffleQuestions: false });
    expect(r).toEqual({
      shortages: [
        { groupIndex: 1, groupTitle: '多选题', repoId: 'A', quType: QuType.MULTIPLE, level: QuLevel.HARDER, wanted: 2, available: 0 },
        { groupIndex: 2, groupTitle: '单选题二', repoId: 'B', quType: QuType.SINGLE, wanted: 3, available: 2 },
      ],
      missing: [],
    });
    if ('shortages' in r) {
      expect(describeShortage(r.shortages[0], '安全生产')).toBe('第2部分“多选题”：题库“安全生产”的较难多选题只有0道，需要2道');
      expect(describeShortage(r.shortages[1])).toBe('第3部分“单选题二”：题库“B”的单选题只有2道，需要3道');
    }
  });

  it('counts fixed questions out of what a bank can give', () => {
    const groups = [section('单选题', QuType.SINGLE, [{ repoId: 'B', count: 5 }], ['B-t1-l1-4'])];
    expect(drawPaper(groups, pools, undefined, seededRng(1), { shuffleQuestions: false })).toMatchObject({ shortages: [{ wanted: 5, available: 4 }] });
  });

  it('refuses a paper whose fixed question no longer exists, and drops repeated fixed ones', () => {
    const groups = [section('一', QuType.SINGLE, [], ['B-t1-l1-0', 'gone']), section('二', QuType.SINGLE, [], ['B-t1-l1-0', 'B-t1-l1-1'])];
    const types = new Map([
      ['B-t1-l1-0', QuType.SINGLE],
      ['B-t1-l1-1', QuType.SINGLE],
    ]);
    expect(drawPaper(groups, pools, types, seededRng(1), { shuffleQuestions: false })).toEqual({
      shortages: [],
      missing: [{ groupIndex: 0, groupTitle: '一', quId: 'gone' }],
    });
    const ok = [section('一', QuType.SINGLE, [], ['B-t1-l1-0']), section('二', QuType.SINGLE, [], ['B-t1-l1-0', 'B-t1-l1-1'])];
    expect(paper(drawPaper(ok, pools, types, seededRng(1), { shuffleQuestions: false }))).toEqual([
      { index: 0, quIds: ['B-t1-l1-0'] },
      { index: 1, quIds: ['B-t1-l1-1'] },
    ]);
  });

  it('survives a pool that lists an id twice', () => {
    const twice: QuPools = { ids: () => ['x', 'y', 'x', 'z', 'y'] };
    for (let seed = 1; seed <= 30; seed++) {
      const [g] = paper(drawPaper([section('一', QuType.SINGLE, [{ repoId: 'R', count: 3 }])], twice, undefined, seededRng(seed), { shuffleQuestions: false }));
      expect([...g.quIds].sort()).toEqual(['x', 'y', 'z']);
    }
  });

  it('draws with the crypto source too: whole numbers in range, evenly spread', () => {
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 70_000; i++) {
      const n = cryptoRng.int(7);
      expect(Number.isInteger(n) && n >= 0 && n < 7).toBe(true);
      counts[n]++;
    }
    // Each count is 10,000 ± 6.5 standard deviations.
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(600);
    expect(cryptoRng.int(1)).toBe(0);
    expect(() => cryptoRng.int(0)).toThrow(RangeError);
    const [g] = paper(drawPaper([section('一', QuType.SINGLE, [{ repoId: 'A', count: 40 }])], pools, undefined, cryptoRng, { shuffleQuestions: true }));
    expect(new Set(g.quIds).size).toBe(40);
  });
});

describe('checkComposition', () => {
  const stats: Record<string, BankStat[]> = {
    safety: [
      { quType: QuType.SINGLE, level: QuLevel.ORDINARY, count: 20 },
      { quType: QuType.SINGLE, level: QuLevel.HARDER, count: 5 },
      { quType: QuType.MULTIPLE, level: QuLevel.ORDINARY, count: 6 },
      { quType: QuType.MULTIPLE, level: QuLevel.HARDER, count: 3 },
    ],
    fire: [{ quType: QuType.JUDGE, level: QuLevel.ORDINARY, count: 10 }],
  };
  const titles: Record<string, string> = { safety: '安全生产', fire: '消防' };
  const statsOf = (repoId: string) => stats[repoId] ?? [];
  const repoTitle = (repoId: string) => titles[repoId];
  const g = (title: string, quType: CheckGroup['quType'], perScore: number, draws: CheckGroup['draws'], quIds: string[] = []): CheckGroup => ({ title, quType, perScore, draws, quIds });

  it('adds up the total score and question count, fixed questions included', () => {
    const r = checkComposition(
      [g('单选题', QuType.SINGLE, 2, [{ repoId: 'safety', count: 10 }], ['f1', 'f2']), g('判断题', QuType.JUDGE, 0.1, [{ repoId: 'fire', count: 3 }])],
      statsOf,
      { repoTitle },
    );
    expect(r).toEqual({ errors: [], warnings: [], totalScore: 24.3, quCount: 15 });
  });

  it('keeps decimal scores exact', () => {
    const r = checkComposition([g('判断题', QuType.JUDGE, 0.1, [{ repoId: 'fire', count: 3 }]), g('判断题', QuType.JUDGE, 0.2, [], ['x'])], statsOf, { repoTitle });
    expect(r.totalScore).toBe(0.5);
  });

  it('names the section, the bank and what is missing', () => {
    const r = checkComposition(
      [g('单选题', QuType.SINGLE, 1, [{ repoId: 'safety', count: 2 }]), g('多选题', QuType.MULTIPLE, 2, [{ repoId: 'safety', level: QuLevel.HARDER, count: 5 }])],
      statsOf,
      { repoTitle },
    );
    expect(r.errors).toEqual(['第2部分“多选题”：题库“安全生产”的较难多选题只有3道，需要5道']);
  });

  it('says so when a bank has none of a type, and names it without a level for a draw of any level', () => {
    const r = checkComposition([g('判断', QuType.JUDGE, 1, [{ repoId: 'safety', count: 1 }]), g('多选', QuType.MULTIPLE, 1, [{ repoId: 'safety', count: 10 }])], statsOf, { repoTitle });
    expect(r.errors).toEqual(['第1部分“判断”：题库“安全生产”的判断题只有0道，需要1道', '第2部分“多选”：题库“安全生产”的多选题只有9道，需要10道']);
  });

  it('counts what other draws of the paper take from the same questions', () => {
    const r = checkComposition(
      [g('一', QuType.SINGLE, 1, [{ repoId: 'safety', level: QuLevel.HARDER, count: 3 }]), g('二', QuType.SINGLE, 1, [{ repoId: 'safety', level: QuLevel.HARDER, count: 3 }])],
      statsOf,
      { repoTitle },
    );
    expect(r.errors).toEqual(['第2部分“二”：题库“安全生产”的较难单选题共5道，其中3道已被本试卷的其他抽题或选定试题占用，还剩2道，需要3道']);
  });

  it('lets a draw of any level take what draws of a level leave, whatever their order', () => {
    // 25 single choice: 22 of any level + 3 harder fits; 23 + 3 does not.
    const fits = checkComposition(
      [g('一', QuType.SINGLE, 1, [{ repoId: 'safety', count: 22 }]), g('二', QuType.SINGLE, 1, [{ repoId: 'safety', level: QuLevel.HARDER, count: 3 }])],
      statsOf,
      { repoTitle },
    );
    expect(fits.errors).toEqual([]);
    const over = checkComposition(
      [g('一', QuType.SINGLE, 1, [{ repoId: 'safety', count: 23 }]), g('二', QuType.SINGLE, 1, [{ repoId: 'safety', level: QuLevel.HARDER, count: 3 }])],
      statsOf,
      { repoTitle },
    );
    expect(over.errors).toEqual(['第1部分“一”：题库“安全生产”的单选题共25道，其中3道已被本试卷的其他抽题或选定试题占用，还剩22道，需要23道']);
  });

  it('warns when a draw uses more than 80 % of what a bank has, once per pool', () => {
    const r = checkComposition(
      [
        g('一', QuType.JUDGE, 1, [{ repoId: 'fire', count: 8 }]),
        g('二', QuType.MULTIPLE, 1, [{ repoId: 'safety', level: QuLevel.ORDINARY, count: 5 }]),
        g('三', QuType.MULTIPLE, 1, [{ repoId: 'safety', level: QuLevel.ORDINARY, count: 1 }]),
      ],
      statsOf,
      { repoTitle },
    );
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual(['第2部分“二”：题库“安全生产”的普通多选题共6道，本试卷要用去5道（83%），考生之间的试卷会几乎相同']);
  });

  it('warns when draws together use more than 80 % of a pool', () => {
    const r = checkComposition([g('一', QuType.JUDGE, 1, [{ repoId: 'fire', count: 5 }]), g('二', QuType.JUDGE, 1, [{ repoId: 'fire', count: 4 }])], statsOf, { repoTitle });
    expect(r.warnings).toEqual(['第2部分“二”：题库“消防”的判断题共10道，本试卷要用去9道（90%），考生之间的试卷会几乎相同']);
  });

  it('knows fixed questions when told where they live: gone, of another type, repeated, or taking from a draw', () => {
    const fixed = new Map([
      ['s1', { quType: QuType.SINGLE, repoId: 'safety', level: QuLevel.HARDER }],
      ['s2', { quType: QuType.SINGLE, repoId: 'safety', level: QuLevel.HARDER }],
      ['m1', { quType: QuType.MULTIPLE, repoId: 'safety', level: QuLevel.ORDINARY }],
    ]);
    const r = checkComposition(
      [
        g('单选题', QuType.SINGLE, 1, [{ repoId: 'safety', level: QuLevel.HARDER, count: 4 }], ['s1', 's2', 'm1', 'gone']),
        g('单选题二', QuType.SINGLE, 1, [], ['s1']),
      ],
      statsOf,
      { repoTitle, fixed },
    );
    expect(r.errors).toEqual([
      '第1部分“单选题”：有1道选定的试题已不存在',
      '第1部分“单选题”：有1道选定的试题不是单选题',
      '第1部分“单选题”：题库“安全生产”的较难单选题共5道，其中2道已被本试卷的其他抽题或选定试题占用，还剩3道，需要4道',
      '第2部分“单选题二”：有1道选定的试题重复（一份试卷中同一道题只能出现一次）',
    ]);
  });

  it('refuses an empty section and a bank that is gone', () => {
    const r = checkComposition([g('空', QuType.SINGLE, 1, []), g('旧', QuType.SINGLE, 1, [{ repoId: 'deleted', count: 1 }])], statsOf, { repoTitle });
    expect(r.errors).toEqual(['第1部分“空”：没有试题，请添加抽题规则或选定试题', '第2部分“旧”：抽题的题库不存在或已删除']);
  });

  it('asks each bank for its counts once', () => {
    let calls = 0;
    checkComposition(
      [g('一', QuType.SINGLE, 1, [{ repoId: 'safety', count: 1 }, { repoId: 'safety', level: QuLevel.HARDER, count: 1 }]), g('二', QuType.MULTIPLE, 1, [{ repoId: 'safety', count: 1 }])],
      (id) => {
        calls++;
        return statsOf(id);
      },
      { repoTitle },
    );
    expect(calls).toBe(1);
  });
});
