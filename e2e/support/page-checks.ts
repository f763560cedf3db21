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
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const settled = async () => {
      // A transition a component starts on its next frame (Mantine's modals mount at opacity 0,
      // then fade in) is not running yet when its element appears: look again after two frames.
      for (let round = 0; round < 3; round++) {
        await frames();
        const finite = document
          .getAnimations()
          .filter((a) =>
            Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)),
          );
        const loading = [...document.images].filter((img) => !img.complete);
        if (round > 0 && finite.length === 0 && loading.length === 0) return;
        await Promise.all([
          document.fonts.ready,
          ...finite.map((a) => a.finished.catch(() => undefined)),
          ...loading.map((img) => img.decode().catch(() => undefined)),
        ]);
      }
    };
    await Promise.race([settled(), new Promise((resolve) => setTimeout(resolve, timeout))]);
  }, timeoutMs);
}

/** R$ 1.234,56 from integer centavos, written independently of the app's formatter. */
export function brl(cents: bigint): string {
  const reais = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${reais},${(cents % 100n).toString().padStart(2, '0')}`;
}
