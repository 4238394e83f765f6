import type { WorkerReply } from '../../workers/pool';
import { buildStatsWorkbook } from './stats.excel';
import { computeExamStats, masteryOf, type ExamStatsInput, type ExamStatsResult, type StatsItem } from './stats.model';
import type { AttemptReadRow } from './stats.repository';

/**
 * Statistics in a worker thread (server/workers/pool.ts): an exam's figures from its read-model
 * rows, mastery over many attempts, and the Excel workbook of an exam's figures. The rows arrive
 * as the database gave them (items as JSON text) and are parsed here, off the server's loop.
 */

export type StatsJob =
  | { kind: 'exam'; rows: AttemptReadRow[]; input: Omit<ExamStatsInput, 'attempts'> }
  | { kind: 'mastery'; rows: Array<Pick<AttemptReadRow, 'items'>> }
  | { kind: 'workbook'; title: string; modeLabel: string; result: ExamStatsResult };

export type StatsJobResult = ExamStatsResult | ExamStatsResult['mastery'] | Uint8Array;

function run(job: StatsJob): Promise<StatsJobResult> | StatsJobResult {
  switch (job.kind) {
    case 'exam':
      return computeExamStats({
        ...job.input,
        attempts: job.rows.map((r) => ({
          paperId: r.paper_id,
          userId: r.user_id,
          deptId: r.dept_id,
          total: r.total,
          startTime: r.start_time,
          seconds: r.seconds,
          items: JSON.parse(r.items) as StatsItem[],
        })),
      });
    case 'mastery':
      return masteryOf(job.rows.map((r) => ({ items: JSON.parse(r.items) as StatsItem[] })));
    case 'workbook':
      return buildStatsWorkbook(job.title, job.modeLabel, job.result);
  }
}

/** One statistics job in this (warm, reused) worker. */
export async function handle(job: StatsJob): Promise<WorkerReply<StatsJobResult>> {
  try {
    return { ok: true, value: await run(job) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : '统计计算失败' };
  }
}
