/**
 * Table types for Kysely. Times are epoch milliseconds (bigint in PostgreSQL, parsed to number),
 * booleans are 0/1 integers, ids are strings: the same on both databases.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface SysUserTable {
  id: string;
  user_name: string;
  real_name: string;
  password_hash: string;
  avatar: string;
  mobile: string;
  email: string;
  /** null: in no department. */
  dept_id: string | null;
  /** 0 normal, 1 disabled, 2 pending review */
  state: number;
  create_time: number;
  update_time: number;
  /** Bumped when an administrator clears the user's sign-in locks (part of the rate-limit keys). */
  login_epoch: Generated<number>;
  /** 1: the next sign-in must change the password first (copied onto the session it opens). */
  pass_change_required: Generated<number>;
}

export interface SysRoleTable {
  id: string;
  role_code: string;
  role_name: string;
  /** 1 learner, 2 administrator */
  role_type: number;
  remark: string;
  create_time: number;
}

export interface SysUserRoleTable {
  user_id: string;
  role_id: string;
}

export interface SysMenuTable {
  id: string;
  /** null: a top-level menu (the API says '0'). */
  parent_id: string | null;
  /** 1 menu, 2 function, 3 route */
  menu_type: number;
  title: string;
  path: string;
  name: string;
  component: string;
  redirect: string;
  permission_tag: string;
  icon: string;
  hidden: number;
  always_show: number;
  no_cache: number;
  affix: number;
  sort: number;
  create_time: number;
}

export interface SysRoleMenuTable {
  role_id: string;
  menu_id: string;
}

export interface SysDepartTable {
  id: string;
  /** null: a top-level department (the API says '0'). */
  parent_id: string | null;
  dept_name: string;
  dept_code: string;
  sort: number;
  create_time: number;
}

export interface SysSessionTable {
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  create_time: number;
  last_seen_time: number;
  expire_time: number;
  ip: string;
  user_agent: string;
  /** 1: this session may only change the password or sign out (PASSWORD_CHANGE_REQUIRED). */
  pass_change_required: Generated<number>;
}

export interface SysConfigTable {
  id: string;
  site_name: string;
  front_logo: string;
  back_logo: string;
  copy_right: string;
  allow_register: number;
  register_review: number;
  update_time: number;
  /** Ways in switched on (1) or off (0); the password's is on by default. */
  login_password: Generated<number>;
  login_sms: Generated<number>;
  reset_sms: Generated<number>;
  reset_email: Generated<number>;
  /** 'aliyun' | 'tencent' | '' (none configured). */
  sms_provider: Generated<string>;
  /** The gateway's settings as JSON, its secret among them (never sent back to a client). */
  sms_settings: Generated<string>;
  /** Face sign-in switched on; enrolment photos kept (else no picture ever leaves the browser). */
  login_face: Generated<number>;
  face_keep_photo: Generated<number>;
  /** Percent: the similarity a face must reach to match (60 = 0.60), and the liveness score it must reach. */
  face_threshold: Generated<number>;
  face_liveness: Generated<number>;
}

/** A user's face enrolment: the descriptor only (Float32 base64), never sent back. */
export interface SysUserFaceTable {
  user_id: string;
  descriptor: string;
  model: string;
  version: string;
  photo_file_id: string | null;
  create_time: number;
}

export interface SysVerifyCodeTable {
  id: string;
  /** 'sms' | 'email' */
  channel: string;
  /** Mobile number or e-mail address. */
  target: string;
  /** 'login' | 'reset' | 'bind' */
  scene: string;
  ip: string;
  /** Whom the code is for; null when nobody owns the target (nothing was sent). */
  user_id: string | null;
  code_hash: string | null;
  checks: Generated<number>;
  used: Generated<number>;
  expire_time: number;
  create_time: number;
}

export interface SysCaptchaTable {
  id: string;
  answer_hash: string;
  expire_time: number;
}

export interface SysSigninAuditTable {
  id: string;
  user_id: string | null;
  provider: string;
  /** 0 signed in, else the refusing error code. */
  result: number;
  ip: string;
  user_agent: string;
  create_time: number;
}

export interface SysMsgTable {
  id: string;
  title: string;
  content: string;
  /** 1 named users, 2 departments, 3 everyone */
  target_type: number;
  /** null once the sender is deleted. */
  sender_id: string | null;
  receiver_count: number;
  create_time: number;
}

export interface SysUserMsgTable {
  id: string;
  msg_id: string;
  user_id: string;
  /** 0 unread, 1 read */
  read_state: number;
  read_time: number | null;
  create_time: number;
}

export interface SysNoticeTable {
  id: string;
  title: string;
  content: string;
  /** 0 draft, 1 published */
  state: number;
  /** 1 everyone, 2 departments */
  target_type: number;
  /** null once the author is deleted. */
  create_by: string | null;
  publish_time: number | null;
  create_time: number;
  update_time: number;
}

export interface SysNoticeDepartTable {
  notice_id: string;
  dept_id: string;
}

export interface SysFileTable {
  id: string;
  /** Path under the data folder's files/ directory. */
  storage_key: string;
  file_name: string;
  mime: string;
  size: number;
  /** The uploader; null once that user is deleted. */
  create_by: string | null;
  create_time: number;
  /** What the file is for (avatar, logo, notice, question, course, …): decides who may read it. */
  kind: string;
}

export interface SysSeedMarkTable {
  /** e.g. 'menu:m_sys_user' */
  mark_key: string;
  create_time: number;
}

export interface SysSecretTable {
  /** e.g. 'course-file-url' */
  name: string;
  value: string;
  create_time: number;
}

export interface CourseCatalogTable {
  id: string;
  /** '0' for a top-level category. */
  parent_id: string;
  title: string;
  sort: number;
  create_time: number;
}

export interface CourseTable {
  id: string;
  title: string;
  cover: string;
  /** Sanitized HTML introduction. */
  content: string;
  /** null when not filed under a category. */
  cat_id: string | null;
  teacher: string;
  class_hours: number;
  /** Audience code: 1 everyone, 2 departments, 3 people. */
  audience: number;
  /** 0/1: required (必修) or elective. */
  required: number;
  /** CourseState code: 0 draft, 1 published. */
  state: number;
  deadline: number | null;
  unlock_in_order: number;
  /** '' when no exam is linked. */
  exam_id: string;
  check_minutes: number;
  no_skip: number;
  create_by: string;
  publish_time: number | null;
  create_time: number;
  update_time: number;
}

export interface CourseDepartTable {
  course_id: string;
  dept_id: string;
}

export interface CourseUserTable {
  course_id: string;
  user_id: string;
}

export interface CourseChapterTable {
  id: string;
  course_id: string;
  title: string;
  sort: number;
  create_time: number;
}

export interface CourseFileTable {
  id: string;
  course_id: string;
  chapter_id: string | null;
  title: string;
  /** CourseFileKind code. */
  kind: number;
  file_name: string;
  mime: string;
  size: number;
  /** Path under DATA_DIR/course; '' for a lesson. */
  storage_key: string;
  /** Lesson body (sanitized HTML); '' for other kinds. */
  content: string;
  duration_sec: number;
  page_count: number;
  need_seconds: number;
  need_all_pages: number;
  sort: number;
  /** ConvertState code. */
  conv_state: number;
  /** The converted PDF under DATA_DIR/course. */
  conv_key: string;
  conv_error: string;
  conv_attempts: number;
  conv_time: number | null;
  create_by: string;
  create_time: number;
  update_time: number;
}

export interface CourseLearnTable {
  user_id: string;
  file_id: string;
  course_id: string;
  learned_ms: number;
  position_ms: number;
  furthest_ms: number;
  /** Bitset of PDF pages seen (base64). */
  pages_seen: string;
  pages_count: number;
  done: number;
  done_time: number | null;
  /** Server time of the last beat on this row; the learner's latest row is their crediting chain. */
  beat_time: number;
  beat_active: number;
  /** The page session (the learner page's random id for one opening of the file) of the last beat on this row. */
  beat_page: string;
  check_due: number | null;
  check_pending: number;
  create_time: number;
  update_time: number;
}

export interface CourseLearnerTable {
  user_id: string;
  course_id: string;
  start_time: number;
  finish_time: number | null;
}

export interface RepoCatalogTable {
  id: string;
  /** '0' for a top-level category. */
  parent_id: string;
  title: string;
  sort: number;
  create_time: number;
}

export interface QuRepoTable {
  id: string;
  title: string;
  /** null when not filed under a category. */
  cat_id: string | null;
  remark: string;
  practice_open: number;
  /** Audience code: 1 everyone, 2 departments, 3 people. */
  practice_audience: number;
  create_by: string;
  create_time: number;
  update_time: number;
}

export interface QuRepoDepartTable {
  repo_id: string;
  dept_id: string;
}

export interface QuRepoUserTable {
  repo_id: string;
  user_id: string;
}

export interface QuTable {
  id: string;
  repo_id: string;
  /** QuType code. */
  qu_type: number;
  /** QuLevel code. */
  level: number;
  /** Sanitized HTML stem (combined: the shared material). */
  content: string;
  /** Hash of the normalised stem (duplicate detection). */
  stem_key: string;
  /** JSON of the type's answer fields and sub-questions (see qu.repository.ts). */
  body: string;
  analysis: string;
  sort: number;
  create_by: string;
  create_time: number;
  update_time: number;
}

export interface QuTagTable {
  qu_id: string;
  repo_id: string;
  name: string;
}

export interface ExamTable {
  id: string;
  title: string;
  content: string;
  /** ExamOpenType code. */
  open_type: number;
  password: string;
  start_time: number | null;
  end_time: number | null;
  total_time: number;
  qualify_score: number;
  chance: number;
  hand_min: number;
  late_max: number;
  /** ResultShow code. */
  result_show: number;
  review_after_end: number;
  thanks: string;
  /** 1: learners may practise the exam's banks while it is open to them (server/modules/access). */
  practice_during: number;
  /** 1: learners see the exam's ranking (once their score is released; server/modules/access). */
  rank_open: number;
  /** 1: the ranking learners see names people (administrators always see names). */
  rank_names: number;
  /** The excellence line of its statistics, in points; null: 90 % of the total. */
  excellent_score: number | null;
  /** JSON ExamSettings (server/modules/exam/exam.def.ts). */
  settings: string;
  /** JSON ExamGroup[]. */
  groups: string;
  total_score: number;
  qu_count: number;
  /** GenericState: 0 enabled, 1 disabled. */
  state: number;
  /** When it was published; null while it is a draft (learners never see a draft). */
  publish_time: number | null;
  create_by: string;
  create_time: number;
  update_time: number;
}

export interface ExamDepartTable {
  exam_id: string;
  dept_id: string;
}

export interface ExamUserTable {
  exam_id: string;
  user_id: string;
}

export interface ExamRepoTable {
  exam_id: string;
  repo_id: string;
}

export interface PaperTable {
  id: string;
  exam_id: string;
  user_id: string;
  title: string;
  /** PaperState code. */
  state: number;
  total_score: number;
  qualify_score: number;
  obj_score: number;
  subj_score: number;
  user_score: number | null;
  passed: number | null;
  /** HandType code, null while in exam. */
  hand_type: number | null;
  leave_count: number;
  idle_time: number | null;
  deadline: number;
  settings: string;
  groups: string;
  create_time: number;
  hand_time: number | null;
  update_time: number;
}

export interface PaperQuTable {
  paper_id: string;
  qu_id: string;
  /** The combined question a part belongs to; '' for a question of the paper. */
  parent_id: string;
  group_index: number;
  sort: number;
  qu_type: number;
  score: number;
  /** The question as the paper holds it: a copy's line `<qu_snapshot id>:<order>` (rows written before: JSON QuBody; read it through paper.copies); '' for a part. */
  question: string;
  /** JSON AnswerInput; '' before the first save. */
  answer: string;
  seq: number;
  answered: number;
  mark: number;
  is_right: number;
  actual_score: number | null;
  needs_mark: number;
  comment: string;
  update_time: number;
}

/** A paper's questions as drawn, until they become its paper_qu rows (see migration 20261130_0001). */
export interface PaperDraftTable {
  paper_id: string;
  /** JSON [[qu_id, parent_id, group_index, sort, qu_type, score], …] in paper order. */
  card: string;
  /** The questions, one line each in the order of card: a copy `<qu_snapshot id>:<order>` (older drafts: the whole JSON QuBody); '' for a part. */
  questions: string;
  create_time: number;
}

/** A question as papers keep it (see paper.snapshot.ts), once per version, under a hash of its text. */
export interface QuSnapshotTable {
  id: string;
  /** JSON QuBody in the bank's order. */
  body: string;
  create_time: number;
}

export interface PaperEventTable {
  id: string;
  paper_id: string;
  /** PaperEvent code. */
  type: number;
  time: number;
  detail: string;
}

export interface ExamRecordTable {
  id: string;
  exam_id: string;
  user_id: string;
  try_count: number;
  max_score: number;
  last_score: number;
  passed: number;
  best_paper_id: string | null;
  /** Seconds the best paper took; null until a paper is scored (such records are not ranked). */
  best_time: number | null;
  update_time: number;
}

export interface WrongBookTable {
  id: string;
  user_id: string;
  exam_id: string;
  qu_id: string;
  qu_type: number;
  title: string;
  /** The question as its paper held it: a copy's line, or (rows filed before) JSON QuBody; read it through paper.copies. */
  question: string;
  wrong_count: number;
  create_time: number;
  update_time: number;
}

export interface PracticeTrainTable {
  id: string;
  user_id: string;
  /** '' for a favourites training. */
  repo_id: string;
  /** PracticeMode code. */
  mode: number;
  qu_type: number | null;
  tag: string;
  /** JSON string[]: question ids in training order. */
  items: string;
  total: number;
  position: number;
  answered: number;
  right_count: number;
  /** Answers awaiting the learner's own verdict; verdicts the learner gave; right ones among them. */
  pending_count: number;
  self_count: number;
  self_right: number;
  finished: number;
  create_time: number;
  update_time: number;
}

export interface PracticeAnswerTable {
  train_id: string;
  qu_id: string;
  answer: string;
  /** 0 while it awaits the learner's own verdict. */
  is_right: number;
  /** 0 judged by the server, 1 awaiting the learner's verdict, 2 the learner's verdict. */
  assess: number;
  create_time: number;
}

export interface PracticeStatTable {
  user_id: string;
  qu_id: string;
  repo_id: string;
  qu_type: number;
  answered: number;
  right_count: number;
  wrong_count: number;
  streak: number;
  last_right: number;
  /** Verdicts the learner gave themselves, right ones among them, and whether the last verdict was theirs (0/1). */
  self_count: number;
  self_right: number;
  last_self: number;
  last_time: number;
}

export interface PracticeFavoriteTable {
  user_id: string;
  qu_id: string;
  repo_id: string;
  create_time: number;
}

/** A past day's dashboard figures, kept once computed (see migration 20261204_0402). */
/** One scored paper, as statistics read it (items: JSON StatsItem[]). */
export interface StatsAttemptTable {
  paper_id: string;
  exam_id: string;
  user_id: string;
  dept_id: string | null;
  total: number;
  max_total: number;
  qualify_score: number;
  seconds: number;
  start_time: number;
  items: string;
  update_time: number;
}

export interface StatsVersionTable {
  exam_id: string;
  version: number;
}

/** An exam's figures per attempts mode (summary: JSON StatsSummary). */
export interface StatsExamTable {
  exam_id: string;
  mode: string;
  version: number;
  summary: string;
  computed_at: number;
}

/** One question's figures of an exam per attempts mode (figures: JSON StatsQuestion). */
export interface StatsExamQuestionTable {
  exam_id: string;
  mode: string;
  slot: number;
  qu_id: string;
  figures: string;
}

export interface DashDayTable {
  /** Days since 1970-01-01 in the business time zone. */
  day: number;
  papers: number;
  scored: number;
  /** Sum of the scored papers' score rates (percent). */
  rate_sum: number;
  pending: number;
  completions: number;
  practice_answers: number;
  computed_at: number;
}

/** Single sign-on settings (one record, id '1'): JSON of SsoSettings, secrets included. */
export interface SsoConfigTable {
  id: string;
  settings: string;
  update_time: number;
}

/** A local user who came from (or was linked to) an identity provider. */
export interface SsoUserTable {
  user_id: string;
  /** 'oidc' or 'ldap' */
  provider: string;
  /** The IdP's sub, or the directory entry's DN. */
  subject: string;
  create_time: number;
}

/** An OIDC sign-in between the redirect to the IdP and its callback. */
export interface SsoFlowTable {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
  create_time: number;
}

export interface DB {
  sso_config: SsoConfigTable;
  sso_user: SsoUserTable;
  sso_flow: SsoFlowTable;
  sys_user: SysUserTable;
  sys_role: SysRoleTable;
  sys_user_role: SysUserRoleTable;
  sys_menu: SysMenuTable;
  sys_role_menu: SysRoleMenuTable;
  sys_depart: SysDepartTable;
  sys_session: SysSessionTable;
  sys_config: SysConfigTable;
  sys_msg: SysMsgTable;
  sys_user_msg: SysUserMsgTable;
  sys_notice: SysNoticeTable;
  sys_notice_depart: SysNoticeDepartTable;
  sys_file: SysFileTable;
  sys_seed_mark: SysSeedMarkTable;
  sys_secret: SysSecretTable;
  sys_verify_code: SysVerifyCodeTable;
  sys_captcha: SysCaptchaTable;
  sys_signin_audit: SysSigninAuditTable;
  sys_user_face: SysUserFaceTable;
  course_catalog: CourseCatalogTable;
  course: CourseTable;
  course_depart: CourseDepartTable;
  course_user: CourseUserTable;
  course_chapter: CourseChapterTable;
  course_file: CourseFileTable;
  course_learn: CourseLearnTable;
  course_learner: CourseLearnerTable;
  repo_catalog: RepoCatalogTable;
  qu_repo: QuRepoTable;
  qu_repo_depart: QuRepoDepartTable;
  qu_repo_user: QuRepoUserTable;
  qu: QuTable;
  qu_tag: QuTagTable;
  exam: ExamTable;
  exam_depart: ExamDepartTable;
  exam_user: ExamUserTable;
  exam_repo: ExamRepoTable;
  paper: PaperTable;
  paper_qu: PaperQuTable;
  paper_draft: PaperDraftTable;
  qu_snapshot: QuSnapshotTable;
  paper_event: PaperEventTable;
  exam_record: ExamRecordTable;
  wrong_book: WrongBookTable;
  practice_train: PracticeTrainTable;
  practice_answer: PracticeAnswerTable;
  practice_stat: PracticeStatTable;
  practice_favorite: PracticeFavoriteTable;
  dash_day: DashDayTable;
  stats_attempt: StatsAttemptTable;
  stats_version: StatsVersionTable;
  stats_exam: StatsExamTable;
  stats_exam_question: StatsExamQuestionTable;
}

export type UserRow = Selectable<SysUserTable>;
export type NewUser = Insertable<SysUserTable>;
export type UserUpdate = Updateable<SysUserTable>;
export type MenuRow = Selectable<SysMenuTable>;
export type DepartRow = Selectable<SysDepartTable>;
export type RoleRow = Selectable<SysRoleTable>;
export type NoticeRow = Selectable<SysNoticeTable>;
export type ConfigRow = Selectable<SysConfigTable>;
export type FileRow = Selectable<SysFileTable>;
export type CourseCatalogRow = Selectable<CourseCatalogTable>;
export type CourseRow = Selectable<CourseTable>;
export type CourseChapterRow = Selectable<CourseChapterTable>;
export type CourseFileRow = Selectable<CourseFileTable>;
export type CourseLearnRow = Selectable<CourseLearnTable>;
export type RepoCatalogRow = Selectable<RepoCatalogTable>;
export type QuRepoRow = Selectable<QuRepoTable>;
export type QuRow = Selectable<QuTable>;
export type ExamRow = Selectable<ExamTable>;
export type PaperRow = Selectable<PaperTable>;
export type PaperQuRow = Selectable<PaperQuTable>;
export type ExamRecordRow = Selectable<ExamRecordTable>;
export type WrongBookRow = Selectable<WrongBookTable>;
export type PracticeTrainRow = Selectable<PracticeTrainTable>;
// Generated is re-exported for later tables with database-made columns.
export type { Generated };
