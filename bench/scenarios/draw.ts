/**
 * Scenario "draw": how long drawing one paper takes, in process (no server). BENCH_PAPERS papers
 * of BENCH_COUNT questions from one pool of BENCH_POOL, with the seeded and the crypto random
 * source, in pool order and shuffled. 200 untimed warm-up papers per row are checked to hold
 * BENCH_COUNT distinct questions.
 *   BENCH_PAPERS (10000)  BENCH_COUNT (50)  BENCH_POOL (10000)
 */
import { QuType } from '../../common/codes';
import { cryptoRng, drawPaper, seededRng, type DrawGroup, type QuPools, type Rng } from '../../server/modules/exam/paper.draw';
import { benchLine, envNumber } from '../lib';

interface Row {
  rng: 'seeded' | 'crypto';
  shuffleQuestions: boolean;
  ms: number;
  usPerPaper: number;
}

export async function run(): Promise<void> {
  const papers = envNumber('BENCH_PAPERS', 10_000);
  const count = envNumber('BENCH_COUNT', 50);
  const poolSize = envNumber('BENCH_POOL', 10_000);
  if (count > poolSize) throw new Error('BENCH_COUNT must not exceed BENCH_POOL');
  if (papers < 1) throw new Error('BENCH_PAPERS must be at least 1');
  const pool = Array.from({ length: poolSize }, (_, i) => `q${i}`);
  const pools: QuPools = { ids: () => pool };
  const groups: DrawGroup[] = [{ title: '单选题', quType: QuType.SINGLE, draws: [{ repoId: 'R', count }], quIds: [] }];

  const rows: Row[] = [];
  const sources: Array<[Row['rng'], Rng]> = [
    ['seeded', seededRng(1)],
    ['crypto', cryptoRng],
  ];
  for (const [name, rng] of sources) {
    for (const shuffleQuestions of [false, true]) {
      // A warm-up, checked, so the timed loop neither pays for compilation nor times a wrong draw.
      for (let i = 0; i < 200; i++) {
        const r = drawPaper(groups, pools, undefined, rng, { shuffleQuestions });
        if (!('groups' in r) || new Set(r.groups[0].quIds).size !== count) throw new Error(`a paper is not ${count} distinct questions: ${JSON.stringify(r)}`);
      }
      const start = process.hrtime.bigint();
      for (let i = 0; i < papers; i++) drawPaper(groups, pools, undefined, rng, { shuffleQuestions });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      rows.push({ rng: name, shuffleQuestions, ms, usPerPaper: (ms * 1000) / papers });
    }
  }

  console.log(`\nExamhall paper draw: ${papers} papers of ${count} from a pool of ${poolSize}, in process`);
  console.log('| random source | shuffle questions | total ms | µs per paper |');
  console.log('|---|---|---:|---:|');
  for (const r of rows) console.log(`| ${r.rng} | ${r.shuffleQuestions ? 'yes' : 'no'} | ${r.ms.toFixed(0)} | ${r.usPerPaper.toFixed(1)} |`);
  const us = (rng: Row['rng'], shuffle: boolean) => Number(rows.find((r) => r.rng === rng && r.shuffleQuestions === shuffle)!.usPerPaper.toFixed(1));
  benchLine({
    scenario: 'draw',
    papers,
    count,
    pool: poolSize,
    seededUs: us('seeded', false),
    seededShuffledUs: us('seeded', true),
    cryptoUs: us('crypto', false),
    cryptoShuffledUs: us('crypto', true),
    worstUs: Math.max(...rows.map((r) => Number(r.usPerPaper.toFixed(1)))),
  });
}
