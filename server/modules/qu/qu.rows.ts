import type { QuBody, QuDetail } from '../../../common/api/qu';
import { QuLevel, QuType, type CodeOf } from '../../../common/codes';
import type { QuRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { QuWrite } from './qu.repository';
import { stemKey } from './qu.rules';

/**
 * A question and its stored row, both ways. Pure (no database): an import's commit builds its rows
 * in a worker thread with it (import/commit.worker.ts).
 */

/** The type-dependent parts kept as JSON in qu.body. */
type StoredBody = Pick<QuBody, 'answerList' | 'refAnswer' | 'blanks' | 'fillOptions' | 'leftList' | 'rightList' | 'subList'>;

export function rowToDetail(row: QuRow, tags: string[], repoTitle = ''): QuDetail {
  const body = JSON.parse(row.body) as StoredBody;
  return {
    id: row.id,
    repoId: row.repo_id,
    repoTitle,
    createTime: row.create_time,
    updateTime: row.update_time,
    quType: row.qu_type as CodeOf<typeof QuType>,
    level: row.level as CodeOf<typeof QuLevel>,
    content: row.content,
    analysis: row.analysis,
    tags,
    answerList: body.answerList ?? [],
    refAnswer: body.refAnswer ?? '',
    blanks: body.blanks ?? [],
    fillOptions: body.fillOptions,
    leftList: body.leftList ?? [],
    rightList: body.rightList ?? [],
    subList: body.subList ?? [],
  };
}

/**
 * The row to store for a question already normalized (normalizeQuestion) and validated. A
 * combined question's parts get their ids here: papers and practice address a part by it.
 */
export function toWrite(q: QuBody, meta: { id: string; repoId: string; sort: number; userId: string; now: number; createTime?: number }): QuWrite {
  const subList = (q.subList ?? []).map((s) => (s.id ? s : { ...s, id: newId() }));
  const body: StoredBody = {
    answerList: q.answerList,
    refAnswer: q.refAnswer,
    blanks: q.blanks,
    fillOptions: q.fillOptions,
    leftList: q.leftList,
    rightList: q.rightList,
    subList,
  };
  return {
    row: {
      id: meta.id,
      repo_id: meta.repoId,
      qu_type: q.quType,
      level: q.level ?? QuLevel.ORDINARY,
      content: q.content,
      stem_key: stemKey(q.content),
      body: JSON.stringify(body),
      analysis: q.analysis ?? '',
      sort: meta.sort,
      create_by: meta.userId,
      create_time: meta.createTime ?? meta.now,
      update_time: meta.now,
    },
    tags: [...new Set(q.tags ?? [])],
  };
}

