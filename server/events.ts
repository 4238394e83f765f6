/**
 * The domain events of Examhall: what happened, told to whoever cares, so that a module never
 * calls into the modules that react to it (the paper does not call the wrong book, the exam does
 * not hand papers in). Payloads are plain data: ids and what the emitter already knows.
 *
 * A handler subscribes in one of two phases (server/lib/events.ts):
 * - 'transaction': runs inside the emitter's transaction, atomic with it (the learner's record of
 *   an exam is refreshed in the hand-in's transaction);
 * - 'afterCommit': runs once that transaction has committed (the wrong book, caches, messages,
 *   statistics); a failure is logged and never undoes what was committed.
 */

import type { QuBody } from '../common/api/qu';

/** A question of a paper that earned less than its full score, once its score is settled. */
export interface MissedQuestion {
  quId: string;
  quType: number;
  /** The question as it was on the paper, and as its paper row stores it (a copy's line, or JSON: see paper.copies). */
  question: QuBody;
  json: string;
  earned: number;
  full: number;
}

/**
 * A question of a handed-in paper (not a combined question's part) as its row was written: told
 * with paper.handedIn, so that statistics record the paper without reading its rows back.
 */
export interface GradedQuestion {
  quId: string;
  groupIndex: number;
  sort: number;
  quType: number;
  score: number;
  /** The answer as its row stores it (JSON AnswerInput, '' when none). */
  answer: string;
  actualScore: number | null;
  /** The copy as its row stores it (a line: see paper.copies). */
  line: string;
}

export interface DomainEvents {
  /** A learner started (drew) a paper. */
  'paper.started': { paperId: string; userId: string; examId: string };
  /**
   * A paper was closed and graded: finished, or awaiting marking (its score then null). `missed`
   * holds the questions whose score is settled and short of full (none a marker will still score).
   */
  'paper.handedIn': {
    paperId: string;
    userId: string;
    examId: string;
    handType: number;
    awaitingMarking: boolean;
    score: number | null;
    missed: readonly MissedQuestion[];
    /** The paper's questions as written, where the hand-in graded what it wrote (not when a save landed meanwhile). */
    graded?: readonly GradedQuestion[];
  };
  /** A marker finished a paper's marking: its final score stands. `missed` holds what marking settled. */
  'paper.marked': { paperId: string; userId: string; examId: string; title: string; markerId: string; score: number; missed: readonly MissedQuestion[] };
  /** Exams were saved, published, enabled or deleted: what is cached of them is stale. */
  'exam.changed': { examIds: readonly string[] };
  /** Exams were disabled: their open papers are to be handed in. */
  'exam.disabled': { examIds: readonly string[] };
  /** Questions of these banks were created, changed, moved or deleted. */
  'question.changed': { repoIds: readonly string[] };
  /** A user signed in (any way in: provider names it). */
  'user.signedIn': { userId: string; provider: string };
  /** Users are being deleted, in this transaction: what other modules keep of them goes too. */
  'user.removed': { userIds: readonly string[] };
  /** An administrator approved (or rejected and removed) registrations awaiting review. */
  'user.reviewed': { users: ReadonlyArray<{ id: string; realName: string; email: string; mobile: string }>; approved: boolean; reviewerId: string };
}

export type DomainEventName = keyof DomainEvents;
