import { randomInt } from 'node:crypto';
import { CourseFileKind, ConvertState, LearnState, type BeatBody, type BeatResult, type ConfirmResult } from '../../../common/api/course';
import type { ServiceContext } from '../../context';
import { fail, forbidden, notFound } from '../../lib/errors';
import type { CourseDef, CourseFileDef } from './course.cache';
import { courseDef } from './course.def';
import { isUnlocked } from './course.progress';
import { courseHolds, courseReaches } from '../access/access.service';
import * as repo from './learn.repository';

/**
 * Learning time the server can vouch for. The page beats every 15 s (and at once on play, pause,
 * hide, show and file change) with the file, the position and whether it is playing and visible.
 *
 * Every beat carries a page session: a random id the page makes each time it opens a file. Time
 * is credited only between two beats of the same page session, so a tab closed and opened again
 * (whose closing beat may never have arrived) is never credited the time it was closed.
 *
 * Crediting is per learner, through a chain: the learner's most recently beaten row
 * (course_learn.beat_time, indexed) and the page session of its last beat. Since the page beats at
 * once on every change, the state a beat reports holds until the next one: a beat of the chain's
 * page session on its file credits the real time since the chain's last beat, capped at
 * CREDIT_CAP_MS, when that beat said playing and visible (and nothing when the gap shows the page
 * was gone: over CHAIN_BREAK_MS). A playing, visible beat of another page session (another file,
 * another tab, or the same file opened again) moves the chain there and credits nothing for the
 * switch; a paused or hidden beat of another page session (a background tab) leaves the chain
 * alone. So a second tab or a second file never adds time: the sum credited never exceeds the
 * wall time.
 * Each beat is one lookup statement and one write guarded by the beat time it read, so two
 * concurrent beats (two tabs) can never credit the same interval twice.
 *
 * Optional rules per course: no seeking past the furthest point (a position beyond what the
 * credited time allows is refused: no credit, and the page is told where to seek back to); an
 * "are you still here?" check due at a random time around checkMinutes, which stops crediting
 * until /confirm. Completion is the server's: learned ≥ required (and every PDF page seen when the
 * file asks for it); the course is finished when every file is.
 */

/** Most time one beat can credit (twice the beat interval: a late beat still counts, a gap does not). */
export const CREDIT_CAP_MS = 30_000;
/** A gap longer than this since the chain's last beat (the page was closed, the machine slept) credits nothing. */
export const CHAIN_BREAK_MS = 60_000;
/** Seeking forward within this much of the furthest point is not "skipping" (buffering, rounding). */
export const SEEK_TOLERANCE_MS = 5_000;
/** Playback up to this speed may advance the furthest point. */
export const MAX_PLAYBACK_RATE = 2;

const isMedia = (f: CourseFileDef) => f.kind === CourseFileKind.VIDEO || f.kind === CourseFileKind.AUDIO;
/** Files read as PDF pages: PDFs, and Office documents once converted. */
const isPaged = (f: CourseFileDef) =>
  f.pageCount > 0 && (f.kind === CourseFileKind.PDF || (f.kind === CourseFileKind.OFFICE && f.convState === ConvertState.DONE));

/** The next "are you still here?" time: uniformly 0.5×–1.5× the course's interval from now. */
function nextCheck(now: number, minutes: number): number {
  return now + Math.round(minutes * 60_000 * (randomInt(500, 1501) / 1000));
}

/** Pages seen, as a bitset kept in base64. */
function markPage(bits: string, page: number): { bits: string; added: boolean } {
  const buf = Buffer.from(bits, 'base64');
  const byte = (page - 1) >> 3;
  const mask = 1 << ((page - 1) & 7);
  const out = buf.length > byte ? buf : Buffer.concat([buf, Buffer.alloc(byte + 1 - buf.length)]);
  if (out[byte] & mask) return { bits, added: false };
  out[byte] |= mask;
  return { bits: out.toString('base64'), added: true };
}

export interface BeatOutcome {
  result: BeatResult;
  /** Said to the learner (envelope msg) when a rule stepped in. */
  msg?: string;
}

async function loadOpenCourse(ctx: ServiceContext, courseId: string, fileId?: string): Promise<{ def: CourseDef; file?: CourseFileDef }> {
  const def = await courseDef(ctx, courseId);
  const file = fileId ? def?.files.get(fileId) : undefined;
  if (!def || (fileId && !file)) throw notFound('课件不存在或已被删除');
  return { def, file };
}

const notInAudience = () => forbidden('您不在本课程的学习范围内');

export async function beat(ctx: ServiceContext, userId: string, body: BeatBody, retried = false): Promise<BeatOutcome> {
  const { def, file } = (await loadOpenCourse(ctx, body.courseId, body.fileId)) as { def: CourseDef; file: CourseFileDef };
  const row = await repo.beatLookup(ctx.db, userId, def.id, file.id);
  if (!row || !courseHolds(def, userId, row.dept_id)) throw notInAudience();

  const now = ctx.clock.now();
  const active = body.playing && body.visible;
  const media = isMedia(file);
  const isNew = row.f_file_id === null;
  const f = {
    learned: row.f_learned_ms ?? 0,
    furthest: row.f_furthest_ms ?? 0,
    position: row.f_position_ms ?? 0,
    pagesSeen: row.f_pages_seen ?? '',
    pagesCount: row.f_pages_count ?? 0,
    done: row.f_done === 1,
    doneTime: row.f_done_time,
    beatTime: row.f_beat_time ?? 0,
    beatActive: row.f_beat_active ?? 0,
    beatPage: row.f_beat_page ?? '',
  };

  if (isNew && def.unlockInOrder) {
    const done = new Set(await repo.doneFileIds(ctx.db, userId, def.id));
    if (!isUnlocked(def, file.id, done)) throw fail('请先完成前面的课件，再学习这一节');
  }

  // The chain: this beat continues it (same file, same page session), takes it over, or (paused or
  // hidden in another page) leaves it be.
  const chainRow = row.c_file_id === file.id;
  const continues = chainRow && row.c_beat_page === body.pageSession;
  const takesOver = !continues && active;
  const onChain = continues || takesOver;
  const gap = Math.max(0, now - (row.c_beat_time ?? now));
  // The page beats at once on every change, so what the chain's last beat said held until now.
  let credit = continues && row.c_beat_active === 1 && gap <= CHAIN_BREAK_MS ? Math.min(gap, CREDIT_CAP_MS) : 0;

  // A beat that leaves the chain be on the chain's own row (a background tab on the same file) keeps its check.
  let checkDue: number | null = onChain || chainRow ? row.c_check_due : null;
  let checkPending = onChain || chainRow ? row.c_check_pending ?? 0 : 0;
  let msg: string | undefined;
  if (onChain) {
    if (def.checkMinutes === 0) {
      checkDue = null;
      checkPending = 0;
    } else if (checkPending === 1) {
      credit = 0;
    } else if (checkDue === null) {
      checkDue = nextCheck(now, def.checkMinutes);
    } else if (now >= checkDue) {
      // Time up to the check counts; from it until the answer, nothing does.
      credit = continues ? Math.min(credit, Math.max(0, checkDue - (row.c_beat_time ?? now))) : 0;
      checkPending = 1;
    }
    if (checkPending === 1) msg = '请确认您仍在学习，确认后继续计时';
  }

  const positionMs = media ? Math.round(body.position * 1000) : 0;
  let furthest = f.furthest;
  let position = positionMs;
  let seekTo: number | null = null;
  if (media) {
    if (def.noSkip && positionMs > f.furthest + credit * MAX_PLAYBACK_RATE + SEEK_TOLERANCE_MS) {
      seekTo = f.furthest / 1000;
      position = f.furthest;
      credit = 0;
      msg = '本课程不允许拖动到尚未学习的位置，已回到上次学习的位置';
    } else {
      furthest = Math.max(f.furthest, positionMs);
    }
  }

  let { pagesSeen, pagesCount } = f;
  if (body.page && body.visible && isPaged(file) && body.page <= file.pageCount) {
    const marked = markPage(pagesSeen, body.page);
    if (marked.added) {
      pagesSeen = marked.bits;
      pagesCount += 1;
    }
  }

  const learned = f.learned + credit;
  const pagesOk = !file.needAllPages || pagesCount >= file.pageCount;
  const done = f.done || (learned >= file.needMs && pagesOk && (file.needMs > 0 || body.visible));
  const becameDone = done && !f.done;

  const values: Omit<repo.LearnBeatValues, 'learned_ms'> = {
    position_ms: position,
    furthest_ms: furthest,
    pages_seen: pagesSeen,
    pages_count: pagesCount,
    done: done ? 1 : 0,
    done_time: becameDone ? now : f.doneTime,
    beat_time: onChain ? now : f.beatTime,
    beat_active: onChain ? (active && seekTo === null ? 1 : 0) : f.beatActive,
    beat_page: onChain ? body.pageSession : f.beatPage,
    check_due: checkDue,
    check_pending: checkPending,
    update_time: now,
  };

  let written: boolean;
  if (isNew) {
    written = await repo.insertLearn(ctx.db, {
      user_id: userId,
      file_id: file.id,
      course_id: def.id,
      learned_ms: learned,
      ...values,
      create_time: now,
    });
    // Another tab created the row between our read and write: beat again on the row it made.
    if (!written && !retried) return beat(ctx, userId, body, true);
    if (written && row.s_start_time === null) await repo.startCourse(ctx.db, userId, def.id, now);
  } else {
    const changed =
      onChain || position !== f.position || furthest !== f.furthest || pagesCount !== f.pagesCount || becameDone;
    written = changed ? await repo.updateLearnIfUnchanged(ctx.db, userId, file.id, f.beatTime, credit, values) : true;
  }
  if (!written) {
    // A concurrent beat (another tab) wrote first: this one credits nothing.
    return { result: resultOf(def, file, { ...f, credit: 0, seekTo: null, check: row.c_check_pending === 1 }, row.s_finish_time !== null) };
  }

  let finished = row.s_finish_time !== null;
  if (becameDone && !finished) finished = await finishIfComplete(ctx, userId, def, now);
  return {
    result: resultOf(def, file, { learned, furthest, pagesCount, done, credit, seekTo, check: checkPending === 1 }, finished),
    msg,
  };
}

/** After a file is done: the course is finished when every file is. */
async function finishIfComplete(ctx: ServiceContext, userId: string, def: CourseDef, now: number): Promise<boolean> {
  const done = new Set(await repo.doneFileIds(ctx.db, userId, def.id));
  if (def.order.length === 0 || !def.order.every((id) => done.has(id))) return false;
  await repo.startCourse(ctx.db, userId, def.id, now);
  await repo.finishCourse(ctx.db, userId, def.id, now);
  return true;
}

function resultOf(
  def: CourseDef,
  file: CourseFileDef,
  s: { learned: number; furthest: number; pagesCount: number; done: boolean; credit: number; seekTo: number | null; check: boolean },
  finished: boolean,
): BeatResult {
  return {
    credited: Math.round(s.credit) / 1000,
    learnedSeconds: Math.floor(s.learned / 1000),
    needSeconds: Math.round(file.needMs / 1000),
    pagesSeen: s.pagesCount,
    furthest: s.furthest / 1000,
    seekTo: s.seekTo,
    check: s.check,
    state: s.done ? LearnState.DONE : LearnState.LEARNING,
    courseFinished: finished,
    examId: finished ? def.examId : '',
  };
}

/** "Yes, I'm here": clears a pending check on the learner's chain; crediting restarts with the next playing beat. */
export async function confirm(ctx: ServiceContext, userId: string, courseId: string): Promise<ConfirmResult> {
  const { def } = await loadOpenCourse(ctx, courseId);
  if (!(await courseReaches(ctx, def, userId))) throw notInAudience();
  const chain = await repo.findChain(ctx.db, userId);
  if (!chain || chain.check_pending !== 1) return { check: false };
  if (chain.course_id !== def.id) throw fail('当前学习的不是这门课程，请回到正在学习的课程页面确认');
  const now = ctx.clock.now();
  const due = def.checkMinutes > 0 ? nextCheck(now, def.checkMinutes) : null;
  const ok = await repo.confirmPresence(ctx.db, userId, chain.file_id, chain.beat_time, now, due);
  return { check: !ok };
}
