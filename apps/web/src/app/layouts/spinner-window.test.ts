import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const load = async () => (await import('./spinner-window')).spinnerDeadline;
const firstPaintAt = (startTime: number | null) =>
  vi
    .spyOn(performance, 'getEntriesByName')
    .mockReturnValue(startTime === null ? [] : [{ startTime } as PerformanceEntry]);

describe('spinnerDeadline (docs/product.md §9: a spinner for about 500 ms before rendering)', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.restoreAllMocks());

  it('counts the first layout from the first paint of the document spinner', async () => {
    firstPaintAt(120);
    const deadline = await load();
    expect(deadline(500, 300)).toBe(620);
  });

  it('lets the first layout render at once when the spinner has been up for the window', async () => {
    firstPaintAt(100);
    const deadline = await load();
    expect(deadline(500, 1800)).toBe(600);
  });

  it('gives the full window from now when nothing has been painted yet', async () => {
    firstPaintAt(null);
    const deadline = await load();
    expect(deadline(500, 40)).toBe(540);
  });

  it('shares the document window with layouts mounted during it, and gives later ones their own', async () => {
    firstPaintAt(100);
    const deadline = await load();
    expect(deadline(500, 200)).toBe(600);
    expect(deadline(500, 450)).toBe(600);
    expect(deadline(500, 3000)).toBe(3500);
  });

  it('has no window when it is turned off', async () => {
    firstPaintAt(100);
    const deadline = await load();
    expect(deadline(0, 200)).toBe(200);
  });
});
