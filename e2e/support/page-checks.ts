import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The page fits the viewport's width (no sideways scrolling of the whole page). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/**
 * Fonts loaded, pictures decoded and finite animations ended (a dialog or a card fading in has its
 * final contrast), at most `timeoutMs`: what a screenshot or an axe check should see.
 */
export async function animationsDone(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.evaluate(async (timeout) => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    const loading = [...document.images].filter((img) => !img.complete);
    await Promise.race([
      Promise.all([
        document.fonts.ready,
        ...finite.map((a) => a.finished.catch(() => undefined)),
        ...loading.map((img) => img.decode().catch(() => undefined)),
      ]),
      new Promise((resolve) => setTimeout(resolve, timeout)),
    ]);
  }, timeoutMs);
}

/** R$ 1.234,56 from integer centavos, written independently of the app's formatter. */
export function brl(cents: bigint): string {
  const reais = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${reais},${(cents % 100n).toString().padStart(2, '0')}`;
}
