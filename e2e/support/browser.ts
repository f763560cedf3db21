import { mkdirSync } from 'node:fs';
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

/** A full-page screenshot under e2e/artifacts, to be looked at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: `${artifactsDir}/${name}.png`, fullPage: true });
}

/** What the screen shows (a popover or a modal), not the whole long page. */
export async function viewportShot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: `${artifactsDir}/${name}.png` });
}

/** The cookie banner already answered, in every page of the context. */
export async function acceptCookies(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('cookieAccepted', 'true'));
}
