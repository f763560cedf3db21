import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

export const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url));

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Collects what a person would never see but must not happen: CSP violations, page errors, 5xx.
 * Should the test fail, it also says where the page was: its address, what its alerts said, the
 * API's last refusals and a screenshot (a CI log is all there is to read afterwards).
 */
export function watchPage(page: Page) {
  const problems: string[] = [];
  const refusals: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text()))
      problems.push(`csp: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) problems.push(`${res.status()} ${res.url()}`);
    else if (res.status() >= 400 && res.url().includes('/api/'))
      refusals.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
    if (refusals.length > 10) refusals.shift();
  });
  try {
    onTestFailed(async () => {
      if (page.isClosed()) return;
      const name = `failed-${Date.now()}`;
      const alerts = await page
        .locator('[role="alert"], .mantine-Notification-root')
        .allInnerTexts()
        .catch(() => []);
      await screenshot(page, name).catch(() => undefined);
      console.error(
        [
          `page at ${page.url()} (e2e/artifacts/${name}.png)`,
          `alerts: ${JSON.stringify(alerts)}`,
          `last API refusals: ${JSON.stringify(refusals)}`,
          `problems: ${JSON.stringify(problems)}`,
        ].join('\n'),
      );
    });
  } catch {
    // Watched outside a test (a beforeAll): there is no test to fail.
  }
  return problems;
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  size: keyof typeof viewports = 'desktop',
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: viewports[size],
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
}

/**
 * A PNG under e2e/artifacts through the DevTools protocol, encoded for speed: the same picture as
 * Playwright's screenshot for half of Chromium's CPU (the landing page at 1280 px 0.22 against
 * 0.43 CPU-s; the suite takes ~170), in a file about half again as large.
 */
async function capture(page: Page, name: string, fullPage: boolean): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const devtools = await page.context().newCDPSession(page);
  try {
    const { cssContentSize: size } = await devtools.send('Page.getLayoutMetrics');
    const { data } = await devtools.send('Page.captureScreenshot', {
      format: 'png',
      optimizeForSpeed: true,
      ...(fullPage
        ? {
            captureBeyondViewport: true,
            clip: { x: 0, y: 0, width: size.width, height: size.height, scale: 1 },
          }
        : {}),
    });
    writeFileSync(`${artifactsDir}/${name}.png`, Buffer.from(data, 'base64'));
  } finally {
    await devtools.detach();
  }
}

/** A full-page screenshot under e2e/artifacts, to be looked at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await capture(page, name, true);
}

/** What the screen shows (a popover or a modal), not the whole long page. */
export async function viewportShot(page: Page, name: string): Promise<void> {
  await capture(page, name, false);
}

/** The cookie banner already answered, in every page of the context. */
export async function acceptCookies(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('cookieAccepted', 'true'));
}
