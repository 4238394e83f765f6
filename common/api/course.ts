import { Type, type Static } from '@sinclair/typebox';
import { Audience, codeTable } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, EmptyBody, Id, IdBody, IdsBody, Int, Millis, OptText, Page, PageRequest } from './base';
import { SortBody } from './depart';

/**
 * Courses: categories (/api/course/catalog/*), courses (/api/course/course/*), their chapters and
 * files (/api/course/chapter/*, /api/course/file/*), learning (/api/course/learn/*) and records
 * (/api/course/record/*). File bytes are served by GET /api/course/file/content/{fileId} through
 * short-lived signed URLs that the detail calls hand out (a <video> cannot send the token header).
 */

// ---------- code tables of this area ----------

export const CourseState = codeTable({
  DRAFT: [0, '草稿', 'Draft'],
  PUBLISHED: [1, '已发布', 'Published'],
});

/** What a course file is, decided on the server from its content (magic bytes), never from its name alone. */
export const CourseFileKind = codeTable({
  VIDEO: [1, '视频', 'Video'],
  AUDIO: [2, '音频', 'Audio'],
  PDF: [3, 'PDF 文档', 'PDF'],
  IMAGE: [4, '图片', 'Image'],
  LESSON: [5, '图文课', 'Rich-text lesson'],
  OFFICE: [6, 'Office 文档', 'Office document'],
});

/** Conversion of an Office document to PDF (other kinds are NONE). */
export const ConvertState = codeTable({
  NONE: [0, '无需转换', 'Not needed'],
  WAITING: [1, '等待转换', 'Waiting'],
  CONVERTING: [2, '转换中', 'Converting'],
  DONE: [3, '转换完成', 'Converted'],
  FAILED: [4, '转换失败，仅供下载', 'Failed: download only'],
  UNAVAILABLE: [5, '服务器未安装 LibreOffice，仅供下载', 'No converter: download only'],
});

/** A file as one learner sees it. */
export const LearnState = codeTable({
  LOCKED: [0, '未解锁', 'Locked'],
  LEARNING: [1, '学习中', 'In progress'],
  DONE: [2, '已完成', 'Done'],
});

/** A course as one learner stands with it. */
export const CourseLearnerState = codeTable({
  NOT_STARTED: [0, '未开始', 'Not started'],
  LEARNING: [1, '学习中', 'In progress'],
  FINISHED: [2, '已完成', 'Finished'],
});

/** The tabs of /web/course. */
export const CourseTab = codeTable({
  REQUIRED: [1, '必修课程', 'Required'],
  ELECTIVE: [2, '选修课程', 'Elective'],
  LEARNING: [3, '学习中', 'In progress'],
  FINISHED: [4, '已完成', 'Finished'],
});

/** How the learner page shows a file: decided by the server from its kind and conversion. */
export const CourseViewer = Type.Union([
  Type.Literal('video'),
  Type.Literal('audio'),
  Type.Literal('pdf'),
  Type.Literal('image'),
  Type.Literal('lesson'),
  Type.Literal('download'),
]);
export type CourseViewer = Static<typeof CourseViewer>;

/** The heartbeat the learner page sends every this many milliseconds (and at once on play, pause, hide, show, file change). */
export const COURSE_BEAT_MS = 15_000;
/** Largest course file accepted (streamed to disk, never buffered). */
export const COURSE_FILE_LIMIT = 2 * 1024 * 1024 * 1024;
/** Uploads: what the file input offers (the server decides by content). */
export const COURSE_FILE_ACCEPT = '.mp4,.webm,.mp3,.m4a,.wav,.ogg,.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.ppt,.pptx,.xls,.xlsx';

// ---------- categories: /api/course/catalog/* (a tree) ----------

export const CourseCatalogNode = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Id,
      parentId: Type.String(),
      title: Type.String(),
      sort: Type.Integer(),
      /** Courses filed directly under this category. */
      courseCount: Type.Integer(),
      children: Type.Array(Self),
    }),
  { $id: 'CourseCatalogNode' },
);
export type CourseCatalogNode = Static<typeof CourseCatalogNode>;
export const CourseCatalogRecord = Type.Object({ id: Id, parentId: Type.String(), title: Type.String(), sort: Type.Integer() });
export type CourseCatalogRecord = Static<typeof CourseCatalogRecord>;
export const CourseCatalogSaveBody = Type.Object({
  id: Type.Optional(Id),
  /** '' or '0' for a top-level category. */
  parentId: Type.Optional(Type.String({ maxLength: 32 })),
  title: Type.String({ minLength: 1, maxLength: 64 }),
  sort: Type.Optional(Int(-1_000_000, 1_000_000)),
});
export type CourseCatalogSaveBody = Static<typeof CourseCatalogSaveBody>;

// ---------- courses: /api/course/course/* ----------

/** Everything a course's form holds. */
export const CourseFields = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 128 }),
  /** Cover image: '' or an uploaded image's URL (/api/sys/file/get/{id}) or an http(s) address. */
  cover: Type.String({ maxLength: 512 }),
  /** Introduction (rich text; sanitized on save). */
  content: Type.String({ maxLength: 200_000 }),
  /** '' when not filed under a category. */
  catId: Type.String({ maxLength: 32 }),
  teacher: Type.String({ maxLength: 64 }),
  /** Class hours (学时), one decimal. */
  classHours: Type.Number({ minimum: 0, maximum: 1000 }),
  audience: Audience.schema,
  /** audience 2: these departments and their sub-departments. */
  departIds: Type.Array(Id, { maxItems: 500 }),
  /** audience 3: these people. */
  userIds: Type.Array(Id, { maxItems: 5000 }),
  /** Required (必修) or elective (选修). */
  required: Type.Boolean(),
  state: CourseState.schema,
  /** Optional deadline for finishing (learning stays open after it; records flag it as overdue). */
  deadline: Type.Union([Millis, Type.Null()]),
  /** Each file opens only when the ones before it are done. */
  unlockInOrder: Type.Boolean(),
  /** The exam offered when the course is complete; '' for none. */
  examId: Type.String({ maxLength: 32 }),
  /** "Are you still here?" at random intervals around this many minutes (0.5×–1.5×); 0 = off. */
  checkMinutes: Int(0, 240),
  /** No seeking past the furthest point watched in videos and audio. */
  noSkip: Type.Boolean(),
});
export type CourseFields = Static<typeof CourseFields>;

export const CourseSaveBody = Type.Composite([Type.Object({ id: Type.Optional(Id) }), CourseFields]);
export type CourseSaveBody = Static<typeof CourseSaveBody>;

export const CourseRecord = Type.Composite([
  Type.Object({ id: Id }),
  CourseFields,
  Type.Object({
    catName: Type.String(),
    fileCount: Type.Integer(),
    /** Sum of the files' required learning time. */
    needSeconds: Type.Integer(),
    /** Learners who have started / finished. */
    learnerCount: Type.Integer(),
    finishCount: Type.Integer(),
    createByName: Type.String(),
    publishTime: Type.Union([Millis, Type.Null()]),
    createTime: Millis,
    updateTime: Millis,
  }),
]);
export type CourseRecord = Static<typeof CourseRecord>;

/** catId includes its sub-categories. */
export const CourseFilters = Type.Object({
  title: OptText(),
  catId: OptText(32),
  state: Type.Optional(Type.Union([CourseState.schema, Type.Literal('')])),
  required: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('')])),
});
export const CoursePagingBody = PageRequest(CourseFilters);
export const CourseStateBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), state: CourseState.schema });
export type CourseStateBody = Static<typeof CourseStateBody>;

// ---------- chapters and files (administrators) ----------

export const CourseFileRecord = Type.Object({
  id: Id,
  courseId: Id,
  /** '' for a file not in a chapter (listed before the chapters). */
  chapterId: Type.String(),
  title: Type.String(),
  kind: CourseFileKind.schema,
  /** The uploaded file's name ('' for a lesson). */
  fileName: Type.String(),
  size: Type.Integer(),
  /** Media length in seconds, 0 when unknown. */
  durationSec: Type.Integer(),
  /** PDF pages (of the converted PDF for Office documents), 0 when unknown. */
  pageCount: Type.Integer(),
  /** Required learning time. */
  needSeconds: Type.Integer(),
  /** PDFs: every page must also have been seen. */
  needAllPages: Type.Boolean(),
  sort: Type.Integer(),
  convState: ConvertState.schema,
  /** Why a conversion failed (for the administrator). */
  convError: Type.String(),
  /** Lesson body (sanitized HTML); '' for other kinds. */
  content: Type.String(),
  viewer: CourseViewer,
  /** Signed, short-lived address of the bytes (preview); '' for a lesson. */
  url: Type.String(),
  createTime: Millis,
  updateTime: Millis,
});
export type CourseFileRecord = Static<typeof CourseFileRecord>;

export const CourseChapterRecord = Type.Object({ id: Id, courseId: Id, title: Type.String(), sort: Type.Integer() });
export type CourseChapterRecord = Static<typeof CourseChapterRecord>;
export const CourseChapterWithFiles = Type.Composite([CourseChapterRecord, Type.Object({ files: Type.Array(CourseFileRecord) })]);
export type CourseChapterWithFiles = Static<typeof CourseChapterWithFiles>;

/** A course's courseware in learning order: loose files first, then each chapter's files. */
export const CourseOutline = Type.Object({
  courseId: Id,
  files: Type.Array(CourseFileRecord),
  chapters: Type.Array(CourseChapterWithFiles),
  /** Milliseconds after which the preview URLs should be fetched again, before they lapse. */
  urlRenewAfter: Type.Integer({ minimum: 0 }),
});
export type CourseOutline = Static<typeof CourseOutline>;

export const CourseIdBody = Type.Object({ courseId: Id });
export type CourseIdBody = Static<typeof CourseIdBody>;
export const ChapterSaveBody = Type.Object({ id: Type.Optional(Id), courseId: Id, title: Type.String({ minLength: 1, maxLength: 128 }) });
export type ChapterSaveBody = Static<typeof ChapterSaveBody>;

/** Update a file's settings; without id, create a rich-text lesson (the only kind made without an upload). */
export const CourseFileSaveBody = Type.Object({
  id: Type.Optional(Id),
  courseId: Id,
  chapterId: Type.Optional(Type.String({ maxLength: 32 })),
  title: Type.String({ minLength: 1, maxLength: 128 }),
  needSeconds: Type.Optional(Int(0, 100 * 3600)),
  needAllPages: Type.Optional(Type.Boolean()),
  /** Lessons only. */
  content: Type.Optional(Type.String({ maxLength: 500_000 })),
});
export type CourseFileSaveBody = Static<typeof CourseFileSaveBody>;

/**
 * The form fields of /api/course/file/upload, sent before the part `file` (multipart values are
 * strings): courseId, and optionally chapterId, title, needSeconds, and durationSec (the length
 * the browser read from the media, used when the server cannot read it).
 */
export const CourseFileUploadFields = Type.Object({
  courseId: Id,
  chapterId: Type.Optional(Type.String({ maxLength: 32 })),
  title: Type.Optional(Type.String({ maxLength: 128 })),
  needSeconds: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$' })),
  durationSec: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}(\\.[0-9]+)?$' })),
});
export type CourseFileUploadFields = Static<typeof CourseFileUploadFields>;

// ---------- learning (learners) ----------

export const MyCoursePagingBody = PageRequest(
  Type.Object({ tab: Type.Optional(Type.Union([CourseTab.schema, Type.Literal('')])), title: OptText(), catId: OptText(32) }),
);

/** A course card of /web/course, and a row of the learning records. */
export const MyCourseRecord = Type.Object({
  id: Id,
  title: Type.String(),
  cover: Type.String(),
  teacher: Type.String(),
  classHours: Type.Number(),
  catName: Type.String(),
  required: Type.Boolean(),
  deadline: Type.Union([Millis, Type.Null()]),
  /** The deadline has passed and the course is not finished. */
  overdue: Type.Boolean(),
  fileCount: Type.Integer(),
  doneCount: Type.Integer(),
  needSeconds: Type.Integer(),
  learnedSeconds: Type.Integer(),
  /** 0–100, from the server's figures (100 only when every file is done). */
  progress: Type.Integer(),
  state: CourseLearnerState.schema,
  startTime: Type.Union([Millis, Type.Null()]),
  finishTime: Type.Union([Millis, Type.Null()]),
});
export type MyCourseRecord = Static<typeof MyCourseRecord>;

export const MyCourseFile = Type.Object({
  id: Id,
  chapterId: Type.String(),
  title: Type.String(),
  kind: CourseFileKind.schema,
  viewer: CourseViewer,
  fileName: Type.String(),
  durationSec: Type.Integer(),
  pageCount: Type.Integer(),
  needSeconds: Type.Integer(),
  needAllPages: Type.Boolean(),
  learnedSeconds: Type.Integer(),
  /** Distinct PDF pages seen. */
  pagesSeen: Type.Integer(),
  /** Where to resume (seconds), and the furthest point reached. */
  position: Type.Number(),
  furthest: Type.Number(),
  state: LearnState.schema,
  convState: ConvertState.schema,
  /** Signed, short-lived address of the bytes; '' while locked and for lessons. */
  url: Type.String(),
  /** Lesson body; '' while locked and for other kinds. */
  content: Type.String(),
});
export type MyCourseFile = Static<typeof MyCourseFile>;

export const MyCourseDetail = Type.Composite([
  MyCourseRecord,
  Type.Object({
    /** Introduction (sanitized HTML). */
    content: Type.String(),
    unlockInOrder: Type.Boolean(),
    noSkip: Type.Boolean(),
    checkMinutes: Type.Integer(),
    publishTime: Type.Union([Millis, Type.Null()]),
    /** The linked exam, offered once the course is finished ('' before, or when none is linked). */
    examId: Type.String(),
    files: Type.Array(MyCourseFile),
    chapters: Type.Array(Type.Object({ id: Id, title: Type.String(), files: Type.Array(MyCourseFile) })),
    /** When the signed URLs stop working (reload the detail before). */
    urlExpireTime: Millis,
    /**
     * Milliseconds from this answer after which the page fetches fresh URLs (a few minutes before
     * urlExpireTime; counted from the answer, so the browser's own clock does not matter).
     */
    urlRenewAfter: Type.Integer({ minimum: 0 }),
  }),
]);
export type MyCourseDetail = Static<typeof MyCourseDetail>;

/** A page session id: what the learner page makes (random, URL-safe) each time it opens a file. */
export const PAGE_SESSION_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

/**
 * Sent every COURSE_BEAT_MS and at once when playback starts or stops, the page is hidden or
 * shown, or the file changes. `playing` for documents, images and lessons means "open and being
 * read"; `page` is the PDF page on screen. `pageSession` is a random id the page makes each time it
 * opens a file and sends with every beat of that opening: time is credited only between two beats
 * of the same page session, never across a close and reopen.
 */
export const BeatBody = Type.Object({
  courseId: Id,
  fileId: Id,
  pageSession: Type.String({ pattern: PAGE_SESSION_PATTERN }),
  /** Media position in seconds (0 for other kinds). */
  position: Type.Number({ minimum: 0, maximum: 864_000 }),
  playing: Type.Boolean(),
  visible: Type.Boolean(),
  page: Type.Optional(Int(1, 100_000)),
});
export type BeatBody = Static<typeof BeatBody>;

export const BeatResult = Type.Object({
  /** Seconds credited by this beat. */
  credited: Type.Number(),
  learnedSeconds: Type.Integer(),
  needSeconds: Type.Integer(),
  pagesSeen: Type.Integer(),
  /** The furthest point reached (seconds). */
  furthest: Type.Number(),
  /** Set when the position was past the furthest point and the course forbids it: seek back here. */
  seekTo: Type.Union([Type.Number(), Type.Null()]),
  /** An "are you still here?" check is pending: crediting is paused until /confirm. */
  check: Type.Boolean(),
  state: LearnState.schema,
  courseFinished: Type.Boolean(),
  /** The linked exam once the course is finished, else ''. */
  examId: Type.String(),
});
export type BeatResult = Static<typeof BeatResult>;

export const ConfirmResult = Type.Object({
  /** Whether a check is still pending (false once confirmed). */
  check: Type.Boolean(),
});
export type ConfirmResult = Static<typeof ConfirmResult>;

// ---------- records ----------

/** One learner of a course's audience, with the server's figures. */
export const CourseLearnerRecord = Type.Object({
  userId: Id,
  userName: Type.String(),
  realName: Type.String(),
  deptName: Type.String(),
  fileCount: Type.Integer(),
  doneCount: Type.Integer(),
  needSeconds: Type.Integer(),
  learnedSeconds: Type.Integer(),
  progress: Type.Integer(),
  state: CourseLearnerState.schema,
  overdue: Type.Boolean(),
  startTime: Type.Union([Millis, Type.Null()]),
  finishTime: Type.Union([Millis, Type.Null()]),
  /** Last heartbeat on any of the course's files. */
  lastTime: Type.Union([Millis, Type.Null()]),
});
export type CourseLearnerRecord = Static<typeof CourseLearnerRecord>;

/** deptId includes sub-departments. courseId is required. */
export const CourseRecordFilters = Type.Object({
  courseId: Id,
  deptId: OptText(32),
  realName: OptText(),
  state: Type.Optional(Type.Union([CourseLearnerState.schema, Type.Literal('')])),
});
export const CourseRecordPagingBody = PageRequest(CourseRecordFilters);
export const CourseRecordExportBody = Type.Object({ params: CourseRecordFilters });
export type CourseRecordExportBody = Static<typeof CourseRecordExportBody>;
export const UserCoursePagingBody = PageRequest(Type.Object({ userId: Id, title: OptText() }));

// ---------- the endpoints ----------

export const courseCatalogApi = defineApi('course', {
  tree: { path: '/api/course/catalog/tree', access: 'admin', body: EmptyBody, response: Type.Array(CourseCatalogNode), summary: 'Course categories as a tree, with course counts' },
  detail: { path: '/api/course/catalog/detail', access: 'admin', body: IdBody, response: CourseCatalogRecord, summary: 'One course category' },
  save: { path: '/api/course/catalog/save', access: { perm: Perm.courseCatalogSave }, body: CourseCatalogSaveBody, response: CourseCatalogRecord, summary: 'Create or update a course category', okMsg: '保存成功' },
  delete: { path: '/api/course/catalog/delete', access: { perm: Perm.courseCatalogDelete }, body: IdsBody, response: Done, summary: 'Delete empty course categories', okMsg: '删除成功' },
  sort: { path: '/api/course/catalog/sort', access: { perm: Perm.courseCatalogSave }, body: SortBody, response: CourseCatalogRecord, summary: 'Move a category up (-1) or down (+1) among its siblings, or to an explicit sort value', okMsg: '排序成功' },
});

export const courseApi = defineApi('course', {
  paging: { path: '/api/course/course/paging', access: { perm: Perm.courseList }, body: CoursePagingBody, response: Page(CourseRecord), summary: 'Courses with file count, required time, learners started and finished' },
  detail: { path: '/api/course/course/detail', access: { perm: Perm.courseList }, body: IdBody, response: CourseRecord, summary: 'One course' },
  save: { path: '/api/course/course/save', access: { perm: Perm.courseSave }, body: CourseSaveBody, response: CourseRecord, summary: 'Create or update a course (introduction sanitized)', okMsg: '保存成功', bodyLimit: 1024 * 1024 },
  delete: { path: '/api/course/course/delete', access: { perm: Perm.courseDelete }, body: IdsBody, response: Done, summary: 'Delete courses with their files and learning records', okMsg: '删除成功' },
  state: { path: '/api/course/course/state', access: { perm: Perm.courseSave }, body: CourseStateBody, response: Done, summary: 'Publish or withdraw courses' },
});

export const courseFileApi = defineApi('course', {
  outline: { path: '/api/course/chapter/list', access: { perm: Perm.courseList }, body: CourseIdBody, response: CourseOutline, summary: "A course's chapters and files in learning order, with conversion state and preview URLs" },
  chapterSave: { path: '/api/course/chapter/save', access: { perm: Perm.courseSave }, body: ChapterSaveBody, response: CourseChapterRecord, summary: 'Create or rename a chapter', okMsg: '保存成功' },
  chapterSort: { path: '/api/course/chapter/sort', access: { perm: Perm.courseSave }, body: SortBody, response: CourseChapterRecord, summary: 'Move a chapter up (-1) or down (+1), or to an explicit sort value', okMsg: '排序成功' },
  chapterDelete: { path: '/api/course/chapter/delete', access: { perm: Perm.courseSave }, body: IdsBody, response: Done, summary: 'Delete empty chapters', okMsg: '删除成功' },
  upload: {
    path: '/api/course/file/upload',
    access: { perm: Perm.courseSave },
    transport: 'upload',
    body: CourseFileUploadFields,
    response: CourseFileRecord,
    summary:
      'Upload one course file (multipart: courseId, optional chapterId, title, needSeconds, durationSec, then `file`; up to 2 GB, streamed to disk). Video mp4/webm, audio, PDF, images and Office documents, checked by content',
    okMsg: '上传成功',
  },
  save: { path: '/api/course/file/save', access: { perm: Perm.courseSave }, body: CourseFileSaveBody, response: CourseFileRecord, summary: "Update a file's title, chapter, required time and page rule; without id, create a rich-text lesson", okMsg: '保存成功', bodyLimit: 2 * 1024 * 1024 },
  sort: { path: '/api/course/file/sort', access: { perm: Perm.courseSave }, body: SortBody, response: CourseFileRecord, summary: 'Move a file up (-1) or down (+1) in its chapter, or to an explicit sort value', okMsg: '排序成功' },
  delete: { path: '/api/course/file/delete', access: { perm: Perm.courseSave }, body: IdsBody, response: Done, summary: 'Delete files with their learning records', okMsg: '删除成功' },
  convert: { path: '/api/course/file/convert', access: { perm: Perm.courseSave }, body: IdsBody, response: Done, summary: 'Queue Office documents for conversion to PDF again', okMsg: '已加入转换队列' },
});

export const courseLearnApi = defineApi('course', {
  myPaging: { path: '/api/course/learn/my-paging', access: 'login', body: MyCoursePagingBody, response: Page(MyCourseRecord), summary: 'Published courses open to me, by tab (required, elective, in progress, finished), with my progress' },
  detail: { path: '/api/course/learn/detail', access: 'login', body: IdBody, response: MyCourseDetail, summary: 'A course open to me: introduction, chapters and files with my figures, signed file URLs, the exam once finished' },
  beat: { path: '/api/course/learn/beat', access: 'login', body: BeatBody, response: BeatResult, summary: 'Learning heartbeat: the server credits real elapsed time (capped) between two beats of the same page session while playing and visible, one file per learner at a time' },
  confirm: { path: '/api/course/learn/confirm', access: 'login', body: CourseIdBody, response: ConfirmResult, summary: 'Answer "are you still here?": crediting resumes from the next playing beat', okMsg: '已确认，继续学习' },
});

export const courseRecordApi = defineApi('course', {
  paging: { path: '/api/course/record/paging', access: { perm: Perm.courseRecordList }, body: CourseRecordPagingBody, response: Page(CourseLearnerRecord), summary: "A course's audience with each learner's progress, time and completion (filter by department incl. sub-departments)" },
  export: { path: '/api/course/record/export', access: { perm: Perm.courseRecordExport }, transport: 'download', body: CourseRecordExportBody, response: Done, summary: "A course's learning records as an .xlsx file" },
  userPaging: { path: '/api/course/record/user-paging', access: { perm: Perm.courseRecordList }, body: UserCoursePagingBody, response: Page(MyCourseRecord), summary: "One learner's courses (published, open to them) with their figures" },
  myPaging: { path: '/api/course/record/my-paging', access: 'login', body: PageRequest(Type.Object({ title: OptText() })), response: Page(MyCourseRecord), summary: 'My learning records: courses I have started, latest first' },
});

/** Where the bytes of a course file are read (GET with the signed query the detail calls answer; not an envelope call). */
export const COURSE_FILE_CONTENT_PATH = '/api/course/file/content';
