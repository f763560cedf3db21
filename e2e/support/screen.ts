import type { Page } from 'playwright-core';
import { animationsDone } from './page-checks.ts';

/**
 * In the page: brings the first block still waiting off the screen into view, as a person
 * scrolling would (a section below the fold loads as it nears the screen: the landing page's
 * tokens, a token's forum, /wallet's lower sections); answers how much is still waiting, busy
 * blocks and spinners on screen.
 */
function scrollToWaitingBlock(): number {
  const busy = [...document.querySelectorAll('[aria-busy="true"]')];
  busy
    .find((el) => {
      const { top, bottom } = el.getBoundingClientRect();
      return top >= window.innerHeight || bottom <= 0;
    })
    ?.scrollIntoView({ block: 'center', behavior: 'instant' });
  const spinners = [...document.querySelectorAll<HTMLElement>('.mantine-Loader-root')].filter(
    (loader) => loader.offsetParent !== null,
  );
  return busy.length + spinners.length;
}

/**
 * Moving between screens as the app does (its router, no reload) and knowing when a screen is up:
 * no request in flight for a moment, no spinner, nothing busy. A reload per screen would cost the
 * document, its code and the layout's 500 ms spinner each time (docs/product.md §2).
 */
export function screens(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const changed = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => changed(1));
  page.on('requestfinished', () => changed(-1));
  page.on('requestfailed', () => changed(-1));

  /**
   * Waits for the screen to be up (at most `timeoutMs`), or only until the address leaves
   * `stayingAt` (a guard sending the person elsewhere: that screen is not the one asked for).
   */
  async function settle(timeoutMs = 10_000, stayingAt?: string) {
    const deadline = Date.now() + timeoutMs;
    lastChange = Math.max(lastChange, Date.now() - 200);
    for (;;) {
      if (stayingAt !== undefined && new URL(page.url()).pathname !== stayingAt) return;
      const quiet = inFlight <= 0 && Date.now() - lastChange >= 300;
      const idle = quiet && (await page.evaluate(scrollToWaitingBlock)) === 0;
      if (idle || Date.now() > deadline) break;
      await page.waitForTimeout(100);
    }
    // Entrance animations over (a faded-in card has its final contrast), at most 2 s.
    await animationsDone(page, 2_000);
  }

  /**
   * Opens `url`: in the app when it is loaded (a client-side navigation), else by loading it.
   * When the app sends the person elsewhere, waits until they have landed: one guard's redirect
   * can lead to another ('/' sends the signed-in to /wallet), and a redirect still under way
   * would carry the next screen opened away with it.
   */
  async function open(url: string) {
    const loaded = await page
      .evaluate(() => Boolean(document.querySelector('#root')?.children.length))
      .catch(() => false);
    if (loaded) {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, url);
    } else {
      await page.goto(url);
    }
    // The new screen starts its work after this: quiet from now on, not from before.
    lastChange = Date.now();
    const asked = new URL(url, 'http://app.invalid').pathname;
    await settle(10_000, asked);
    if (new URL(page.url()).pathname !== asked) await settle();
  }

  return { open, settle };
}

/**
 * Scrolls, as a person would, to each block still waiting to come near the screen (a section
 * below the fold shows a placeholder marked aria-busy until then) until nothing waits, then back
 * to the top. For a screen opened by address rather than through `screens`.
 */
export async function revealBelowTheFold(page: Page, timeoutMs = 10_000): Promise<void> {
  // The screen is up when its title is: before that, its sections and placeholders are not there.
  await page.locator('main h1').first().waitFor();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await page.evaluate(scrollToWaitingBlock)) === 0) break;
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}
