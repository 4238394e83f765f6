import { describe, expect, it } from 'vitest';
import { breather } from './qu.service';

/** A long import loop gives the event loop a turn at its start and every IMPORT_SLICE_MS after. */
describe('breather', () => {
  it('lets waiting work run at once and then at least every slice of a long loop', async () => {
    const breathe = breather();
    let served = 0;
    const longest = { gap: 0 };
    let last = performance.now();
    const probe = setInterval(() => {
      served += 1;
      longest.gap = Math.max(longest.gap, performance.now() - last);
      last = performance.now();
    }, 1);
    await new Promise((r) => setTimeout(r, 5));
    last = performance.now();
    const before = served;
    await breathe();
    // Busy work of ~200 ms in steps of ~0.2 ms, as sanitizing questions is.
    const until = performance.now() + 200;
    while (performance.now() < until) {
      const stepEnd = performance.now() + 0.2;
      while (performance.now() < stepEnd);
      await breathe();
    }
    clearInterval(probe);
    // Loose bounds (a busy machine deschedules us): without the turns nothing is served for 200 ms.
    expect(served - before).toBeGreaterThan(3);
    expect(longest.gap).toBeLessThan(150);
  });
});
