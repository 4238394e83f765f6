import type { Db } from '../../db/database';
import { copyText, learnBase, missingBases } from './paper.snapshot';

/**
 * Question copies as the database keeps them: a paper's rows (paper_qu) and the wrong book hold a
 * copy as its line, `<qu_snapshot id>:<order>` (rows written before, the whole JSON text), not a
 * cohort's thousands of whole texts of the same few questions. Whoever reads the column reads it
 * through here, and gets the whole text.
 */

/** Bases read at most per statement. */
const BASES_PER_READ = 200;

/** The text of each of these lines, reading from qu_snapshot the bases this process does not hold. */
export async function copyTexts(db: Db, lines: readonly string[]): Promise<string[]> {
  const missing = missingBases(lines);
  for (let i = 0; i < missing.length; i += BASES_PER_READ) {
    const found = await db.selectFrom('qu_snapshot').select(['id', 'body']).where('id', 'in', missing.slice(i, i + BASES_PER_READ)).execute();
    for (const b of found) learnBase(b.id, b.body);
  }
  return lines.map(copyText);
}

/** Rows as read, each with its `question` line made the copy's whole text. */
export async function withCopies<R extends { question: string }>(db: Db, rows: readonly R[]): Promise<R[]> {
  const texts = await copyTexts(db, rows.map((r) => r.question));
  return rows.map((r, i) => (texts[i] === r.question ? r : { ...r, question: texts[i] }));
}
