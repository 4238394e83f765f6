import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_BUDGET } from '../../server/modules/qu/import';
import { multipart, useTestApp } from './helpers';

/** A minimal zip archive (no CRCs: the budget is checked before anything reads them). */
function zip(entries: Array<{ name: string; data: Buffer; deflate: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const body = e.deflate ? deflateRawSync(e.data) : e.data;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

describe('an import that would inflate past its budget (sqlite)', () => {
  const t = useTestApp('sqlite');

  it('is refused with a clear message by a worker, while the server goes on answering', async () => {
    const admin = await t.adminToken();
    const huge = Buffer.alloc(ARCHIVE_BUDGET.perEntryBytes + 16 * 1024 * 1024, 'a');
    const bomb = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>'), deflate: false },
      { name: 'word/document.xml', data: huge, deflate: true },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const body = multipart([{ name: 'file', value: bomb, fileName: 'bomb.docx', type: 'application/octet-stream' }]);
    const done: string[] = [];
    const parse = t.app
      .inject({ method: 'POST', url: '/api/qu/qu/import/parse', payload: body.payload, headers: { 'content-type': body.contentType, token: admin } })
      .then((r) => {
        done.push('import');
        return r.json() as { code: number; msg: string };
      });
    const health = t.app.inject({ method: 'GET', url: '/api/health' }).then((r) => {
      done.push('health');
      return r.json() as { code: number };
    });
    expect((await health).code).toBe(0);
    const refused = await parse;
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe('文件解压后过大（超过 64 MB），无法导入，请检查文件或拆分后再导入');
    // The parse ran off the event loop: the health probe sent after it was answered first.
    expect(done).toEqual(['health', 'import']);
  });
});
