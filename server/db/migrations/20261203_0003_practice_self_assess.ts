import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// Self-assessed practice answers: an answer the server cannot judge (a short answer) awaits the
// learner's own verdict (答对 / 答错) after they saw the reference answer, and the figures count such
// verdicts apart from the judged ones. Answers kept before this stay as they were (judged).
const columns: [table: string, column: string][] = [
  // 0 judged by the server, 1 awaiting the learner's verdict (is_right 0 meanwhile), 2 the learner's verdict.
  ['practice_answer', 'assess'],
  // Answers of the training awaiting the learner's verdict; assessed by the learner; right by it.
  ['practice_train', 'pending_count'],
  ['practice_train', 'self_count'],
  ['practice_train', 'self_right'],
  // Verdicts given by the learner on the question, right ones among them, and whether the last verdict was theirs.
  ['practice_stat', 'self_count'],
  ['practice_stat', 'self_right'],
  ['practice_stat', 'last_self'],
];

export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds one at a time.
  for (const [table, column] of columns) await db.schema.alterTable(table).addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of [...columns].reverse()) await db.schema.alterTable(table).dropColumn(column).execute();
}
