import type { ExamRecordOfUser } from '../../../common/api/exam';
import type { PaperRecord } from '../../../common/api/paper';
import { PaperState } from '../../../common/codes';

/** Scores print without trailing zeros: 85, 92.5 (— when there is none). */
export const scoreText = (n: number | null | undefined) => (n === null || n === undefined ? '—' : String(Math.round(n * 100) / 100));

/** Time spent on a paper: "1小时5分", "12分30秒", "45秒". */
export function usedTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return m > 0 ? `${h}小时${m}分` : `${h}小时`;
  if (m > 0) return sec > 0 ? `${m}分${sec}秒` : `${m}分`;
  return `${sec}秒`;
}

/** What an attempt's score cell says: the score, 待阅卷, 考试中, or that the exam does not show scores. */
export function attemptScore(p: Pick<PaperRecord, 'state' | 'userScore' | 'totalScore'>): string {
  if (p.state === PaperState.IN_EXAM) return '考试中';
  if (p.state === PaperState.AWAITING_MARK) return '待阅卷';
  if (p.state === PaperState.ABANDONED) return '—';
  if (p.userScore === null) return '成绩未公布';
  return `${scoreText(p.userScore)} / ${scoreText(p.totalScore)} 分`;
}

export const paperStateColor = (state: number): 'success' | 'warning' | 'info' | 'default' =>
  state === PaperState.FINISHED ? 'success' : state === PaperState.AWAITING_MARK ? 'warning' : state === PaperState.IN_EXAM ? 'info' : 'default';

type RecordScores = Pick<ExamRecordOfUser, 'maxScore' | 'lastScore' | 'totalScore' | 'passed' | 'bestPaperId' | 'awaitingMark' | 'lastAwaitingMark'>;

/** A record's 最高分: 待阅卷 while no paper is scored yet and one awaits a marker (never a score of 0 it does not have). */
export function bestScoreText(r: RecordScores): string {
  if (r.bestPaperId === null && r.awaitingMark > 0 && r.passed !== null) return '待阅卷';
  return `${scoreText(r.maxScore)} / ${scoreText(r.totalScore)}`;
}

/** A record's 最近得分: 待阅卷 while the newest paper awaits a marker (the exam shows scores). */
export const lastScoreText = (r: RecordScores): string => (r.lastAwaitingMark && r.passed !== null ? '待阅卷' : scoreText(r.lastScore));
