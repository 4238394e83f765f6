import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, EXPORT_PAGE_SIZE, readInPages } from './xlsx';

describe('readInPages', () => {
  it('joins pages up to the limit, serving the event loop between them', async () => {
    const all = Array.from({ length: EXPORT_PAGE_SIZE * 2 + 5 }, (_, i) => i);
    const asked: Array<[number, number]> = [];
    // Another callback waiting its turn (a request, say): it must run between the pages.
    let served = false;
    setImmediate(() => (served = true));
    const seen: boolean[] = [];
    const rows = await readInPages(all.length + 10, async (offset, size) => {
      asked.push([offset, size]);
      seen.push(served);
      return all.slice(offset, offset + size);
    });
    expect(rows).toEqual(all);
    expect(asked).toEqual([
      [0, EXPORT_PAGE_SIZE],
      [EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE],
      [EXPORT_PAGE_SIZE * 2, 10 + 5],
    ]);
    expect(seen).toEqual([false, true, true]);
    expect(await readInPages(3, async (offset, size) => all.slice(offset, offset + size))).toEqual([0, 1, 2]);
  });
});

describe('buildXlsx', () => {
  it('builds the sheets in a worker: bold frozen header, widths, cells as given', async () => {
    const bytes = await buildXlsx({
      creator: 'Examhall',
      created: Date.UTC(2026, 0, 2),
      sheets: [
        { name: '甲', frozenHeader: true, columns: [{ header: '名', width: 12 }, { header: '数', width: 8 }], rows: [['张三', 3], ['', null]] },
        { name: '乙', columns: [{ header: '空', width: 5 }], rows: [] },
      ],
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.creator).toBe('Examhall');
    expect(wb.created.getTime()).toBe(Date.UTC(2026, 0, 2));
    const [a, b] = wb.worksheets;
    expect([a.name, b.name]).toEqual(['甲', '乙']);
    expect(a.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(b.views?.[0]?.state).not.toBe('frozen');
    expect(a.getRow(1).font?.bold).toBe(true);
    expect([a.getColumn(1).width, a.getColumn(2).width]).toEqual([12, 8]);
    expect(a.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1))).toEqual([['名', '数'], ['张三', 3], ['']]);
  });
});
