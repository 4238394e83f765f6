import { Ajv } from 'ajv';
import { ImportCommitBody, type ImportIssue } from '../../../../common/api/qu';
import { ErrorCode } from '../../../../common/errorCodes';
import { holdsControlChars, MAX_JSON_DEPTH, nestsDeeperThan, validationMessage } from '../../../lib/jsonBody';
import { newId } from '../../../lib/ids';
import type { WorkerReply } from '../../../workers/pool';
import type { QuWrite } from '../qu.repository';
import { toWrite } from '../qu.rows';
import { normalizeQuestion, validateQuestion } from '../qu.rules';

/**
 * An import's commit read and prepared in a worker thread (qu.transfer.ts runs it): parsing its
 * JSON (5,000 questions, several MB), checking it against the call's schema, sanitizing and
 * validating every question and building the rows all cost the event loop that serves live exams
 * a hundred milliseconds and more. The server is left with writing the parts.
 *
 * The body gets the same checks as every other call's (app.ts, errors plugin): nesting bounded
 * before the parse, __proto__ and constructor.prototype refused, control characters refused, the
 * schema checked by Ajv with Fastify's options, failures answered 400 with the same messages.
 */

export interface CommitJobInput {
  /** The request's body as it arrived. */
  body: Uint8Array;
  userId: string;
  now: number;
}

export interface CommitJobResult {
  repoId: string;
  /**
   * The rows (QuWrite[], sort counted from 0) as UTF-8 JSON, PART_ROWS a part (qu.service
   * insertPreparedQuestions): bytes, moved to the server without a copy, read there one part at a time.
   */
  parts: Uint8Array[];
  /** How many of them the preview showed with warnings. */
  warned: number;
}

/** Rows a part: one statement of them costs the server a few milliseconds. */
const PART_ROWS = 200;

// Fastify's validator options (app.ts: removeAdditional, no coercion, defaults).
const ajv = new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: true, addUsedSchema: false, allErrors: false });
const checkBody = ajv.compile<ImportCommitBody>(ImportCommitBody);

const badRequest = (message: string): WorkerReply<never> => ({ ok: false, code: ErrorCode.BAD_REQUEST, message, status: 400 });

/** JSON.parse refusing what Fastify's parser refuses (protoAction and constructorAction 'error'). */
function parseSafely(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => {
    if (key === '__proto__' || (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value)) throw new SyntaxError('forbidden key');
    return value;
  });
}

export function handle(input: CommitJobInput): WorkerReply<CommitJobResult> {
  const text = Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength).toString('utf8');
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return badRequest('请求内容嵌套过深');
  let body: unknown;
  try {
    body = parseSafely(text);
  } catch {
    return badRequest('请求不正确');
  }
  if (holdsControlChars(text, body)) return badRequest('内容含有不可见的控制字符，请删除后重试');
  if (!checkBody(body)) return badRequest(validationMessage(checkBody.errors ?? []).msg);

  const writes: QuWrite[] = [];
  const bad: Array<{ i: number; issues: ImportIssue[] }> = [];
  body.items.forEach((item, i) => {
    const q = normalizeQuestion({ ...item, level: item.level ?? body.level });
    const issues = validateQuestion(q);
    if (issues.length) bad.push({ i, issues });
    else writes.push(toWrite(q, { id: newId(), repoId: body.repoId, sort: i, userId: input.userId, now: input.now }));
  });
  if (bad.length) {
    const first = bad[0];
    return { ok: false, message: `第${first.i + 1}题：${first.issues[0].message}${bad.length > 1 ? `（共${bad.length}道试题有问题）` : ''}` };
  }
  const parts: Uint8Array[] = [];
  for (let i = 0; i < writes.length; i += PART_ROWS) parts.push(new Uint8Array(Buffer.from(JSON.stringify(writes.slice(i, i + PART_ROWS)))));
  const warned = (body.warnings ?? []).slice(0, writes.length).filter((n) => n > 0).length;
  return { ok: true, value: { repoId: body.repoId, parts, warned }, transfer: parts.map((p) => p.buffer as ArrayBuffer) };
}
