import { convertWaitingFiles, detectSoffice, type DocumentConverter } from '../modules/course/course.convert';
import type { Job } from './scheduler';

/**
 * Office documents uploaded as course files become PDFs (viewed in the browser) when LibreOffice
 * is on the machine; otherwise they are marked "download only". One conversion at a time: the
 * scheduler runs a job in one process at a time and the run converts files one after another.
 */
export function createCourseConvertJob(converter: DocumentConverter | null, timeoutMs?: number): Job {
  return {
    name: 'course-convert',
    everyMs: 5_000,
    run: async (ctx) => {
      await convertWaitingFiles(ctx, converter, timeoutMs);
    },
  };
}

/** With the converter found at start (LibreOffice's soffice on PATH), or none. */
export const courseConvertJob = createCourseConvertJob(detectSoffice());
