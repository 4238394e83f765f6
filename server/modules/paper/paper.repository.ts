import { CompiledQuery, sql } from 'kysely';
import { PaperEvent } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { onEveryConnection, type Db } from '../../db/database';
import { groupCommit } from '../../db/groupCommit';
import { insertRows, isPostgres, jsonbRows, jsonRowsOf, onConflictUpdate, prepared, rowsStatement, type Columns, type OnConflictUpdate, type Slots } from '../../db/prepared';
import { NAMED_MARKER } from '../../db/pgNamed';
import type { ExamRecordRow, PaperQuRow, PaperRow} from '../../db/schema';
import type { TtlCache } from '../../lib/cache';
import { contains, paginate, type PageArgs } from '../../lib/paging';
import { withCopies } from './paper.copies';
import type { SnapshotSource } from './paper.snapshot';

/** Papers, their questions and events, records and the wrong book: the only place that builds queries on them. */

const PAPER = [
  'id', 'exam_id', 'user_id', 'title', 'state', 'total_score', 'qualify_score', 'obj_score', 'subj_score', 'user_score', 'passed', 'hand_type',
  'leave_count', 'idle_time', 'deadline', 'settings', 'groups', 'create_time', 'hand_time', 'update_time',
] as const;
const PAPER_QU = [
  'paper_id', 'qu_id', 'parent_id', 'group_index', 'sort', 'qu_type', 'score', 'question', 'answer', 'seq', 'answered', 'mark', 'is_right',
  'actual_score', 'needs_mark', 'comment', 'update_time',
] as const;

// The exam path's queries (starting, answering, handing in) are prepared: built once, then only run.

const paperById = prepared((db, v: Slots<{ id: string }>) => db.selectFrom('paper').select(PAPER).where('id', '=', v.id));

export function findPaper(db: Db, id: string): Promise<PaperRow | undefined> {
  return paperById.first(db, { id });
}

/** Whether a question of a paper is answered or marked (rows only: a question still in the draft is neither). */
export type QuMarks = Pick<PaperQuRow, 'qu_id' | 'answered' | 'mark'>;

const PAPER_REFS = PAPER.map((c) => `paper.${c}` as const);
const paperAndMarks = prepared((db, v: Slots<{ id: string }>) =>
  db.selectFrom('paper').leftJoin('paper_qu', 'paper_qu.paper_id', 'paper.id').select([...PAPER_REFS, 'paper_qu.qu_id', 'paper_qu.answered', 'paper_qu.mark']).where('paper.id', '=', v.id),
);

/** A paper with its questions' answered and marked flags, in one read (what the answer card needs). */
export async function findPaperWithMarks(db: Db, id: string): Promise<{ paper: PaperRow; marks: QuMarks[] } | undefined> {
  const rows = await paperAndMarks.rows(db, { id });
  if (rows.length === 0) return undefined;
  const { qu_id: _q, answered: _a, mark: _m, ...paper } = rows[0];
  const marks = rows.flatMap((r) => (r.qu_id === null ? [] : [{ qu_id: r.qu_id, answered: r.answered ?? 0, mark: r.mark ?? 0 }]));
  return { paper, marks };
}

/** A paper's draft as read (see paper_draft). */
export type Draft = { card: string; questions: string; create_time: number };

/** What a hand-in grades from: the paper, its draft (null once it has none) and its rows in paper order. */
export type PaperToHandIn = { paper: PaperRow; draft: Draft | null; rows: PaperQuRow[] };

const paperJoinDraft = (db: Db, id: string) =>
  db
    .selectFrom('paper')
    .leftJoin('paper_draft', 'paper_draft.paper_id', 'paper.id')
    .select([...PAPER_REFS, 'paper_draft.card', 'paper_draft.questions', 'paper_draft.create_time as draft_time'])
    .where('paper.id', '=', id);

// SQLite: the paper and its draft, then its rows (quRows): two statements, no round trips.
const paperAndDraft = prepared((db, v: Slots<{ id: string }>) => paperJoinDraft(db, v.id));

// PostgreSQL: the rows come with the paper, as one JSON array of arrays (in PAPER_QU order): one round trip and one snapshot.
const paperDraftAndRows = prepared((db, v: Slots<{ id: string }>) =>
  paperJoinDraft(db, v.id).select(
    sql<unknown[][]>`(select coalesce(json_agg(json_build_array(${sql.join(PAPER_QU.map((c) => sql.ref(`q.${c}`)))}) order by q.group_index, q.sort), '[]') from paper_qu as q where q.paper_id = paper.id)`.as('qus'),
  ),
);

const quRowOf = (values: readonly unknown[]) => Object.fromEntries(PAPER_QU.map((c, i) => [c, values[i]])) as unknown as PaperQuRow;

/** The draft's columns as the left join gives them: null where the paper has none. */
const draftOf = (card: string | null, questions: string | null, time: number | null): Draft | null =>
  card === null || questions === null || time === null ? null : { card, questions, create_time: time };

/** A paper with its draft and rows, as its hand-in grades them (see paperQusOverDraft); on PostgreSQL in one statement. */
export async function findPaperToHandIn(db: Db, id: string): Promise<PaperToHandIn | undefined> {
  if (isPostgres(db)) {
    const r = await paperDraftAndRows.first(db, { id });
    if (!r) return undefined;
    const { card, questions, draft_time, qus, ...paper } = r;
    return { paper, draft: draftOf(card, questions, draft_time), rows: qus.map(quRowOf) };
  }
  const r = await paperAndDraft.first(db, { id });
  if (!r) return undefined;
  const { card, questions, draft_time, ...paper } = r;
  return { paper, draft: draftOf(card, questions, draft_time), rows: await quRows.rows(db, { paperId: id }) };
}

const openPaper = prepared((db, v: Slots<{ userId: string }>) =>
  db.selectFrom('paper').select(PAPER).where('user_id', '=', v.userId).where('state', '=', 0).orderBy('create_time', 'desc').limit(1),
);

export function openPaperOf(db: Db, userId: string): Promise<PaperRow | undefined> {
  return openPaper.first(db, { userId });
}

/**
 * Builds the exam path's prepared reads (starting, the answer card, saving), each run once on no
 * paper, on every connection (PostgreSQL plans a named statement once per connection): a cohort's
 * first requests then only run them. Writes are built by their first batch.
 */
export const warmStatements = (db: Db): Promise<void> => onEveryConnection(db, warmOn);

async function warmOn(db: Db): Promise<void> {
  const none = '';
  await Promise.all([
    findPaper(db, none),
    openPaperOf(db, none),
    findPaperWithMarks(db, none),
    findPaperToHandIn(db, none),
    countPapers(db, none, none),
    draftCardOf(db, none),
    findPaperQu(db, none, none),
    findRecord(db, none, none),
  ]);
}

/** Question ids per `in (…)` list. */
const QU_CHUNK = 200;

/** A question of a paper as its draft lists it (what its first answer makes its row from). */
export type DraftEntry = Pick<PaperQuRow, 'qu_id' | 'parent_id' | 'group_index' | 'sort' | 'qu_type' | 'score'>;

/** A question of a new paper: its entry, and its copy as the draft keeps it (snapshotCopy; '' for a part). */
export type DrawnQu = DraftEntry & { copy: string };

export interface NewPaper {
  paper: PaperRow;
  /** In paper order. */
  qus: readonly DrawnQu[];
  /** The bases of its copies (written with it where this process has not written them yet). */
  bases: readonly SnapshotSource[];
  /** The start event's id, and the id of the learner's record should this be their first attempt. */
  eventId: string;
  recordId: string;
}

/** The bases written to qu_snapshot, per database: a start need not send them again. */
const basesWritten = new WeakMap<object, WeakSet<SnapshotSource>>();
const basesWrittenTo = (db: Db) => {
  const adapter = db.getExecutor().adapter;
  let set = basesWritten.get(adapter);
  if (!set) basesWritten.set(adapter, (set = new WeakSet()));
  return set;
};

/** The rows new papers are written as: the paper, its draft, its start event, its attempt, and the bases of its copies not written yet. */
function startRows(db: Db, started: readonly NewPaper[]) {
  const written = basesWrittenTo(db);
  const bases = new Set(started.flatMap((n) => n.bases.filter((b) => !written.has(b))));
  return {
    snapshots: [...bases].map((b) => ({ id: b.id, body: b.text, create_time: started[0].paper.create_time })),
    papers: started.map((n) => n.paper),
    drafts: started.map(({ paper, qus }) => ({
      paper_id: paper.id,
      card: JSON.stringify(qus.map((q): CardEntry => [q.qu_id, q.parent_id, q.group_index, q.sort, q.qu_type, q.score])),
      questions: qus.map((q) => q.copy).join('\n'),
      create_time: paper.create_time,
    })),
    events: started.map((n) => ({ id: n.eventId, paper_id: n.paper.id, type: PaperEvent.START, time: n.paper.create_time, detail: '' })),
    // One more attempt on each record (made with the first). A batch never counts one record twice:
    // a learner's second paper is refused by the one-open-paper index (and run again alone).
    records: started.map(({ paper, recordId }) => ({
      id: recordId, user_id: paper.user_id, exam_id: paper.exam_id, try_count: 1, max_score: 0, last_score: 0, passed: 0, best_paper_id: null, update_time: paper.create_time,
    })),
  };
}

const ATTEMPT: OnConflictUpdate<keyof ExamRecordRow & string> = { key: ['user_id', 'exam_id'], update: ['update_time'], add: ['try_count'] };
/** A base is the same text under the same id wherever it was written first. */
const KEEP_BASE: OnConflictUpdate<'id' | 'body' | 'create_time'> = { key: ['id'], update: [] };
const SNAPSHOT = ['id', 'body', 'create_time'] as const;

/**
 * New papers, each with its start event and its attempt counted on the learner's record. A paper's
 * questions are kept as one draft row (paper_draft): a question gets its paper_qu row when it is
 * first answered, and the rest when the paper is handed in or looked at by an administrator (see
 * materialize). Papers started together are written together (see groupCommit): a cohort starting
 * at once costs, per round of requests, four inserts and a commit on SQLite, one statement on
 * PostgreSQL, however many papers it brings.
 */
async function writeStarts(db: Db, started: readonly NewPaper[]): Promise<void[]> {
  const { snapshots, papers, drafts, events, records } = startRows(db, started);
  if (isPostgres(db)) {
    await insertStartsPg(db, [papers, drafts, events, records], snapshots);
  } else {
    await insertRows(db, 'qu_snapshot', snapshots, KEEP_BASE);
    await insertRows(db, 'paper', papers);
    await insertRows(db, 'paper_draft', drafts);
    await insertRows(db, 'paper_event', events);
    await insertRows(db, 'exam_record', records, ATTEMPT);
  }
  return started.map(() => undefined);
}

const startsPgSql = new Map<string, string>();

/**
 * PostgreSQL: a batch's inserts as one statement (data-modifying WITH), which is its own
 * transaction. Each table's rows go as one JSON parameter, read back as rows of that table
 * (json_populate_recordset), so the statement is the same however many papers a batch holds:
 * planned once per connection and built once per process, where a statement per batch size was
 * built and planned again for each new size (many, while a cold process meets a cohort).
 */
async function insertStartsPg(db: Db, tables: [PaperRow[], ...Array<Array<Record<string, unknown>>>], snapshots: ReadonlyArray<Record<(typeof SNAPSHOT)[number], unknown>>): Promise<void> {
  const columns = tables.map((rows) => Object.keys(rows[0]));
  const layout = columns.map((c) => c.join(',')).join(';');
  let text = startsPgSql.get(layout);
  if (!text) {
    const [paper, draft, event, record] = columns;
    const compiled = db
      .with('s', (w) =>
        w
          .insertInto('qu_snapshot')
          .columns(SNAPSHOT)
          .expression((eb) => eb.selectFrom(jsonRowsOf('qu_snapshot', 5)).select(SNAPSHOT as never))
          .onConflict(onConflictUpdate('qu_snapshot', KEEP_BASE)),
      )
      .with('p', (w) => w.insertInto('paper').columns(paper as never).expression((eb) => eb.selectFrom(jsonRowsOf('paper', 1)).select(paper as never)))
      .with('d', (w) => w.insertInto('paper_draft').columns(draft as never).expression((eb) => eb.selectFrom(jsonRowsOf('paper_draft', 2)).select(draft as never)))
      .with('e', (w) => w.insertInto('paper_event').columns(event as never).expression((eb) => eb.selectFrom(jsonRowsOf('paper_event', 3)).select(event as never)))
      .insertInto('exam_record')
      .columns(record as never)
      .expression((eb) => eb.selectFrom(jsonRowsOf('exam_record', 4)).select(record as never))
      .onConflict(onConflictUpdate('exam_record', ATTEMPT))
      .compile();
    if (compiled.parameters.length !== 0) throw new Error('insertStartsPg: unexpected parameters');
    text = NAMED_MARKER + compiled.sql;
    startsPgSql.set(layout, text);
  }
  await db.executeQuery(CompiledQuery.raw(text, [...tables, snapshots].map((rows) => JSON.stringify(rows))));
}

const writeStart = groupCommit(
  async (db: Db, n: NewPaper): Promise<void> => {
    await writeStarts(db, [n]);
  },
  (n) => n.paper.user_id,
  { write: writeStarts, standalone: isPostgres },
);

/** Writes a new paper (with the others started meanwhile: see writeStarts). */
export async function startPaper(db: Db, n: NewPaper): Promise<void> {
  await writeStart(db, n);
  // Committed (inside a caller's transaction, not yet: its bases go again next time).
  if (db.isTransaction) return;
  const written = basesWrittenTo(db);
  for (const b of n.bases) written.add(b);
}

type CardEntry = [quId: string, parentId: string, groupIndex: number, sort: number, quType: number, score: number];

const entryOf = ([qu_id, parent_id, group_index, sort, qu_type, score]: CardEntry): DraftEntry => ({ qu_id, parent_id, group_index, sort, qu_type, score });

/**
 * A draft's questions (those `keep` picks) as the paper_qu rows they become, each question its
 * copy's line as rows store it (see paper.copies: readers make it the whole text).
 */
function draftRows(paperId: string, d: Draft, keep?: (e: DraftEntry) => boolean): PaperQuRow[] {
  const lines = d.questions.split('\n');
  const card = JSON.parse(d.card) as CardEntry[];
  const rows: PaperQuRow[] = [];
  for (let i = 0; i < card.length; i++) {
    const e = entryOf(card[i]);
    if (keep && !keep(e)) continue;
    rows.push({
      paper_id: paperId, qu_id: e.qu_id, parent_id: e.parent_id, group_index: e.group_index, sort: e.sort, qu_type: e.qu_type, score: e.score,
      question: lines[i] ?? '', answer: '', seq: 0, answered: 0, mark: 0, is_right: 0, actual_score: null, needs_mark: 0, comment: '', update_time: d.create_time,
    });
  }
  return rows;
}

const byCardOrder = (a: Pick<PaperQuRow, 'group_index' | 'sort'>, b: Pick<PaperQuRow, 'group_index' | 'sort'>) => a.group_index - b.group_index || a.sort - b.sort;

const draftCard = prepared((db, v: Slots<{ paperId: string }>) => db.selectFrom('paper_draft').select(['card', 'create_time']).where('paper_id', '=', v.paperId));
const draftWhole = prepared((db, v: Slots<{ paperId: string }>) => db.selectFrom('paper_draft').select(['card', 'questions', 'create_time']).where('paper_id', '=', v.paperId));
const takeDraft = prepared((db, v: Slots<{ paperId: string }>) => db.deleteFrom('paper_draft').where('paper_id', '=', v.paperId).returning(['card', 'questions', 'create_time']));

/** A paper's answered rows laid over its draft's: the draft gives the question, the row the answer. */
function overlay(drafted: PaperQuRow[], rows: readonly PaperQuRow[]): PaperQuRow[] {
  if (rows.length === 0) return drafted;
  const saved = new Map(rows.map((r) => [r.qu_id, r]));
  return drafted.map((d) => {
    const r = saved.get(d.qu_id);
    return r ? { ...r, question: d.question } : d;
  });
}

/**
 * Gives every question of a paper still in its draft a full paper_qu row (its hand-in, marking, an
 * administrator's look): rows made by answers get their question, the others are made; the draft
 * goes. Answers whether there was a draft. Safe when two try at once: one takes the draft. With
 * `graded` (the hand-in), a row made gets its grade and the frozen seq as it is written.
 */
export async function materialize(db: Db, paperId: string, graded?: ReadonlyMap<string, Grade>): Promise<boolean> {
  const take = async (tx: Db) => {
    const d = await takeDraft.first(tx, { paperId });
    if (!d) return false;
    const rows = draftRows(paperId, d);
    const made = graded ? rows.map((r) => { const g = graded.get(r.qu_id); return g ? { ...r, ...g, seq: FROZEN_SEQ } : r; }) : rows;
    await insertRows(tx, 'paper_qu', made, { key: ['paper_id', 'qu_id'], update: ['question'] });
    return true;
  };
  if (db.isTransaction) return take(db);
  return (await draftCard.first(db, { paperId })) ? db.transaction().execute(take) : false;
}

const quRows = prepared((db, v: Slots<{ paperId: string }>) =>
  db.selectFrom('paper_qu').select(PAPER_QU).where('paper_id', '=', v.paperId).orderBy('group_index').orderBy('sort'),
);

/** Every question row of a paper, in paper order (made from its draft first if it has one). */
export async function paperQus(db: Db, paperId: string): Promise<PaperQuRow[]> {
  return (await paperQusWithLines(db, paperId)).rows;
}

/** paperQus, and each question as its row stores it (a copy's line: see paper.copies), by question id. */
export async function paperQusWithLines(db: Db, paperId: string): Promise<{ rows: PaperQuRow[]; lines: ReadonlyMap<string, string> }> {
  await materialize(db, paperId);
  const stored = await quRows.rows(db, { paperId });
  return { rows: await withCopies(db, stored), lines: new Map(stored.map((r) => [r.qu_id, r.question])) };
}

/** A paper's questions as the hand-in grades them: every row read over its draft, and which of them are stored rows. */
export interface HandInRows {
  rows: PaperQuRow[];
  /** Question ids with a paper_qu row (answered, or made before); the others live only on the draft. */
  stored: ReadonlySet<string>;
  /** Whether the paper had a draft when read (the hand-in deletes it). */
  drafted: boolean;
  /** Each question as its row stores it (a copy's line: see paper.copies), by question id; `rows` hold the whole texts. */
  lines: ReadonlyMap<string, string>;
}

/**
 * Every question of a paper as paperQus gives them, laid over its draft without writing (hand-in
 * grades these, then writes them graded), from its draft and rows as findPaperToHandIn read them.
 */
export async function paperQusOverDraft(db: Db, paperId: string, { draft: d, rows }: Omit<PaperToHandIn, 'paper'>): Promise<HandInRows> {
  const stored = new Set(rows.map((r) => r.qu_id));
  const read = d ? overlay(draftRows(paperId, d), rows).sort(byCardOrder) : rows;
  const lines = new Map(read.map((r) => [r.qu_id, r.question]));
  return { rows: await withCopies(db, read), stored, drafted: !!d, lines };
}

/** The seq a paper's answers get as it is handed in: any save from then on is older, and changes nothing. */
export const FROZEN_SEQ = 2_147_483_647;

const quWithParts = prepared((db, v: Slots<{ paperId: string; quId: string }>) =>
  db
    .selectFrom('paper_qu')
    .select(PAPER_QU)
    .where('paper_id', '=', v.paperId)
    .where((eb) => eb.or([eb('qu_id', '=', v.quId), eb('parent_id', '=', v.quId)]))
    .orderBy('sort'),
);

/** One question of a paper and, for a combined one, its parts (over the draft while there is one). */
export async function paperQuWithParts(db: Db, paperId: string, quId: string): Promise<PaperQuRow[]> {
  const d = await draftWhole.first(db, { paperId });
  const rows = await quWithParts.rows(db, { paperId, quId });
  if (!d) return withCopies(db, rows);
  const drafted = draftRows(paperId, d, (e) => e.qu_id === quId || e.parent_id === quId);
  return withCopies(db, overlay(drafted, rows).sort((a, b) => a.sort - b.sort));
}

/** Card data only: no snapshots. */
const card = prepared((db, v: Slots<{ paperId: string }>) =>
  db
    .selectFrom('paper_qu')
    .select(['qu_id', 'parent_id', 'group_index', 'sort', 'qu_type', 'answered', 'mark'])
    .where('paper_id', '=', v.paperId)
    .orderBy('group_index')
    .orderBy('sort'),
);

type CardRow = Pick<PaperQuRow, 'qu_id' | 'parent_id' | 'group_index' | 'sort' | 'qu_type' | 'answered' | 'mark'>;

/**
 * A paper's questions as its draft listed them, in paper order. They never change: safe to keep,
 * and a cohort keeps one per candidate, so a card is a list of shared entries and nothing more
 * (a map by id per paper held a cohort of 10,000 in some 70 MB; see cardEntry).
 */
export interface PaperCard {
  entries: readonly DraftEntry[];
}

/**
 * Entries by their fields: papers of one exam list the same questions, each in one of a few places,
 * so their cards share entries (and the id strings in them). Process-wide, as an entry is only its
 * fields; found by question, then by place (no key string built per entry: a start storm makes
 * 50 per paper); started afresh past ENTRIES_KEPT (cards made before keep theirs).
 */
let sharedEntries = new Map<string, DraftEntry[]>();
let sharedCount = 0;
const ENTRIES_KEPT = 100_000;

function sharedEntry(e: DraftEntry): DraftEntry {
  let kept = sharedEntries.get(e.qu_id);
  if (kept) {
    for (const k of kept) {
      if (k.sort === e.sort && k.group_index === e.group_index && k.parent_id === e.parent_id && k.qu_type === e.qu_type && k.score === e.score) return k;
    }
  }
  if (sharedCount >= ENTRIES_KEPT) {
    sharedEntries = new Map();
    sharedCount = 0;
    kept = undefined;
  }
  const own = { qu_id: e.qu_id, parent_id: e.parent_id, group_index: e.group_index, sort: e.sort, qu_type: e.qu_type, score: e.score };
  if (kept) kept.push(own);
  else sharedEntries.set(own.qu_id, [own]);
  sharedCount++;
  return own;
}

export function paperCard(qus: ReadonlyArray<DraftEntry>): PaperCard {
  return { entries: qus.map(sharedEntry).sort(byCardOrder) };
}

/** A question's entry on a card: a scan of at most a paper's questions, cheaper kept than a map per paper. */
export function cardEntry(card: PaperCard, quId: string): DraftEntry | undefined {
  for (const e of card.entries) if (e.qu_id === quId) return e;
  return undefined;
}

/** The card of a paper still in its draft; undefined once it has none (it never gets one again). */
export async function draftCardOf(db: Db, paperId: string): Promise<PaperCard | undefined> {
  const d = await draftCard.first(db, { paperId });
  if (!d) return undefined;
  return paperCard((JSON.parse(d.card) as CardEntry[]).map(entryOf));
}

/**
 * The answer card: each question with whether it is answered and marked. `drafted` is the paper's
 * draft card as the caller has it (its entries stay right after the draft is gone, as the rows made
 * from it hold the same), `marks` its rows' flags (findPaperWithMarks); with no card, the rows are
 * read whole.
 */
export async function cardRows(db: Db, paperId: string, drafted: PaperCard | undefined, marks: readonly QuMarks[]): Promise<CardRow[]> {
  if (!drafted) return card.rows(db, { paperId });
  const saved = new Map(marks.map((r) => [r.qu_id, r]));
  return drafted.entries.map(({ qu_id, parent_id, group_index, sort, qu_type }): CardRow => {
    const r = saved.get(qu_id);
    return { qu_id, parent_id, group_index, sort, qu_type, answered: r?.answered ?? 0, mark: r?.mark ?? 0 };
  });
}

type Save = {
  paperId: string;
  quId: string;
  userId: string;
  answer: string;
  answered: number;
  mark: number | undefined;
  seq: number;
  now: number;
  latest: number;
  /** The caller's kept draft cards, by paper id (they never change): a first answer makes its row from its paper's. */
  drafts: TtlCache<string, PaperCard | undefined>;
};

/** A paper's draft card as the caller keeps it (a kept one costs no wait), read where it keeps none. */
export const keptCard = (db: Db, drafts: TtlCache<string, PaperCard | undefined>, paperId: string): PaperCard | undefined | Promise<PaperCard | undefined> =>
  drafts.get(paperId) ?? drafts.getOrLoad(paperId, () => draftCardOf(db, paperId));

/**
 * An answer is written only when the paper is the caller's, still in exam, and inside its deadline
 * (plus grace). The paper is checked by a scalar subquery, which each dialect runs as one primary-key
 * probe per save (an EXISTS may be planned as a scan of every open paper).
 */
const PAPER_OPEN_FOR_V = '(select paper.state from paper where paper.id = v.paper_id and paper.user_id = v.user_id and paper.deadline >= v.latest) = 0';

/** Saves over stored answers: a newer seq only; a save without `mark` keeps the stored one. */
const updateMany = rowsStatement(
  [['paper_id', 'varchar(32)'], ['qu_id', 'varchar(32)'], ['user_id', 'varchar(32)'], ['answer', 'text'], ['answered', 'integer'], ['mark', 'integer'], ['seq', 'integer'], ['now', 'bigint'], ['latest', 'bigint']],
  (source) =>
    'update paper_qu set answer = v.answer, answered = v.answered, seq = v.seq, update_time = v.now, mark = coalesce(v.mark, paper_qu.mark) ' +
    `from ${source} where paper_qu.paper_id = v.paper_id and paper_qu.qu_id = v.qu_id and paper_qu.seq < v.seq and ${PAPER_OPEN_FOR_V} ` +
    'returning paper_qu.paper_id, paper_qu.qu_id',
);
const updateRow = (a: Save) => [a.paperId, a.quId, a.userId, a.answer, a.answered, a.mark ?? null, a.seq, a.now, a.latest];

/**
 * Saves of questions on the paper's draft, first answers or not: the row is made from its draft
 * entry, or, where it is there already, saved over when the seq is newer. With `setsMark` the save's
 * mark is written too; otherwise a row made gets none and a row saved over keeps its own.
 */
const upsertStatement = (setsMark: boolean) =>
  rowsStatement(
    [
      ['paper_id', 'varchar(32)'], ['qu_id', 'varchar(32)'], ['user_id', 'varchar(32)'], ['parent_id', 'varchar(32)'], ['group_index', 'integer'], ['sort', 'integer'],
      ['qu_type', 'integer'], ['score', 'double precision'], ['answer', 'text'], ['answered', 'integer'], ['mark', 'integer'], ['seq', 'integer'], ['now', 'bigint'], ['latest', 'bigint'],
    ],
    (source) =>
      'insert into paper_qu (paper_id, qu_id, parent_id, group_index, sort, qu_type, score, question, answer, seq, answered, mark, update_time) ' +
      `select v.paper_id, v.qu_id, v.parent_id, v.group_index, v.sort, v.qu_type, v.score, '', v.answer, v.seq, v.answered, coalesce(v.mark, 0), v.now from ${source} where ${PAPER_OPEN_FOR_V} ` +
      'on conflict (paper_id, qu_id) do update set answer = excluded.answer, answered = excluded.answered, seq = excluded.seq, update_time = excluded.update_time' +
      (setsMark ? ', mark = excluded.mark' : '') +
      ' where paper_qu.seq < excluded.seq returning paper_id, qu_id',
  );
const upsertMarked = upsertStatement(true);
const upsertUnmarked = upsertStatement(false);
const upsertRow = (a: Save, e: DraftEntry) => [a.paperId, a.quId, a.userId, e.parent_id, e.group_index, e.sort, e.qu_type, e.score, a.answer, a.answered, a.mark ?? null, a.seq, a.now, a.latest];

type SavedKey = { paper_id: string; qu_id: string };

/** A saved question's key: its batch's lock order, and how the many-row statements name what they wrote. */
const saveKey = (paperId: string, quId: string) => `${paperId}:${quId}`;

/**
 * Saves of distinct questions, mostly in one statement: a question on the paper's draft is made or
 * saved over by one (upsertStatement), whether it has its row yet or not. One the draft does not hold
 * (no draft: the paper is unknown, or its rows were all made; or a question not on it) can only be
 * saved over. Every statement is whole by itself and a save written twice is acknowledged again (its
 * seq is no longer newer), so on PostgreSQL the batch needs no transaction.
 */
async function writeSaves(db: Db, saves: readonly Save[]): Promise<boolean[]> {
  if (new Set(saves.map((a) => saveKey(a.paperId, a.quId))).size < saves.length) {
    // The same question twice in one batch: in arrival order, as one by one.
    const out: boolean[] = [];
    for (const a of saves) out.push(await saveOne(db, a));
    return out;
  }
  const drafts = await Promise.all(saves.map((a) => keptCard(db, a.drafts, a.paperId)));
  const marked: unknown[][] = [];
  const unmarked: unknown[][] = [];
  const elsewhere: unknown[][] = [];
  saves.forEach((a, i) => {
    const card = drafts[i];
    const entry = card && cardEntry(card, a.quId);
    if (!entry) elsewhere.push(updateRow(a));
    else (a.mark === undefined ? unmarked : marked).push(upsertRow(a, entry));
  });
  const written = new Set<string>();
  const note = (rows: SavedKey[]) => rows.forEach((r) => written.add(saveKey(r.paper_id, r.qu_id)));
  note(await upsertUnmarked<SavedKey>(db, unmarked));
  note(await upsertMarked<SavedKey>(db, marked));
  note(await updateMany<SavedKey>(db, elsewhere));
  // Not written: not the caller's, not open, not on the paper, or stale (refused).
  return saves.map((a) => written.has(saveKey(a.paperId, a.quId)));
}

/** One save alone (inside a caller's transaction, or run again after its batch failed): a batch of one. */
const saveOne = async (db: Db, a: Save): Promise<boolean> => (await writeSaves(db, [a]))[0];

/**
 * Answers whether the save was written; saves arriving together commit together, most of them in
 * one statement (see groupCommit). A question still in the paper's draft gets its row with its first
 * answer.
 */
export const saveAnswer = groupCommit(saveOne, (a) => saveKey(a.paperId, a.quId), { write: writeSaves, standalone: isPostgres });

const paperQu = prepared((db, v: Slots<{ paperId: string; quId: string }>) =>
  db.selectFrom('paper_qu').select(['seq', 'parent_id', 'qu_type', 'update_time']).where('paper_id', '=', v.paperId).where('qu_id', '=', v.quId),
);

export function findPaperQu(db: Db, paperId: string, quId: string): Promise<Pick<PaperQuRow, 'seq' | 'parent_id' | 'qu_type' | 'update_time'> | undefined> {
  return paperQu.first(db, { paperId, quId });
}

type Grade = Pick<PaperQuRow, 'is_right' | 'actual_score' | 'needs_mark' | 'answered'>;

/**
 * A paper's grades as the statements that write them: one per distinct grade (right with full marks,
 * wrong, not answered, awaiting marking …) and chunk of questions, not one per question, as a cohort
 * hands in together.
 */
function gradeStatements(db: Db, paperId: string, grades: ReadonlyArray<Grade & { quId: string }>, set: Partial<PaperQuRow> = {}) {
  const groups = new Map<string, { grade: Grade; quIds: string[] }>();
  for (const g of grades) {
    const key = `${g.is_right}|${g.actual_score}|${g.needs_mark}|${g.answered}`;
    const group = groups.get(key) ?? { grade: { is_right: g.is_right, actual_score: g.actual_score, needs_mark: g.needs_mark, answered: g.answered }, quIds: [] };
    group.quIds.push(g.quId);
    groups.set(key, group);
  }
  return [...groups.values()].flatMap(({ grade, quIds }) =>
    Array.from({ length: Math.ceil(quIds.length / QU_CHUNK) }, (_, k) =>
      db.updateTable('paper_qu').set({ ...grade, ...set }).where('paper_id', '=', paperId).where('qu_id', 'in', quIds.slice(k * QU_CHUNK, (k + 1) * QU_CHUNK)),
    ),
  );
}

/** Writes grades of a paper's questions (marking, or a hand-in graded again). */
export async function gradeQus(db: Db, paperId: string, grades: ReadonlyArray<Grade & { quId: string }>): Promise<void> {
  for (const statement of gradeStatements(db, paperId, grades)) await statement.execute();
}

/**
 * A paper's questions written graded and fixed (the frozen seq) in one statement: a question still
 * on the draft gets its row made so, a row an answer made gets its question, grade and the frozen
 * seq, and answers its answer as it was fixed (a made row answers ''), for the caller to see whether
 * one moved since it graded. A save already writing a row is waited for (PostgreSQL's row lock); a
 * save that comes later finds its seq no longer newer, and is refused.
 */
const GRADED: Columns = [
  ['paper_id', 'varchar(32)'], ['qu_id', 'varchar(32)'], ['parent_id', 'varchar(32)'], ['group_index', 'integer'], ['sort', 'integer'], ['qu_type', 'integer'],
  ['score', 'double precision'], ['question', 'text'], ['is_right', 'integer'], ['actual_score', 'double precision'], ['needs_mark', 'integer'], ['answered', 'integer'],
  ['update_time', 'bigint'],
];
const gradedSql = (source: string, when: string) =>
  'insert into paper_qu (paper_id, qu_id, parent_id, group_index, sort, qu_type, score, question, answer, seq, answered, mark, is_right, actual_score, needs_mark, comment, update_time) ' +
  `select v.paper_id, v.qu_id, v.parent_id, v.group_index, v.sort, v.qu_type, v.score, v.question, '', ${FROZEN_SEQ}, v.answered, 0, v.is_right, v.actual_score, v.needs_mark, '', v.update_time from ${source} where ${when} ` +
  'on conflict (paper_id, qu_id) do update set question = excluded.question, is_right = excluded.is_right, actual_score = excluded.actual_score, needs_mark = excluded.needs_mark, ' +
  `answered = excluded.answered, seq = ${FROZEN_SEQ} where paper_qu.seq < ${FROZEN_SEQ} returning qu_id, answer`;
const writeGraded = rowsStatement(GRADED, (source) => gradedSql(source, 'true'));

const dropDraft = prepared((db, v: Slots<{ paperId: string }>) => db.deleteFrom('paper_draft').where('paper_id', '=', v.paperId));

const freezeRest = prepared((db, v: Slots<{ paperId: string; frozen: number }>) =>
  db.updateTable('paper_qu').set({ seq: v.frozen }).where('paper_id', '=', v.paperId).where('seq', '<', v.frozen).returning(['qu_id', 'answer']),
);

/** A paper's rows as gradeAndFreeze writes them: every row a grade names, and each on the draft only (as it is). */
function gradedRows(paperId: string, read: HandInRows, grades: ReadonlyArray<Grade & { quId: string }>): unknown[][] {
  const byId = new Map(grades.map((g) => [g.quId, g]));
  const out: unknown[][] = [];
  for (const r of read.rows) {
    const g = byId.get(r.qu_id) ?? (read.stored.has(r.qu_id) ? undefined : r);
    if (g) out.push([paperId, r.qu_id, r.parent_id, r.group_index, r.sort, r.qu_type, r.score, read.lines.get(r.qu_id) ?? r.question, g.is_right, g.actual_score, g.needs_mark, g.answered, r.update_time]);
  }
  return out;
}

/**
 * Inside a transaction, after the paper is closed: writes its grades and fixes its answers in the
 * same write (`rows`, as gradedRows lays them out), once per row (writeGraded: one statement for a paper of up to 200 questions), and its
 * draft goes. A question the grades do not name keeps what it holds: made from the draft as it is if
 * it has no row, fixed by a last statement if it has. Answers each fixed row's answer as it was fixed.
 */
async function gradeAndFreeze(db: Db, paperId: string, read: HandInRows, rows: ReadonlyArray<readonly unknown[]>): Promise<Fixed[]> {
  if (read.drafted) await dropDraft.run(db, { paperId });
  const fixed = await writeGraded<Fixed>(db, rows);
  // Rows the grades did not name (none, where the paper's snapshot and rows agree).
  if (rows.length < read.rows.length) fixed.push(...(await freezeRest.rows(db, { paperId, frozen: FROZEN_SEQ })));
  return fixed;
}

type Fixed = Pick<PaperQuRow, 'qu_id' | 'answer'>;

/** A paper handed in, graded, as handIn writes it. */
export interface HandIn {
  paperId: string;
  closing: Closing;
  read: HandInRows;
  grades: ReadonlyArray<Grade & { quId: string }>;
  /** The hand-in event's id and label. */
  event: { id: string; detail: string };
  record: HandedIn;
}

/**
 * PostgreSQL: handIn's writes as one statement, so one round trip and no transaction around it (a
 * statement is whole by itself): the paper closed (only while open: every other part waits on that),
 * its draft gone, its rows written graded and fixed (gradedSql), its event, and the record taking it
 * (handedIn's SQL). Answers whether it closed the paper, whether the record was there, and each fixed
 * row's answer. One statement touches a row once, so this is for grades naming every row.
 */
// handedIn's `better`: finished ($15), and a higher score ($16), or the same in less time ($18).
const BETTER_PG = '$15::integer = 1 and (best_paper_id is null or $16::double precision > max_score or ($16::double precision = max_score and $18::integer < best_time))';
const HAND_IN_PG =
  NAMED_MARKER +
  'with closed as (update paper set state = $2::integer, hand_type = $3::integer, hand_time = $4::bigint, obj_score = $5::double precision, subj_score = $6::double precision, ' +
  'user_score = $7::double precision, passed = $8::integer, update_time = $9::bigint where id = $1 and state = 0 returning id), ' +
  'dropped as (delete from paper_draft where paper_id = $1 and exists (select 1 from closed)), ' +
  `fixed as (${gradedSql(jsonbRows(GRADED, 10), 'exists (select 1 from closed)')}), ` +
  `event as (insert into paper_event (id, paper_id, type, time, detail) select $11, $1, ${PaperEvent.HAND}, $4::bigint, $12 from closed), ` +
  'recorded as (update exam_record set ' +
  'last_score = case when $15::integer = 1 then $16::double precision else last_score end, ' +
  'passed = case when $15::integer = 1 and $17::integer = 1 then 1 else passed end, ' +
  `max_score = case when ${BETTER_PG} then $16::double precision else max_score end, ` +
  `best_paper_id = case when ${BETTER_PG} then $1 else best_paper_id end, ` +
  `best_time = case when ${BETTER_PG} then $18::integer else best_time end, ` +
  'update_time = $9::bigint where user_id = $13 and exam_id = $14 and exists (select 1 from closed) returning 1) ' +
  "select (select count(*) from closed)::integer as closed, (select count(*) from recorded)::integer as recorded, coalesce((select json_agg(json_build_object('qu_id', qu_id, 'answer', answer)) from fixed), '[]') as fixed";

/**
 * Closes a paper graded, in one transaction: the paper (only while open), its rows graded and its
 * answers fixed (gradeAndFreeze), its hand-in event, and its learner's record (recordHandIn).
 * Answers undefined when the paper was closed already (nothing written); else whether the record
 * was there to take it, and each fixed row's answer as it was fixed (for the caller to see whether
 * one moved since it graded). A save already writing a row is waited for (PostgreSQL's row lock); a
 * save that comes later is refused. On PostgreSQL one statement (HAND_IN_PG) where it can.
 */
export async function handIn(db: Db, h: HandIn): Promise<{ recorded: boolean; fixed: Fixed[] } | undefined> {
  const rows = gradedRows(h.paperId, h.read, h.grades);
  if (isPostgres(db) && rows.length === h.read.rows.length) {
    const c = h.closing;
    const r = h.record;
    const params = [
      h.paperId, c.state, c.hand_type, c.hand_time, c.obj_score, c.subj_score, c.user_score, c.passed, c.update_time, JSON.stringify(rows), h.event.id, h.event.detail,
      r.userId, r.examId, r.finished, r.score, r.passed, r.seconds,
    ];
    const [out] = (await db.executeQuery<{ closed: number; recorded: number; fixed: Fixed[] }>(CompiledQuery.raw(HAND_IN_PG, params))).rows;
    return out.closed ? { recorded: out.recorded > 0, fixed: out.fixed } : undefined;
  }
  const write = async (tx: Db) => {
    if (!(await closePaper(tx, h.paperId, h.closing))) return undefined;
    const fixed = await gradeAndFreeze(tx, h.paperId, h.read, rows);
    await insertEvent(tx, { id: h.event.id, paper_id: h.paperId, type: PaperEvent.HAND, time: h.closing.hand_time ?? h.closing.update_time, detail: h.event.detail });
    return { recorded: await recordHandIn(tx, h.record), fixed };
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

export async function markQu(db: Db, paperId: string, quId: string, score: number, comment: string, now: number): Promise<void> {
  await db.updateTable('paper_qu').set({ actual_score: score, comment, needs_mark: 0, update_time: now }).where('paper_id', '=', paperId).where('qu_id', '=', quId).execute();
}

/** Closes a paper if it is still in exam; answers whether this call closed it. */
type Closing = Pick<PaperRow, 'state' | 'hand_type' | 'hand_time' | 'obj_score' | 'subj_score' | 'user_score' | 'passed' | 'update_time'>;

const close = prepared((db, v: Slots<Closing & { id: string }>) =>
  db
    .updateTable('paper')
    .set({ state: v.state, hand_type: v.hand_type, hand_time: v.hand_time, obj_score: v.obj_score, subj_score: v.subj_score, user_score: v.user_score, passed: v.passed, update_time: v.update_time })
    .where('id', '=', v.id)
    .where('state', '=', 0),
);

export async function closePaper(db: Db, id: string, v: Closing): Promise<boolean> {
  return (await close.changed(db, { ...v, id })) > 0;
}

export async function updatePaper(db: Db, id: string, v: Partial<Omit<PaperRow, 'id'>>): Promise<void> {
  await db.updateTable('paper').set(v).where('id', '=', id).execute();
}

export async function addLeave(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('paper').set({ leave_count: sql`leave_count + 1`, update_time: now }).where('id', '=', id).execute();
}

export async function insertEvent(db: Db, e: { id: string; paper_id: string; type: number; time: number; detail: string }): Promise<void> {
  await insertRows(db, 'paper_event', [{ id: e.id, paper_id: e.paper_id, type: e.type, time: e.time, detail: e.detail }]);
}

export function eventsOf(db: Db, paperId: string) {
  return db.selectFrom('paper_event').select(['type', 'time', 'detail']).where('paper_id', '=', paperId).orderBy('time').orderBy('id').execute();
}

/** Papers still in exam whose deadline is before `before` (the deadline job), oldest first. */
export async function overduePaperIds(db: Db, before: number, limit: number): Promise<string[]> {
  return (await db.selectFrom('paper').select('id').where('state', '=', 0).where('deadline', '<', before).orderBy('deadline').limit(limit).execute()).map((r) => r.id);
}

export async function openPaperIdsOfExams(db: Db, examIds: readonly string[]): Promise<string[]> {
  if (examIds.length === 0) return [];
  return (await db.selectFrom('paper').select('id').where('exam_id', 'in', examIds).where('state', '=', 0).execute()).map((r) => r.id);
}

const paperCount = prepared((db, v: Slots<{ userId: string; examId: string }>) =>
  db.selectFrom('paper').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', v.userId).where('exam_id', '=', v.examId),
);

export async function countPapers(db: Db, userId: string, examId: string): Promise<number> {
  const r = await paperCount.first(db, { userId, examId });
  return Number(r?.n ?? 0);
}

// ---------- lists ----------

export interface PaperFilter {
  examId?: string;
  userId?: string;
  state?: number;
  deptIds?: string[];
  realName?: string;
  passed?: boolean;
  handFrom?: number;
}

export type PaperListRow = PaperRow & { user_name: string; real_name: string; dept_name: string | null };

function filteredPapers(db: Db, f: PaperFilter) {
  let q = db.selectFrom('paper as p').innerJoin('sys_user as u', 'u.id', 'p.user_id').leftJoin('sys_depart as d', 'd.id', 'u.dept_id');
  if (f.examId) q = q.where('p.exam_id', '=', f.examId);
  if (f.userId) q = q.where('p.user_id', '=', f.userId);
  if (f.state !== undefined) q = q.where('p.state', '=', f.state);
  if (f.deptIds) q = q.where('u.dept_id', 'in', f.deptIds.length ? f.deptIds : ['']);
  if (f.realName) q = q.where(contains('u.real_name', f.realName));
  if (f.passed !== undefined) q = q.where('p.passed', '=', f.passed ? 1 : 0);
  if (f.handFrom !== undefined) q = q.where('p.hand_time', '>=', f.handFrom);
  return q;
}

const LIST_COLUMNS = [...PAPER.map((c) => `p.${c}` as const), 'u.user_name', 'u.real_name', 'd.dept_name'] as const;

export function pagePapers(db: Db, f: PaperFilter, page: PageArgs): Promise<Page<PaperListRow>> {
  return paginate(filteredPapers(db, f), page, (q) => q.select(LIST_COLUMNS).orderBy('p.create_time', 'desc').orderBy('p.id', 'desc'), (r) => r as PaperListRow);
}

/** Up to `limit` papers from `offset`, newest first (the export, read a page at a time: the id orders ties). */
export function listPapers(db: Db, f: PaperFilter, limit: number, offset = 0): Promise<PaperListRow[]> {
  return filteredPapers(db, f).select(LIST_COLUMNS).orderBy('p.create_time', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute() as Promise<PaperListRow[]>;
}

export function findPaperListRow(db: Db, id: string): Promise<PaperListRow | undefined> {
  return filteredPapers(db, {}).select(LIST_COLUMNS).where('p.id', '=', id).executeTakeFirst() as Promise<PaperListRow | undefined>;
}

// ---------- records ----------

const RECORD = ['id', 'user_id', 'exam_id', 'try_count', 'max_score', 'last_score', 'passed', 'best_paper_id', 'best_time', 'update_time'] as const;

const recordOf = prepared((db, v: Slots<{ userId: string; examId: string }>) =>
  db.selectFrom('exam_record').select(RECORD).where('user_id', '=', v.userId).where('exam_id', '=', v.examId),
);

export function findRecord(db: Db, userId: string, examId: string): Promise<ExamRecordRow | undefined> {
  return recordOf.first(db, { userId, examId });
}

const upsert = prepared((db, row: Slots<ExamRecordRow>) =>
  db
    .insertInto('exam_record')
    .values({
      id: row.id,
      user_id: row.user_id,
      exam_id: row.exam_id,
      try_count: row.try_count,
      max_score: row.max_score,
      last_score: row.last_score,
      passed: row.passed,
      best_paper_id: row.best_paper_id,
      best_time: row.best_time,
      update_time: row.update_time,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'exam_id']).doUpdateSet({
        try_count: row.try_count,
        max_score: row.max_score,
        last_score: row.last_score,
        passed: row.passed,
        best_paper_id: row.best_paper_id,
        best_time: row.best_time,
        update_time: row.update_time,
      }),
    ),
);

export async function upsertRecord(db: Db, row: ExamRecordRow): Promise<void> {
  await upsert.run(db, row);
}

/** A paper just handed in, as its learner's record takes it (recordHandIn). */
type HandedIn = { userId: string; examId: string; paperId: string; finished: number; score: number; passed: number; seconds: number; now: number };

/**
 * The record taking a paper just handed in, in one statement (what refreshRecord would recompute,
 * the paper being the newest handed in): finished, it is the last score, the best where it beats
 * the best (a higher score, or the same in less time), and passes the record where it passed;
 * awaiting marking, it changes only the time. Its attempt was counted at its start.
 */
const handedIn = prepared((db, v: Slots<HandedIn>) => {
  const done = sql<boolean>`${v.finished} = 1`;
  const better = sql<boolean>`${done} and (best_paper_id is null or cast(${v.score} as double precision) > max_score or (cast(${v.score} as double precision) = max_score and cast(${v.seconds} as integer) < best_time))`;
  return db
    .updateTable('exam_record')
    .set({
      last_score: sql`case when ${done} then cast(${v.score} as double precision) else last_score end`,
      passed: sql`case when ${done} and ${v.passed} = 1 then 1 else passed end`,
      max_score: sql`case when ${better} then cast(${v.score} as double precision) else max_score end`,
      best_paper_id: sql`case when ${better} then cast(${v.paperId} as varchar(32)) else best_paper_id end`,
      best_time: sql`case when ${better} then cast(${v.seconds} as integer) else best_time end`,
      update_time: v.now,
    })
    .where('user_id', '=', v.userId)
    .where('exam_id', '=', v.examId);
});

/** Answers whether the learner's record was there to take it (otherwise refreshRecord makes it). */
export async function recordHandIn(db: Db, v: HandedIn): Promise<boolean> {
  return (await handedIn.changed(db, v)) > 0;
}

export function recordsOfUser(db: Db, userId: string, examIds: readonly string[]): Promise<ExamRecordRow[]> {
  if (examIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('exam_record').selectAll().where('user_id', '=', userId).where('exam_id', 'in', examIds).execute();
}

export async function openPapersOfUser(db: Db, userId: string, examIds: readonly string[]): Promise<Map<string, string>> {
  if (examIds.length === 0) return new Map();
  const rows = await db.selectFrom('paper').select(['id', 'exam_id']).where('user_id', '=', userId).where('state', '=', 0).where('exam_id', 'in', examIds).execute();
  return new Map(rows.map((r) => [r.exam_id, r.id]));
}

/** Papers of the user finished (state 2) per exam: the best score and attempts come from them. */
const finished = prepared((db, v: Slots<{ userId: string; examId: string }>) =>
  db.selectFrom('paper').select(['id', 'user_score', 'passed', 'create_time', 'hand_time']).where('user_id', '=', v.userId).where('exam_id', '=', v.examId).where('state', '=', 2).orderBy('hand_time').orderBy('create_time').orderBy('id'),
);

export async function finishedScores(db: Db, userId: string, examId: string): Promise<Array<{ id: string; user_score: number | null; passed: number | null; create_time: number; hand_time: number | null }>> {
  return finished.rows(db, { userId, examId });
}

export type RecordListRow = ExamRecordRow & { title: string; total_score: number; qualify_score: number; result_show: number; user_name: string; real_name: string; dept_name: string | null };

export function pageRecords(db: Db, f: { userId?: string; examId?: string; deptIds?: string[]; realName?: string; title?: string; passed?: boolean }, page: PageArgs): Promise<Page<RecordListRow>> {
  let q = db
    .selectFrom('exam_record as r')
    .innerJoin('exam as e', 'e.id', 'r.exam_id')
    .innerJoin('sys_user as u', 'u.id', 'r.user_id')
    .leftJoin('sys_depart as d', 'd.id', 'u.dept_id');
  if (f.userId) q = q.where('r.user_id', '=', f.userId);
  if (f.examId) q = q.where('r.exam_id', '=', f.examId);
  if (f.deptIds) q = q.where('u.dept_id', 'in', f.deptIds.length ? f.deptIds : ['']);
  if (f.realName) q = q.where(contains('u.real_name', f.realName));
  if (f.title) q = q.where(contains('e.title', f.title));
  if (f.passed !== undefined) q = q.where('r.passed', '=', f.passed ? 1 : 0);
  return paginate(
    q,
    page,
    (x) =>
      x
        .select(['r.id', 'r.exam_id', 'r.user_id', 'r.try_count', 'r.max_score', 'r.last_score', 'r.passed', 'r.best_paper_id', 'r.update_time', 'e.title', 'e.total_score', 'e.qualify_score', 'e.result_show', 'u.user_name', 'u.real_name', 'd.dept_name'])
        .orderBy('r.update_time', 'desc')
        .orderBy('r.id', 'desc'),
    (r) => r as RecordListRow,
  );
}

export interface HandIns {
  /** Papers handed in and waiting for a marker. */
  awaiting: number;
  /** When the newest handed-in paper (finished or awaiting) was handed in. */
  lastHandTime: number | null;
  /** When the newest paper awaiting marking was handed in. */
  lastAwaitingHandTime: number | null;
}

/** Per learner and exam (key `userId:examId`): the handed-in papers that records show beside their scores. */
export async function handInsByUserExam(db: Db, pairs: ReadonlyArray<{ userId: string; examId: string }>): Promise<Map<string, HandIns>> {
  const out = new Map<string, HandIns>();
  if (pairs.length === 0) return out;
  const rows = await db
    .selectFrom('paper')
    .select((eb) => [
      'user_id',
      'exam_id',
      eb.fn.sum<number>(eb.case().when('state', '=', 1).then(1).else(0).end()).as('awaiting'),
      eb.fn.max('hand_time').as('last_hand'),
      eb.fn.max(eb.case().when('state', '=', 1).then(eb.ref('hand_time')).end()).as('last_awaiting'),
    ])
    .where('state', 'in', [1, 2])
    .where('user_id', 'in', [...new Set(pairs.map((p) => p.userId))])
    .where('exam_id', 'in', [...new Set(pairs.map((p) => p.examId))])
    .groupBy(['user_id', 'exam_id'])
    .execute();
  const time = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  for (const r of rows) out.set(`${r.user_id}:${r.exam_id}`, { awaiting: Number(r.awaiting), lastHandTime: time(r.last_hand), lastAwaitingHandTime: time(r.last_awaiting) });
  return out;
}

// ---------- marking ----------

export async function examsAwaitingMark(db: Db, title: string | undefined, page: PageArgs) {
  let q = db.selectFrom('exam as e').where((eb) => eb.exists(eb.selectFrom('paper as p').select('p.id').whereRef('p.exam_id', '=', 'e.id').where('p.state', '=', 1)));
  if (title) q = q.where(contains('e.title', title));
  return paginate(q, page, (x) => x.select(['e.id', 'e.title', 'e.end_time']).orderBy('e.create_time', 'desc'), (r) => r);
}

/** Per exam: its papers awaiting marking whose short answers are all scored (what 完成已评完的试卷 would finish). */
export async function markedAwaitingCounts(db: Db, examIds: readonly string[]): Promise<Map<string, number>> {
  if (examIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('paper as p')
    .select(['p.exam_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('p.exam_id', 'in', examIds)
    .where('p.state', '=', 1)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('paper_qu as q').select('q.qu_id').whereRef('q.paper_id', '=', 'p.id').where('q.qu_type', '=', 4).where('q.needs_mark', '=', 1))))
    .groupBy('p.exam_id')
    .execute();
  return new Map(rows.map((r) => [r.exam_id, Number(r.n)]));
}

/** Short answers (parts included) of an exam's handed-in papers. */
function shortAnswerRows(db: Db, examId: string, quId?: string, pendingOnly?: boolean) {
  let q = db
    .selectFrom('paper_qu as q')
    .innerJoin('paper as p', 'p.id', 'q.paper_id')
    .innerJoin('sys_user as u', 'u.id', 'p.user_id')
    .where('p.exam_id', '=', examId)
    .where('p.state', 'in', [1, 2])
    .where('q.qu_type', '=', 4);
  if (quId) q = q.where('q.qu_id', '=', quId);
  if (pendingOnly) q = q.where('p.state', '=', 1).where('q.needs_mark', '=', 1);
  return q;
}

/** Every short answer of an exam's handed-in papers, for the per-question marking list. */
export async function shortAnswerList(db: Db, examId: string) {
  return withCopies(db, await shortAnswerRows(db, examId).select(['q.qu_id', 'q.parent_id', 'q.question', 'q.needs_mark', 'p.state', 'p.id as paper_id']).execute());
}

/** One question's answers across papers, a page at a time. */
export function pageShortAnswers(db: Db, f: { examId: string; quId: string; pendingOnly?: boolean }, page: PageArgs) {
  return paginate(
    shortAnswerRows(db, f.examId, f.quId, f.pendingOnly),
    page,
    (q) => q.select(['q.paper_id', 'q.qu_id', 'u.real_name']).orderBy('p.hand_time').orderBy('p.id'),
    (r) => r,
  );
}
