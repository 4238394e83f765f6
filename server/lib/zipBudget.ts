import { inflateRawSync } from 'node:zlib';

/**
 * Refuses a zip archive (.docx, .xlsx) whose entries inflate past a budget, checked while
 * inflating: each entry is inflated with a ceiling on its output, so a small file that would
 * inflate to gigabytes costs at most the budget before it is refused. Answers the reason, or ''.
 */
export interface ZipBudget {
  perEntryBytes: number;
  totalBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function zipOverBudget(zip: Buffer, budget: ZipBudget): 'entry' | 'total' | 'broken' | '' {
  // The end-of-central-directory record: within the last 64 KB + 22 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'broken';
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return 'broken';
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + commentLength;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) return 'broken';
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (compressed === 0xffffffff || start + compressed > zip.length) return 'broken';
    const limit = Math.min(budget.perEntryBytes, budget.totalBytes - total);
    let size: number;
    if (method === 0) size = compressed;
    else if (method === 8) {
      try {
        size = inflateRawSync(zip.subarray(start, start + compressed), { maxOutputLength: limit + 1 }).length;
      } catch (e) {
        if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return limit === budget.perEntryBytes ? 'entry' : 'total';
        return 'broken';
      }
    } else return 'broken';
    if (size > budget.perEntryBytes) return 'entry';
    total += size;
    if (total > budget.totalBytes) return 'total';
  }
  return '';
}
