import { it } from 'vitest';
import { parseImport } from '../modules/qu/import/index';
import { fakeUploads, view } from '../modules/qu/import/testing';
const show = async (text: string) => {
  const items = await parseImport({ format: 'text', text }, fakeUploads().deps);
  console.log(JSON.stringify(items.map((i) => ({ ...view(i), src: i.source, ...(i.warnings.length ? { warnings: i.warnings.map((w) => w.message) } : {}) })), null, 1));
};
it('try', async () => {
  await show(process.env.T!.replace(/\\n/g, '\n').replace(/\\t/g, '\t'));
});
