import { Type, type TLiteral, type TUnion } from '@sinclair/typebox';

/**
 * Coded values (spec section 3 and our own), each defined once: its constant names, the TypeBox
 * schema that validates it, and its display labels come from one table. Code by name
 * (`PaperState.FINISHED`), never by literal.
 */
export interface CodeLabel {
  value: number;
  label: string;
  en: string;
}

export type CodeSet = readonly CodeLabel[];
export type Lang = 'zh' | 'en';

type CodeDef = Readonly<Record<string, readonly [value: number, zh: string, en: string]>>;
type ValueOf<D extends CodeDef> = D[keyof D][0];

export type CodeTable<D extends CodeDef> = { readonly [K in keyof D]: D[K][0] } & {
  /** Every value with its labels, in definition order (for selects and chips). */
  readonly items: CodeSet;
  /** Validates exactly these values. */
  readonly schema: TUnion<TLiteral<ValueOf<D>>[]>;
  /** The label of a value, '' when it is not in the table. */
  label(value: number | null | undefined, lang?: Lang): string;
  /** Narrows an unknown value to this table's values. */
  has(value: unknown): value is ValueOf<D>;
  /** A stored value as this table's type; a value outside the table is a data error and throws. */
  of(value: number): ValueOf<D>;
};

/** The value type of a code table: `CodeOf<typeof PaperState>` is `0 | 1 | 2 | 3`. */
export type CodeOf<T> = T extends CodeTable<infer D> ? ValueOf<D> : never;

export function codeTable<const D extends CodeDef>(def: D): CodeTable<D> {
  const items: CodeLabel[] = Object.values(def).map(([value, label, en]) => ({ value, label, en }));
  const values = new Set(items.map((i) => i.value));
  const names = Object.fromEntries(Object.entries(def).map(([name, [value]]) => [name, value]));
  return Object.freeze({
    ...names,
    items,
    schema: Type.Union(items.map((i) => Type.Literal(i.value))),
    label: (value: number | null | undefined, lang: Lang = 'zh') => labelOf(items, value, lang),
    has: (value: unknown): value is ValueOf<D> => typeof value === 'number' && values.has(value),
    of: (value: number) => {
      if (!values.has(value)) throw new RangeError(`code ${value} is not one of ${[...values].join(', ')}`);
      return value;
    },
  }) as unknown as CodeTable<D>;
}

/** The label of a code in a set, '' when the code is not in it (or is missing). */
export function labelOf(set: CodeSet, value: number | null | undefined, lang: Lang = 'zh'): string {
  const entry = set.find((item) => item.value === value);
  if (!entry) return '';
  return lang === 'en' ? entry.en : entry.label;
}

// ---------- spec section 3 ----------

export const UserState = codeTable({
  NORMAL: [0, '正常', 'Normal'],
  DISABLED: [1, '禁用', 'Disabled'],
  PENDING: [2, '待审核', 'Pending review'],
});

export const GenericState = codeTable({
  NORMAL: [0, '正常', 'Normal'],
  DISABLED: [1, '禁用', 'Disabled'],
});

export const QuType = codeTable({
  SINGLE: [1, '单选题', 'Single choice'],
  MULTIPLE: [2, '多选题', 'Multiple choice'],
  JUDGE: [3, '判断题', 'True/false'],
  SHORT: [4, '简答题', 'Short answer'],
  FILL: [5, '填空题', 'Fill in the blank'],
  MATCH: [6, '配对题', 'Matching'],
  COMBINED: [99, '组合题', 'Combined'],
});

export const ExamResult = codeTable({
  PASS: [1, '通过', 'Pass'],
  FAIL: [0, '未通过', 'Fail'],
});

export const PaperState = codeTable({
  IN_EXAM: [0, '考试中', 'In exam'],
  AWAITING_MARK: [1, '待阅卷', 'Awaiting marking'],
  FINISHED: [2, '已完成', 'Finished'],
  ABANDONED: [3, '已弃考', 'Abandoned'],
});

export const ExamOpenType = codeTable({
  PUBLIC: [1, '完全公开', 'Fully public'],
  DEPARTS: [2, '指定部门', 'Specified departments'],
  PEOPLE: [3, '指定人员', 'Specified people'],
  PASSWORD: [9, '需要密码', 'Password required'],
});

export const QuLevel = codeTable({
  ORDINARY: [1, '普通', 'Ordinary'],
  HARDER: [2, '较难', 'Harder'],
});

export const MenuType = codeTable({
  MENU: [1, '菜单', 'Menu'],
  FUNCTION: [2, '功能', 'Function'],
  ROUTE: [3, '路由', 'Route'],
});

export const CycleType = codeTable({
  DAILY: [1, '每日', 'Daily'],
  WEEKLY: [2, '每周', 'Weekly'],
  MONTHLY: [3, '每月', 'Monthly'],
});

export const Bool = codeTable({
  YES: [1, '是', 'Yes'],
  NO: [0, '否', 'No'],
});

// ---------- ours ----------

/** Role types (spec section 1): a user's type is the highest of its roles'. */
export const RoleType = codeTable({
  LEARNER: [1, '学员', 'Learner'],
  ADMIN: [2, '管理员', 'Administrator'],
});

export const NoticeState = codeTable({
  DRAFT: [0, '草稿', 'Draft'],
  PUBLISHED: [1, '已发布', 'Published'],
});

/** Who a notice is for. */
export const NoticeTarget = codeTable({
  EVERYONE: [1, '全部人员', 'Everyone'],
  DEPARTS: [2, '指定部门', 'Specified departments'],
});

/** Who a message is sent to. */
export const MsgTarget = codeTable({
  USERS: [1, '指定人员', 'Specified people'],
  DEPARTS: [2, '指定部门', 'Specified departments'],
  EVERYONE: [3, '全部人员', 'Everyone'],
});

export const ReadState = codeTable({
  UNREAD: [0, '未读', 'Unread'],
  READ: [1, '已读', 'Read'],
});

/** Who a bank (for practice) or a course is open to; exams use ExamOpenType (which adds a password). */
export const Audience = codeTable({
  EVERYONE: [1, '全部人员', 'Everyone'],
  DEPARTS: [2, '指定部门', 'Specified departments'],
  PEOPLE: [3, '指定人员', 'Specified people'],
});

// ---------- exams ----------

/**
 * An exam's state as learners and lists show it: a draft (never published) first, then the stored
 * enable flag, then the time window. Learners never see a draft.
 */
export const ExamState = codeTable({
  OPEN: [0, '进行中', 'Open'],
  DISABLED: [1, '已禁用', 'Disabled'],
  NOT_STARTED: [2, '未开始', 'Not started'],
  ENDED: [3, '已结束', 'Ended'],
  DRAFT: [4, '草稿', 'Draft'],
});

/** What a learner sees after handing in. */
export const ResultShow = codeTable({
  THANKS: [1, '仅显示感谢语', 'Thank-you only'],
  SCORE: [2, '显示成绩与是否通过', 'Score and pass/fail'],
  REVIEW: [3, '显示成绩与试题解析', 'Score with answers and analyses'],
});

export const DisplayMode = codeTable({
  STEP: [1, '逐题作答', 'One question per screen'],
  FULL: [2, '整卷作答', 'Whole paper'],
});

/** Why a paper was handed in: 0 by the learner, otherwise forced. */
export const HandType = codeTable({
  LEARNER: [0, '考生交卷', 'Handed in'],
  LEAVE: [1, '切屏超限强制交卷', 'Leave limit reached'],
  IDLE: [2, '长时间无操作强制交卷', 'Inactive too long'],
  DEADLINE: [3, '考试时间到自动交卷', 'Time is up'],
  CLOSED: [4, '考试已关闭自动交卷', 'Exam closed'],
});

/** Integrity events recorded on a paper with server time. */
export const PaperEvent = codeTable({
  START: [1, '开始作答', 'Started'],
  LEAVE: [2, '离开考试页面', 'Left the page'],
  RETURN: [3, '返回考试页面', 'Came back'],
  FULLSCREEN_EXIT: [4, '退出全屏', 'Left fullscreen'],
  PASTE: [5, '尝试粘贴', 'Tried to paste'],
  RECONNECT: [6, '网络重新连接', 'Reconnected'],
  IDLE: [7, '长时间无操作', 'Inactive'],
  RESUME: [8, '继续作答', 'Resumed'],
  HAND: [9, '交卷', 'Handed in'],
});

// ---------- practice ----------

/** Training modes of bank practice (the `mode` in /web/repo/training/{repoId}/{mode}). */
export const PracticeMode = codeTable({
  SEQUENTIAL: [1, '顺序练习', 'Sequential'],
  RANDOM: [2, '随机练习', 'Random'],
  BY_TYPE: [3, '题型练习', 'By question type'],
  WRONG: [4, '错题练习', 'Wrong questions only'],
  RECITE: [5, '背题模式', 'Recite'],
  BY_TAG: [6, '知识点练习', 'By knowledge point'],
  FAVORITE: [7, '收藏练习', 'Favourites'],
  RETRY: [8, '错题重练', 'Practise the missed ones again'],
});
