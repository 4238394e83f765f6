import type { QuBody } from '../../../common/api/qu';
import type { WorkerReply } from '../../workers/pool';
import { buildQuestionWorkbook } from './qu.excel';

/**
 * Questions written into our Excel template in a worker thread (qu.transfer.ts runs it): turning
 * their HTML into cells and zipping the workbook stay off the thread serving live exams.
 */
export async function handle(questions: QuBody[]): Promise<WorkerReply<Uint8Array>> {
  try {
    const bytes = new Uint8Array(await buildQuestionWorkbook(questions));
    return { ok: true, value: bytes, transfer: [bytes.buffer as ArrayBuffer] };
  } catch {
    return { ok: false, message: '导出文件生成失败，请稍后重试' };
  }
}
