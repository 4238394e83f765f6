import type { ExamDraw, ExamGroup, RepoStat } from '../../../common/api';
import { QuType } from '../../../common/codes';

/**
 * The section builder's arithmetic, kept apart from the screen so it can be tested: what a
 * section counts and scores, what a bank can give a draw, and what must be fixed before saving.
 * The server checks the same composition again (examApi.check / save) and has the last word.
 */

/** A section as the form holds it: numbers may be '' while typed. */
export interface DraftDraw {
  repoId: string;
  level?: number | '' | null;
  count: number | '';
}
export interface DraftGroup {
  title: string;
  quType: number;
  perScore: number | '';
  partialScore?: number | '' | null;
  draws: DraftDraw[];
  quIds: string[];
}

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : v === '' || v === null || v === undefined ? NaN : Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** Two decimals, as the server keeps scores. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Questions one learner gets from a section: every draw's count plus the fixed questions. */
export const groupQuCount = (g: DraftGroup): number => g.draws.reduce((n, d) => n + Math.max(0, Math.trunc(num(d.count))), 0) + g.quIds.length;

export const groupScore = (g: DraftGroup): number => round2(groupQuCount(g) * Math.max(0, num(g.perScore)));

/** The paper's total score and question count, as the learner's paper will have them. */
export function compositionTotals(groups: readonly DraftGroup[]): { totalScore: number; quCount: number } {
  return {
    totalScore: round2(groups.reduce((s, g) => s + groupScore(g), 0)),
    quCount: groups.reduce((s, g) => s + groupQuCount(g), 0),
  };
}

/** How many questions of a type (and level, when given) a bank holds, from /api/repo/list-stat. */
export function availableIn(stats: readonly RepoStat[] | undefined, quType: number, level?: number | '' | null): number | undefined {
  if (!stats) return undefined;
  const lv = level === '' || level === null || level === undefined ? undefined : Number(level);
  return stats.filter((s) => s.quType === quType && (lv === undefined || s.level === lv)).reduce((n, s) => n + s.count, 0);
}

/** A count typed into a draw, kept between 1 and what the bank has (when known). */
export function capCount(value: unknown, available: number | undefined): number | '' {
  if (value === '' || value === null || value === undefined) return '';
  const n = Math.trunc(Number(value));
  if (!Number.isFinite(n)) return '';
  const upper = available === undefined ? 500 : Math.min(500, available);
  return Math.max(Math.min(n, upper), upper === 0 ? 0 : 1);
}

/** One thing to fix, at a section (and a draw of it), in the builder's words (message keys). */
export interface GroupProblem {
  group: number;
  draw?: number;
  field: 'title' | 'perScore' | 'partialScore' | 'repoId' | 'count' | 'questions';
  message: string;
  args?: Record<string, unknown>;
}

/**
 * What keeps a composition from being saved, found on the client (typing errors and what the
 * banks visibly lack); stats maps a bank id to its list-stat answer once loaded.
 */
export function groupProblems(groups: readonly DraftGroup[], stats: (repoId: string) => readonly RepoStat[] | undefined): GroupProblem[] {
  const out: GroupProblem[] = [];
  groups.forEach((g, gi) => {
    if (!g.title.trim()) out.push({ group: gi, field: 'title', message: 'examhall.exams.v.sectionTitle' });
    const per = num(g.perScore);
    if (!(per > 0) || per > 1000) out.push({ group: gi, field: 'perScore', message: 'examhall.exams.v.perScore' });
    const partial = num(g.partialScore);
    if (g.quType === QuType.MULTIPLE && partial > 0 && partial >= per) out.push({ group: gi, field: 'partialScore', message: 'examhall.exams.v.partialScore' });
    if (g.draws.length === 0 && g.quIds.length === 0) out.push({ group: gi, field: 'questions', message: 'examhall.exams.v.noQuestions' });
    g.draws.forEach((d, di) => {
      if (!d.repoId) out.push({ group: gi, draw: di, field: 'repoId', message: 'examhall.exams.v.bank' });
      const count = num(d.count);
      const available = d.repoId ? availableIn(stats(d.repoId), g.quType, d.level) : undefined;
      if (!(count >= 1) || !Number.isInteger(count)) out.push({ group: gi, draw: di, field: 'count', message: 'examhall.exams.v.count' });
      else if (available !== undefined && count > available)
        out.push({ group: gi, draw: di, field: 'count', message: 'examhall.exams.v.countOver', args: { n: available } });
    });
  });
  return out;
}

/** The section as the contract takes it (partial credit only on multiple choice, a level only when chosen). */
export function toExamGroup(g: DraftGroup): ExamGroup {
  const partial = num(g.partialScore);
  return {
    title: g.title.trim(),
    quType: g.quType as ExamGroup['quType'],
    perScore: round2(num(g.perScore)),
    ...(g.quType === QuType.MULTIPLE && partial > 0 ? { partialScore: round2(partial) } : {}),
    draws: g.draws.map((d): ExamDraw => {
      const level = d.level === '' || d.level === null || d.level === undefined ? undefined : Number(d.level);
      return { repoId: d.repoId, ...(level === undefined ? {} : { level: level as ExamDraw['level'] }), count: Math.trunc(num(d.count)) };
    }),
    quIds: [...g.quIds],
  };
}

/** A new section of a type, titled by it. */
export function newGroup(quType: number, title: string): DraftGroup {
  return { title, quType, perScore: quType === QuType.SHORT || quType === QuType.COMBINED ? 10 : 2, partialScore: '', draws: [], quIds: [] };
}

/** Moves item `from` of a list to `to` (reordering sections). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
