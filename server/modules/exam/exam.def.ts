import type { ExamFields, ExamGroup } from '../../../common/api/exam';
import { DisplayMode, ExamOpenType, ExamState, GenericState, ResultShow, type CodeOf } from '../../../common/codes';
import type { ExamRow } from '../../db/schema';

/** An exam as the engine reads it: the row with its JSON parts parsed and codes typed. */

/** Display, shuffles and integrity: the exam's, copied onto every paper. */
export interface ExamSettings {
  displayMode: CodeOf<typeof DisplayMode>;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  leaveLimit: number;
  fullscreen: boolean;
  blockPaste: boolean;
  watermark: boolean;
  idleLimit: number;
}

export interface ExamDef extends ExamSettings {
  id: string;
  title: string;
  content: string;
  openType: CodeOf<typeof ExamOpenType>;
  password: string;
  startTime: number | null;
  endTime: number | null;
  totalTime: number;
  qualifyScore: number;
  chance: number;
  handMin: number;
  lateMax: number;
  resultShow: CodeOf<typeof ResultShow>;
  reviewAfterEnd: boolean;
  /** Learners may practise the exam's banks while it is open to them (server/modules/access). */
  practiceDuringExam: boolean;
  /** Learners see the ranking (server/modules/access decides when). */
  rankingVisible: boolean;
  /** The ranking learners see names people. */
  rankingShowNames: boolean;
  /** The excellence line of its statistics, in points; null: 90 % of the total. */
  excellentScore: number | null;
  thanks: string;
  groups: ExamGroup[];
  totalScore: number;
  quCount: number;
  enabled: CodeOf<typeof GenericState>;
  /** When it was published; null for a draft. */
  publishTime: number | null;
  createTime: number;
  updateTime: number;
}

export function examDefOf(row: ExamRow): ExamDef {
  const settings = JSON.parse(row.settings) as ExamSettings;
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    openType: ExamOpenType.of(row.open_type),
    password: row.password,
    startTime: row.start_time,
    endTime: row.end_time,
    totalTime: row.total_time,
    qualifyScore: row.qualify_score,
    chance: row.chance,
    handMin: row.hand_min,
    lateMax: row.late_max,
    resultShow: ResultShow.of(row.result_show),
    reviewAfterEnd: row.review_after_end === 1,
    practiceDuringExam: row.practice_during === 1,
    rankingVisible: row.rank_open === 1,
    rankingShowNames: row.rank_names === 1,
    excellentScore: row.excellent_score,
    thanks: row.thanks,
    ...settings,
    groups: JSON.parse(row.groups) as ExamGroup[],
    totalScore: row.total_score,
    quCount: row.qu_count,
    enabled: GenericState.of(row.state),
    publishTime: row.publish_time,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

export function settingsOf(f: Pick<ExamFields, keyof ExamSettings>): ExamSettings {
  return {
    displayMode: f.displayMode,
    shuffleQuestions: f.shuffleQuestions,
    shuffleOptions: f.shuffleOptions,
    leaveLimit: f.leaveLimit,
    fullscreen: f.fullscreen,
    blockPaste: f.blockPaste,
    watermark: f.watermark,
    idleLimit: f.idleLimit,
  };
}

/** The state a learner and a list see: a draft first, then disabled, then the window. */
export function examState(e: Pick<ExamDef, 'publishTime' | 'enabled' | 'startTime' | 'endTime'>, now: number): CodeOf<typeof ExamState> {
  if (e.publishTime === null) return ExamState.DRAFT;
  if (e.enabled === GenericState.DISABLED) return ExamState.DISABLED;
  if (e.startTime !== null && now < e.startTime) return ExamState.NOT_STARTED;
  if (e.endTime !== null && now >= e.endTime) return ExamState.ENDED;
  return ExamState.OPEN;
}
