import type { AnswerInput, QuBody } from '../../../common/api/qu';
import { QuType, ResultShow, type CodeOf } from '../../../common/codes';
import type { PaperQuRow, PaperRow } from '../../db/schema';
import type { ExamSettings } from '../exam/exam.def';

/** A paper's own copy of the exam's rules and sections, as they were when it was made. */
export interface PaperSettings extends ExamSettings {
  handMin: number;
  resultShow: CodeOf<typeof ResultShow>;
  reviewAfterEnd: boolean;
  endTime: number | null;
  thanks: string;
  /** The learner's name shown as a watermark ('' when off). */
  watermarkText: string;
}

export interface PaperGroup {
  title: string;
  quType: number;
  perScore: number;
  partialScore?: number;
}

/**
 * JSON texts read again and again, parsed once: a cohort's papers hold the same rules, sections and
 * question copies (a copy differs only by its option order), and a hand-in would parse each of its
 * questions anew. What it answers is shared, so frozen: a caller that would change it makes its own.
 * Texts longer than PARSED_KEY_MAX are parsed each time (a key is the whole text).
 */
const parsed = new Map<string, unknown>();
const PARSED_KEPT = 10_000;
const PARSED_KEY_MAX = 16_384;

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

function parsedOnce<T>(text: string): T {
  if (text.length > PARSED_KEY_MAX) return deepFreeze(JSON.parse(text) as T);
  let v = parsed.get(text);
  if (v === undefined) {
    if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value as string);
    parsed.set(text, (v = deepFreeze(JSON.parse(text))));
  }
  return v as T;
}

export const settingsOfPaper = (p: Pick<PaperRow, 'settings'>): Readonly<PaperSettings> => parsedOnce<PaperSettings>(p.settings);
export const groupsOfPaper = (p: Pick<PaperRow, 'groups'>): readonly PaperGroup[] => parsedOnce<PaperGroup[]>(p.groups);
/** A paper's copy of a question (shared and frozen: see parsedOnce). */
export const snapshotOf = (q: Pick<PaperQuRow, 'question'>): QuBody => parsedOnce<QuBody>(q.question);

/** Seconds a paper took, from its start to its hand-in (to its last change while open): as lists and the ranking show it. */
export const secondsUsed = (p: { create_time: number; hand_time: number | null; update_time?: number }) =>
  Math.max(0, Math.round(((p.hand_time ?? p.update_time ?? p.create_time) - p.create_time) / 1000));

export const answerOf = (q: Pick<PaperQuRow, 'answer'>): AnswerInput => (q.answer ? (JSON.parse(q.answer) as AnswerInput) : {});

/** Seconds after the deadline during which saves already in flight are still taken. */
export const SAVE_GRACE_MS = 5_000;

/** Whether an answer says anything (the card's "answered"), whatever the type. */
export function saysSomething(a: AnswerInput): boolean {
  return Boolean(a.answers?.length || a.answer?.trim() || a.blanks?.some((b) => b.trim() !== '') || a.pairs?.length);
}

/** Only the fields of an answer that its type uses (nothing else is stored). */
export function answerForType(quType: number, a: AnswerInput): AnswerInput {
  switch (quType) {
    case QuType.SINGLE:
    case QuType.MULTIPLE:
    case QuType.JUDGE:
      return { answers: [...new Set(a.answers ?? [])] };
    case QuType.SHORT:
      return { answer: a.answer ?? '' };
    case QuType.FILL:
      return { blanks: a.blanks ?? [] };
    case QuType.MATCH:
      return { pairs: a.pairs ?? [] };
    default:
      return {};
  }
}
