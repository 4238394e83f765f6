import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConvertState } from '../../../common/api/course';
import type { ServiceContext } from '../../context';
import { invalidateCourses } from './course.def';
import { newStorageKey, pdfPageCount, removeStored, storedPath } from './course.storage';
import * as repo from './courseware.repository';

/** Turns an Office document into a PDF in `outDir`, answering the PDF's path; stops when `signal` aborts. */
export interface DocumentConverter {
  readonly name: string;
  toPdf(input: string, outDir: string, signal: AbortSignal): Promise<string>;
}

/** Longest one conversion may run before it is stopped and marked failed. */
export const CONVERT_TIMEOUT_MS = 180_000;
/** A "converting" row older than this belonged to a process that died: it is retried (up to MAX_ATTEMPTS). */
const STALE_AFTER_MS = 2 * CONVERT_TIMEOUT_MS;
const MAX_ATTEMPTS = 3;
/** Files converted per job run (one at a time); the rest wait for the next run. */
const FILES_PER_RUN = 5;

/** LibreOffice headless: its own profile folder per run (no lock clash with a desktop session), killed whole on abort. */
export function sofficeConverter(binary: string): DocumentConverter {
  return {
    name: binary,
    async toPdf(input, outDir, signal) {
      const profile = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'examhall-soffice-'));
      try {
        await new Promise<void>((resolve, reject) => {
          const child = spawn(
            binary,
            ['--headless', '--norestore', '--nolockcheck', `-env:UserInstallation=file://${profile}`, '--convert-to', 'pdf', '--outdir', outDir, input],
            { stdio: 'ignore', detached: true },
          );
          const stop = () => {
            try {
              process.kill(-child.pid!, 'SIGKILL');
            } catch {
              /* already gone */
            }
          };
          signal.addEventListener('abort', stop, { once: true });
          child.once('error', reject);
          child.once('exit', (code) => {
            signal.removeEventListener('abort', stop);
            if (signal.aborted) reject(new Error('已停止'));
            else if (code === 0) resolve();
            else reject(new Error(`LibreOffice 异常退出（${code}）`));
          });
        });
        const pdf = path.join(outDir, `${path.basename(input, path.extname(input))}.pdf`);
        await fs.promises.access(pdf);
        return pdf;
      } finally {
        await fs.promises.rm(profile, { recursive: true, force: true });
      }
    },
  };
}

/** LibreOffice on this machine, looked up on PATH once at start; null when it is not installed. */
export function detectSoffice(envPath = process.env.PATH ?? ''): DocumentConverter | null {
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    for (const name of ['soffice', 'libreoffice']) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return sofficeConverter(candidate);
      } catch {
        /* not here */
      }
    }
  }
  return null;
}

/** Stops waiting at the deadline (and tells the converter to stop), whether or not the converter listens. */
async function withTimeout<T>(work: Promise<T>, abort: AbortController, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new Error(`超过 ${ms / 1000} 秒未完成`));
    }, ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const shortError = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 200);

/**
 * The conversion job's work: Office documents waiting for conversion become PDFs, one at a time,
 * each bounded by CONVERT_TIMEOUT_MS. Without a converter they are marked unavailable (kept as
 * downloads). Conversions a dead process left half-done are retried a few times.
 */
export async function convertWaitingFiles(ctx: ServiceContext, converter: DocumentConverter | null, timeoutMs = CONVERT_TIMEOUT_MS): Promise<number> {
  const touched = new Set<string>();
  try {
    const now = ctx.clock.now();
    for (const stale of await repo.staleConversions(ctx.db, ConvertState.CONVERTING, now - STALE_AFTER_MS)) {
      const retry = stale.conv_attempts < MAX_ATTEMPTS;
      await repo.moveConvState(ctx.db, stale.id, ConvertState.CONVERTING, {
        conv_state: retry ? ConvertState.WAITING : ConvertState.FAILED,
        conv_error: retry ? '' : '转换多次中断，请重新转换或直接上传 PDF',
        update_time: now,
      });
      touched.add(stale.course_id);
    }
    if (!converter) {
      for (const id of await repo.moveAllConvState(ctx.db, ConvertState.WAITING, ConvertState.UNAVAILABLE, now)) touched.add(id);
      return 0;
    }
    let converted = 0;
    for (let i = 0; i < FILES_PER_RUN; i++) {
      const next = await repo.nextFileInState(ctx.db, ConvertState.WAITING);
      if (!next) break;
      const claimed = await repo.moveConvState(ctx.db, next.id, ConvertState.WAITING, {
        conv_state: ConvertState.CONVERTING,
        conv_time: ctx.clock.now(),
        conv_attempts: next.conv_attempts + 1,
        update_time: ctx.clock.now(),
      });
      if (!claimed) continue;
      touched.add(next.course_id);
      invalidateCourses(ctx, [next.course_id]);
      if (await convertOne(ctx, converter, next, timeoutMs)) converted += 1;
    }
    return converted;
  } finally {
    invalidateCourses(ctx, touched);
  }
}

async function convertOne(ctx: ServiceContext, converter: DocumentConverter, file: repo.ConvertRow, timeoutMs: number): Promise<boolean> {
  const source = storedPath(ctx.config.dataDir, file.storage_key);
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'examhall-convert-'));
  const signal = new AbortController();
  let key: string | undefined;
  try {
    if (!source) throw new Error('原文件不存在');
    // The converter names its output after the input: give it a plain name.
    const input = path.join(work, `document${path.extname(file.storage_key)}`);
    await fs.promises.copyFile(source, input);
    const pdf = await withTimeout(converter.toPdf(input, work, signal.signal), signal, timeoutMs);
    key = newStorageKey(ctx.clock.now(), '.pdf', 'conv');
    const target = storedPath(ctx.config.dataDir, key)!;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.copyFile(pdf, target);
    const pages = await pdfPageCount(target);
    const ok = await repo.moveConvState(ctx.db, file.id, ConvertState.CONVERTING, {
      conv_state: ConvertState.DONE,
      conv_key: key,
      conv_error: '',
      page_count: pages,
      update_time: ctx.clock.now(),
    });
    // The file was deleted or requeued meanwhile: drop what we made.
    if (!ok) await removeStored(ctx.config.dataDir, [key]);
    return ok;
  } catch (e) {
    if (key) await removeStored(ctx.config.dataDir, [key]);
    await repo.moveConvState(ctx.db, file.id, ConvertState.CONVERTING, {
      conv_state: ConvertState.FAILED,
      conv_error: `转换失败：${shortError(e)}`,
      update_time: ctx.clock.now(),
    });
    return false;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
