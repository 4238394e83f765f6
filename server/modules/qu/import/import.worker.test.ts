import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { ImportItem } from '../../../../common/api/qu';
import { stemKey } from '../qu.rules';
import { handle, imagePlaceholder } from './import.worker';
import { fakeUploads, makeDocx, TINY_PNG } from './testing';
import { parseImport } from './index';

const withoutIds = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (k, v: unknown) => (k === 'id' ? undefined : v)));

/** The worker writes the preview's items as JSON bytes (the server only marks the duplicates in place): they must be what the schema says. */
describe('the import worker', () => {
  it('answers the items as the JSON of ImportItems, each duplicate flag where it says, with their stem keys', async () => {
    const text = '1. 水的化学式是（）\nA. H2O\nB. CO2\n答案：A\n\n2. 地球是圆的。\n答案：对\n\n3. 没有答案的题\nA. 甲\nB. 乙';
    const reply = await handle({ format: 'text', text });
    if (!reply.ok) throw new Error(reply.message);
    const expected = await parseImport({ format: 'text', text }, fakeUploads().deps);
    const bytes = Buffer.from(reply.value.items);
    expect(reply.value.flags).toHaveLength(3);
    // Marking the second a duplicate, as the server would: still JSON, and only it changed.
    expect(bytes.toString('latin1', reply.value.flags[1], reply.value.flags[1] + 5)).toBe('false');
    bytes.write('true ', reply.value.flags[1], 'latin1');
    const items = JSON.parse(`[${bytes.toString('utf8')}]`) as unknown[];
    expect(items).toHaveLength(3);
    items.forEach((item, i) => {
      expect(Value.Check(ImportItem, item)).toBe(true);
      expect((item as { duplicate: boolean }).duplicate).toBe(i === 1);
      // Option ids are made afresh by each reading: compared without them.
      expect(withoutIds(item)).toEqual(withoutIds({ index: i + 1, ...expected[i], duplicate: i === 1 }));
      expect(reply.value.keys[i]).toBe(stemKey(expected[i].question.content));
    });
    expect(reply.value.warned).toBe(expected.filter((x) => x.warnings.length).length);
  });

  it('names each picture of a Word file by a placeholder, and answers a refusal as a business error', async () => {
    const buffer = await makeDocx([{ runs: ['1. 看图作答', { image: 'a.png' }] }, 'A. 甲', 'B. 乙', '答案：A'], { 'a.png': TINY_PNG });
    const reply = await handle({ format: 'docx', buffer });
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.value.images).toHaveLength(1);
    expect(Buffer.from(reply.value.items).toString('utf8')).toContain(imagePlaceholder(0));
    expect(await handle({ format: 'docx', buffer: Buffer.from('not a zip') })).toMatchObject({ ok: false, message: expect.stringMatching(/\S/) });
  });
});
