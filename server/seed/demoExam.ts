import type { Transaction } from 'kysely';
import type { ExamGroup } from '../../common/api/exam';
import { DisplayMode, ExamOpenType, GenericState, QuType, ResultShow } from '../../common/codes';
import type { DB } from '../db/schema';
import type { ExamSettings } from '../modules/exam/exam.def';
import { DEMO_REPO_ID } from './demoBank';

/** The demo exam: open to everyone, 10 minutes, every type drawn from the demo bank, some short answers. */

export const DEMO_EXAM_ID = 'demo_exam_security';

const draw = (title: string, quType: number, perScore: number, count: number, extra: Partial<ExamGroup> = {}): ExamGroup =>
  ({ title, quType: quType as ExamGroup['quType'], perScore, draws: [{ repoId: DEMO_REPO_ID, count }], quIds: [], ...extra });

export const DEMO_EXAM_GROUPS: ExamGroup[] = [
  draw('单选题', QuType.SINGLE, 4, 5),
  draw('多选题', QuType.MULTIPLE, 5, 3, { partialScore: 2 }),
  draw('判断题', QuType.JUDGE, 2.5, 4),
  draw('填空题', QuType.FILL, 5, 3),
  draw('配对题', QuType.MATCH, 10, 1),
  draw('简答题', QuType.SHORT, 10, 2),
  draw('材料题', QuType.COMBINED, 10, 1),
];

export async function seedDemoExam(trx: Transaction<DB>, { adminId, now }: { adminId: string; now: number }): Promise<void> {
  const settings: ExamSettings = {
    displayMode: DisplayMode.STEP,
    shuffleQuestions: true,
    shuffleOptions: true,
    leaveLimit: 0,
    fullscreen: false,
    blockPaste: false,
    watermark: true,
    idleLimit: 0,
  };
  const quCount = DEMO_EXAM_GROUPS.reduce((n, g) => n + g.draws.reduce((m, d) => m + d.count, 0), 0);
  const totalScore = DEMO_EXAM_GROUPS.reduce((n, g) => n + g.draws.reduce((m, d) => m + d.count, 0) * g.perScore, 0);
  await trx
    .insertInto('exam')
    .values({
      id: DEMO_EXAM_ID,
      title: '信息安全知识测验（演示）',
      content:
        '<p>本测验共' + quCount + '题，满分' + totalScore + '分，60分及格，限时10分钟。</p>' +
        '<ul><li>每道题作答后自动保存，断网时答案先保存在本机，恢复联网后自动提交。</li><li>简答题由管理员阅卷后公布成绩。</li><li>交卷后可查看答案与解析。</li></ul>',
      open_type: ExamOpenType.PUBLIC,
      password: '',
      start_time: null,
      end_time: null,
      total_time: 10,
      qualify_score: 60,
      chance: 0,
      hand_min: 0,
      late_max: 0,
      result_show: ResultShow.REVIEW,
      review_after_end: 0,
      // A low-stakes demo: the demo bank stays open for practice while the demo exam is (the quick
      // start shows both); a question on the learner's own open paper still shows no answer.
      practice_during: 1,
      // The demo learner sees where they stand among those who took it.
      rank_open: 1,
      rank_names: 1,
      thanks: '感谢参加本次测验！',
      settings: JSON.stringify(settings),
      groups: JSON.stringify(DEMO_EXAM_GROUPS),
      total_score: totalScore,
      qu_count: quCount,
      state: GenericState.NORMAL,
      // Published: the quick start's learner sees it on the home page at once.
      publish_time: now,
      create_by: adminId,
      create_time: now,
      update_time: now,
    })
    .execute();
  await trx.insertInto('exam_repo').values({ exam_id: DEMO_EXAM_ID, repo_id: DEMO_REPO_ID }).execute();
}
