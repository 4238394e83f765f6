import type { CardItem, PaperDetail, PaperQu } from '../../../../common/api/paper';
import type { AnswerInput } from '../../../../common/api/qu';
import { hasAnswer } from '../../../../common/components/question';
import type { AnswerSync } from '../answerSync';

/** What the answer card shows of one question. */
export interface CardState {
  answered: boolean;
  mark: boolean;
}

/** One question's (or sub-question's) newest answer as the page knows it, with the seq it carries. */
export interface AnswerState {
  answer: AnswerInput;
  mark: boolean;
  seq: number;
}

const pick = (a: AnswerInput): AnswerInput => ({ answers: a.answers, answer: a.answer, blanks: a.blanks, pairs: a.pairs });

/**
 * The one source of truth on the exam page for every question's answer: the journal's newest
 * entry, else what this page last sent, else the server's saved answer — whichever carries the
 * highest seq. The question view, the answer card, the counters and the hand-in warning all read
 * it, so moving between questions (remounting a question's view) never shows a stale answer.
 *
 * Answers are kept per quId (sub-questions of a combined question by their own id); a question's
 * card is derived from its answer, or from its parts' for a combined one. Until a question's
 * detail has loaded, its card is what the server's paper detail (or this device's journal) says.
 */
export class PaperAnswers {
  private readonly answers = new Map<string, AnswerState>();
  /** Combined question id → its parts' ids, once its detail has loaded. */
  private readonly parts = new Map<string, string[]>();
  private readonly cards: Record<string, CardState>;
  private cardsSnapshot: Record<string, CardState>;
  private readonly listeners = new Set<() => void>();

  constructor(
    paper: PaperDetail,
    private readonly sync: AnswerSync,
  ) {
    const items: CardItem[] = paper.groups.flatMap((g) => g.quList);
    this.cards = Object.fromEntries(items.map((q) => [q.quId, { answered: q.answered, mark: q.mark }]));
    // Answers journaled on this device (a reload, a crash) count until the server has them.
    items.forEach((q) => {
      const local = sync.local(q.quId);
      if (local) this.answers.set(q.quId, { answer: local.answer, mark: local.mark, seq: local.seq });
    });
    items.forEach((q) => this.recard(q.quId));
    this.cardsSnapshot = { ...this.cards };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The newest answer of a question or sub-question; undefined until its detail has loaded (or it was journaled). */
  get = (quId: string): AnswerState | undefined => this.answers.get(quId);

  /** Every question's card state; a new object whenever one changes. */
  getCards = (): Record<string, CardState> => this.cardsSnapshot;

  /**
   * A question's detail arrived from the server (its saved answer and its parts'). Whatever is
   * newer wins: a journal entry or a change made on this page keeps its place over an older
   * server copy, and a cached detail fetched before those changes never brings them back.
   */
  loaded(qu: PaperQu): void {
    let changed = this.take(qu.quId, qu.saved);
    if (qu.subList.length) {
      this.parts.set(
        qu.quId,
        qu.subList.map((s) => s.quId),
      );
      qu.subList.forEach((s) => {
        changed = this.take(s.quId, qu.subSaved[s.quId]) || changed;
      });
      changed = true;
    }
    if (changed) this.commit(qu.quId);
  }

  /** The learner changed an answer: the page shows it at once, the journal sends it. */
  change(quId: string, answer: AnswerInput, delayMs: number, parentId = quId): void {
    const mark = parentId === quId ? (this.answers.get(quId)?.mark ?? this.cards[quId]?.mark ?? false) : false;
    const seq = this.sync.change(quId, answer, mark, delayMs);
    this.answers.set(quId, { answer, mark, seq });
    this.commit(parentId);
  }

  /** Marks or unmarks a question for review (a combined question carries the mark on its own id, with no answer). */
  setMark(quId: string, mark: boolean): void {
    const combined = this.parts.has(quId);
    const answer = combined ? {} : (this.answers.get(quId)?.answer ?? {});
    const seq = this.sync.change(quId, answer, mark, 0);
    this.answers.set(quId, { answer, mark, seq });
    this.commit(quId);
  }

  /**
   * The server's card after a replayed or offline journal went through: taken for the questions
   * whose answers this page does not hold (their detail has not loaded yet).
   */
  serverCards(fresh: PaperDetail): void {
    let changed = false;
    fresh.groups.forEach((g) =>
      g.quList.forEach((q) => {
        if (this.answers.has(q.quId) || this.parts.has(q.quId)) return;
        const card = this.cards[q.quId];
        if (card && card.answered === q.answered && card.mark === q.mark) return;
        this.cards[q.quId] = { answered: q.answered, mark: q.mark };
        changed = true;
      }),
    );
    if (changed) this.publish();
  }

  /** Takes the server's copy of one answer when it is at least as new as the page's; true if it did. */
  private take(quId: string, saved: PaperQu['saved'] | undefined): boolean {
    if (!saved) return false;
    // The journal drops what the server already has, and later changes get higher seqs.
    this.sync.known(quId, saved.seq);
    const mine = this.answers.get(quId);
    if (mine && mine.seq > saved.seq) return false;
    const local = this.sync.local(quId);
    if (local && local.seq > saved.seq) {
      this.answers.set(quId, { answer: local.answer, mark: local.mark, seq: local.seq });
      return true;
    }
    this.answers.set(quId, { answer: pick(saved), mark: saved.mark, seq: saved.seq });
    return true;
  }

  private recard(quId: string): boolean {
    const own = this.answers.get(quId);
    const parts = this.parts.get(quId);
    const card = this.cards[quId];
    if (!card) return false;
    const answered = parts ? parts.some((p) => hasAnswer(this.answers.get(p)?.answer)) : own ? hasAnswer(own.answer) : card.answered;
    const mark = own ? own.mark : card.mark;
    if (answered === card.answered && mark === card.mark) return false;
    this.cards[quId] = { answered, mark };
    return true;
  }

  private commit(quId: string): void {
    this.publish(this.recard(quId));
  }

  /** Tells every reader; the cards' snapshot is new only when a card changed, so typing re-renders one question. */
  private publish(cardsChanged = true): void {
    if (cardsChanged) this.cardsSnapshot = { ...this.cards };
    this.listeners.forEach((l) => l());
  }
}
