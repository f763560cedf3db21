import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { solveCaptcha } from '../../apps/api/src/testing/solve-captcha.ts';
import { median } from './load.ts';
import { repoRoot } from './processes.ts';
import type { Figure } from './report.ts';

const distDir = join(repoRoot, 'apps/web/dist');

const gzipKb = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

/** JavaScript the built index.html loads before any route: the entry and its modulepreloads. */
export function entryJavaScript(): { files: string[]; gzipKb: number } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  return { files, gzipKb: files.reduce((sum, f) => sum + gzipKb(join(distDir, f)), 0) };
}

/** The Lighthouse reference: a minimal React page of the same build and server (apps/web/reference.html). */
export const REFERENCE_PATH = '/reference.html';

export interface LighthousePage {
  path: string;
  /** Measured signed in as the demo investor (the session in localStorage, as after a login). */
  signedIn?: boolean;
}

export interface LighthouseResult {
  path: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Lab metrics under the mobile preset's simulated throttling. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every script the page loaded, gzip-compressed size (what a compressing server would send). */
  scriptsGzipKb: number;
  scriptsTransferKb: number;
  /** The main thread's busiest scripts (Lighthouse's bootup-time: scripting ms, throttled). */
  bootup: string[];
  /**
   * The largest paint's element and where its time went, in Lighthouse's phases, e.g.
   * "img._heroImage_nv7kr_9 (TTFB 450, Load Delay 0, Load Time 0, Render Delay 2142 ms)".
   */
  lcp: string;
  failedAudits: string[];
  /** Lighthouse's measure of the host's CPU (higher is faster), taken at each run. */
  benchmarkIndex: number;
}

export interface Session {
  access: string;
  refresh: string;
}

/** The demo investor's session (README, "Demo accounts"), through the login as the form sends it. */
export async function demoInvestorSession(baseUrl: string): Promise<Session> {
  const challenge = (await (await fetch(`${baseUrl}/api/captcha/challenge/`)).json()) as Parameters<
    typeof solveCaptcha
  >[0];
  const res = await fetch(`${baseUrl}/api/login/common/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'investidor@copaiba.dev',
      password: 'Copaiba@2026',
      captcha: await solveCaptcha(challenge),
    }),
  });
  if (!res.ok) throw new Error(`demo investor login: ${res.status} ${await res.text()}`);
  return (await res.json()) as Session;
}

/**
 * Lighthouse (mobile preset, simulated throttling) on Debian's Chromium, against a local server,
 * one page after the other in one browser. A signed-in page keeps the browser's storage (where the
 * session lives) but starts from an empty HTTP cache, like the others.
 */
export async function runLighthouse(
  baseUrl: string,
  pages: Array<string | LighthousePage>,
  session?: Session,
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const { path, signedIn = false } = typeof page === 'string' ? { path: page } : page;
      if (signedIn) {
        if (!session) throw new Error(`lighthouse ${path}: signed in, but no session given`);
        const tab = await browser.newPage();
        await tab.goto(baseUrl + REFERENCE_PATH);
        // The keys of apps/web/src/lib/storage.ts; the banner accepted, as a returning person has.
        const entries: Array<[string, string]> = [
          ['accessToken', session.access],
          ['refreshToken', session.refresh],
          ['cookieAccepted', 'true'],
        ];
        await tab.evaluate((pairs: Array<[string, string]>) => {
          type Store = { setItem(key: string, value: string): void };
          const store = (globalThis as unknown as { localStorage: Store }).localStorage;
          for (const [key, value] of pairs) store.setItem(key, value);
        }, entries);
        const cdp = await tab.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await tab.close();
      }
      // A loaded host sometimes loses the trace (NO_NAVSTART, NO_FCP): Lighthouse asks to run again.
      let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
      for (let attempt = 1; ; attempt++) {
        const runnerResult = await lighthouse(baseUrl + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          // Lighthouse's reset would clear localStorage, and so the session, too.
          disableStorageReset: signedIn,
        });
        if (!runnerResult) throw new Error(`lighthouse returned nothing for ${path}`);
        lhr = runnerResult.lhr;
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`lighthouse ${path}: ${lhr.runtimeError.message}`);
      }
      if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== path)
        throw new Error(`lighthouse ${path}: not signed in (landed on ${lhr.finalDisplayedUrl})`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const requests =
        (
          lhr.audits['network-requests']?.details as
            | { items: Array<{ url: string; resourceType?: string; transferSize?: number }> }
            | undefined
        )?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === 'Script');
      const scriptsGzipKb = scripts.reduce((sum, r) => {
        const file = join(distDir, new URL(r.url).pathname);
        return sum + (existsSync(file) ? gzipKb(file) : (r.transferSize ?? 0) / 1024);
      }, 0);
      const failedAudits = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'notApplicable' &&
            a.scoreDisplayMode !== 'manual',
        )
        .map((a) => {
          const items =
            (a.details as { items?: Array<{ node?: { selector?: string } }> } | undefined)?.items ??
            [];
          const where = items
            .map((i) => i.node?.selector)
            .filter(Boolean)
            .slice(0, 2);
          return `${a.id} (${Math.round((a.score ?? 0) * 100)})${where.length ? ` at ${where.join('; ')}` : ''}`;
        });
      const bootup = (
        (
          lhr.audits['bootup-time']?.details as
            { items: Array<{ url: string; scripting: number }> } | undefined
        )?.items ?? []
      )
        .slice(0, 3)
        .map((i) => `${i.url.replace(baseUrl, '')} ${i.scripting.toFixed(0)} ms`);
      // The audit's details: a table with the element, then one with the phases (simulated ms).
      const lcpTables =
        (
          lhr.audits['largest-contentful-paint-element']?.details as
            | {
                items?: Array<{
                  items?: Array<{ node?: { selector?: string }; phase?: string; timing?: number }>;
                }>;
              }
            | undefined
        )?.items ?? [];
      const lcpSelector = lcpTables[0]?.items?.[0]?.node?.selector?.split(' > ').pop() ?? '?';
      const lcpPhases = (lcpTables[1]?.items ?? [])
        .map((phase) => `${phase.phase} ${(phase.timing ?? 0).toFixed(0)}`)
        .join(', ');
      results.push({
        path,
        signedIn,
        bootup,
        lcp: `${lcpSelector}${lcpPhases ? ` (${lcpPhases} ms)` : ''}`,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: numeric('first-contentful-paint'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        scriptsGzipKb,
        scriptsTransferKb: scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024,
        failedAudits,
        benchmarkIndex: lhr.environment.benchmarkIndex,
      });
    }
    return results;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

const LIGHTHOUSE_TARGET = '≥ 98 / 100 / 100 / 100';
/** Loads of each page in Chromium itself per build and round, with `--against`. */
const BROWSER_LOADS = 2;

/** The pages the web group measures, the reference first and last (a host slowing shows). */
function lighthousePages(detailTokenId: number): LighthousePage[] {
  return [
    { path: REFERENCE_PATH },
    { path: '/' },
    { path: `/detail-token-issuer/${detailTokenId}` },
    { path: '/login' },
    { path: '/wallet', signedIn: true },
    { path: '/extract', signedIn: true },
    { path: REFERENCE_PATH },
  ];
}
const INITIAL_JS_TARGET_KB = 120;

/**
 * The bench's web group (docs/PERFORMANCE.md, "Lighthouse's reference"): the entry's JavaScript,
 * then Lighthouse on the reference page (first and last, so a host that slows during the run
 * shows), /, a token page and /login, and signed in /wallet and /extract; each page beside the
 * reference.
 */
export async function webFigures(
  baseUrl: string,
  entry: { gzipKb: number },
  detailTokenId: number,
): Promise<{ figures: Figure[]; raw: unknown }> {
  const figures: Figure[] = [];
  let results: LighthouseResult[] | undefined;
  let error: string | undefined;
  try {
    const session = await demoInvestorSession(baseUrl);
    results = await runLighthouse(baseUrl, lighthousePages(detailTokenId), session);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const home = results?.find((l) => l.path === '/');
  figures.push({
    name: 'initial JavaScript of / (gzip)',
    value: entry.gzipKb,
    unit: 'KB',
    target: `≤ ${INITIAL_JS_TARGET_KB} KB`,
    met: entry.gzipKb <= INITIAL_JS_TARGET_KB,
    note: `the entry and its modulepreloads${home ? `; every script / loaded in Lighthouse ${home.scriptsGzipKb.toFixed(1)} KB` : ''}`,
  });
  if (!results) {
    figures.push({
      name: 'Lighthouse',
      value: 0,
      unit: '',
      target: LIGHTHOUSE_TARGET,
      met: false,
      note: `did not run: ${error}`,
    });
    return { figures, raw: { error } };
  }
  const references = results.filter((l) => l.path === REFERENCE_PATH);
  const reference = references.reduce((s, l) => s + l.performance, 0) / references.length;
  const referenceTbt = references.reduce((s, l) => s + l.tbtMs, 0) / references.length;
  const line = (l: LighthouseResult) =>
    `FCP ${l.fcpMs.toFixed(0)} ms, LCP ${l.lcpMs.toFixed(0)} ms at ${l.lcp}, TBT ${l.tbtMs.toFixed(0)} ms, CLS ${l.cls.toFixed(3)}, scripts ${l.scriptsGzipKb.toFixed(1)} KB gzip; scripting: ${l.bootup.join(', ')}`;
  figures.push({
    name: 'Lighthouse reference page (perf/a11y/bp/seo)',
    value: reference,
    unit: `/ ${references[0]!.accessibility} / ${references[0]!.bestPractices} / ${references[0]!.seo}`,
    target: 'the host: a minimal React page',
    met: true,
    // Lighthouse's own measure of the host's CPU: a slow host shows here even where the reference
    // page is too light to lose a point (docs/PERFORMANCE.md, "Lighthouse's reference").
    note: `performance ${references.map((l) => l.performance).join(' then ')}; Lighthouse's benchmarkIndex ${references.map((l) => l.benchmarkIndex.toFixed(0)).join(' then ')}; ${line(references[0]!)}`,
  });
  for (const l of results.filter((r) => r.path !== REFERENCE_PATH)) {
    figures.push({
      name: `Lighthouse ${l.path}${l.signedIn ? ' (signed in)' : ''} (perf/a11y/bp/seo)`,
      value: l.performance,
      unit: `/ ${l.accessibility} / ${l.bestPractices} / ${l.seo}`,
      reference: { name: 'reference page', value: reference },
      ratio: l.performance / reference,
      target: LIGHTHOUSE_TARGET,
      met:
        l.performance >= 98 && l.accessibility === 100 && l.bestPractices === 100 && l.seo === 100,
      note: `${line(l)} (reference TBT ${referenceTbt.toFixed(0)} ms)${l.failedAudits.length ? `; below 90: ${l.failedAudits.join(', ')}` : ''}`,
    });
  }
  return { figures, raw: results };
}

/** Collects, from the page's start, its largest paint and its long tasks (run before any script). */
const PAINT_OBSERVER = `
  window.__bench = { lcp: 0, long: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.long.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

export interface BrowserLoad {
  /** The largest paint, ms from the navigation's start. */
  lcpMs: number;
  /** Main-thread time past 50 ms in each long task until 3 s after the load (blocking time). */
  blockingMs: number;
}

/**
 * One load of a page in Chromium itself at CPU ×4 (a phone's viewport, an empty cache, no network
 * throttling): the paint and the long tasks the browser measured, not Lighthouse's simulation.
 */
async function browserLoad(
  browser: Browser,
  baseUrl: string,
  page: LighthousePage,
  session: Session,
): Promise<BrowserLoad> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    if (page.signedIn) {
      await tab.goto(baseUrl + REFERENCE_PATH);
      await tab.evaluate(
        `localStorage.setItem('accessToken', ${JSON.stringify(session.access)});` +
          `localStorage.setItem('refreshToken', ${JSON.stringify(session.refresh)});` +
          `localStorage.setItem('cookieAccepted', 'true');`,
      );
    }
    const cdp = await tab.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await tab.evaluateOnNewDocument(PAINT_OBSERVER);
    await tab.goto(baseUrl + page.path, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const { lcp, long } = (await tab.evaluate('window.__bench')) as { lcp: number; long: number[] };
    if (page.signedIn && new URL(tab.url()).pathname !== page.path)
      throw new Error(`browser load of ${page.path}: not signed in (landed on ${tab.url()})`);
    return { lcpMs: lcp, blockingMs: long.reduce((sum, d) => sum + Math.max(0, d - 50), 0) };
  } finally {
    await context.close();
  }
}

/**
 * With `--against`: every page of both builds' web apps (each served by its own API process, one
 * database), in alternating rounds, each build first in half of them: Lighthouse, and loads in
 * Chromium itself (`browserLoad`, `BROWSER_LOADS` a round). One Lighthouse run of a page moves by
 * up to 20 points on these hosts, the same build against itself (docs/PERFORMANCE.md, "Lighthouse's
 * reference"); the browser's own paint and blocking time over more loads tell a change better.
 */
export async function webAgainstFigures(
  ours: string,
  theirs: { url: string; name: string },
  detailTokenId: number,
  rounds: number,
  log: (message: string) => void,
): Promise<{ figures: Figure[]; raw: unknown }> {
  const pages = lighthousePages(detailTokenId).filter((p) => p.path !== REFERENCE_PATH);
  type Build = 'ours' | 'theirs';
  const runs: Record<Build, LighthouseResult[][]> = { ours: [], theirs: [] };
  const loads: Record<Build, Map<string, BrowserLoad[]>> = { ours: new Map(), theirs: new Map() };
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    for (let round = 0; round < rounds; round++) {
      const order: Build[] = round % 2 === 0 ? ['ours', 'theirs'] : ['theirs', 'ours'];
      for (const build of order) {
        const url = build === 'ours' ? ours : theirs.url;
        // A session of its own: the app refreshes it once its access token expires, and a refresh
        // token presented twice ends its whole family (docs/ARCHITECTURE.md).
        const session = await demoInvestorSession(url);
        const results = await runLighthouse(url, pages, session);
        runs[build].push(results);
        for (let n = 0; n < BROWSER_LOADS; n++)
          for (const page of pages) {
            const done = loads[build].get(page.path) ?? [];
            loads[build].set(page.path, done);
            done.push(await browserLoad(browser, url, page, session));
          }
        log(
          `  round ${round + 1}, ${build === 'ours' ? 'this build' : theirs.name}: ` +
            results.map((r) => `${r.path} ${r.performance}`).join(', '),
        );
      }
    }
  } finally {
    await browser.close();
  }
  const of = (build: Build, path: string) =>
    runs[build].map((results) => results.find((r) => r.path === path)!);
  const ms = (values: number[]) => median(values).toFixed(0);
  const figures = pages.map(({ path, signedIn }): Figure => {
    const [mine, other] = [of('ours', path), of('theirs', path)];
    const perf = (rs: LighthouseResult[]) => median(rs.map((r) => r.performance));
    const simulated = (rs: LighthouseResult[]) =>
      `LCP ${ms(rs.map((r) => r.lcpMs))}, TBT ${ms(rs.map((r) => r.tbtMs))} ms`;
    const measured = (build: Build) => {
      const done = loads[build].get(path)!;
      return `LCP ${ms(done.map((l) => l.lcpMs))}, blocking ${ms(done.map((l) => l.blockingMs))} ms`;
    };
    return {
      name: `Lighthouse ${path}${signedIn ? ' (signed in)' : ''} performance, against ${theirs.name}`,
      value: perf(mine),
      unit: '',
      reference: { name: theirs.name, value: perf(other) },
      ratio: perf(mine) / perf(other),
      target: 'side by side',
      met: true,
      note:
        `rounds ${mine.map((r) => r.performance).join(' / ')} against ${other.map((r) => r.performance).join(' / ')}; ` +
        `medians ${simulated(mine)} against ${simulated(other)}; ` +
        `in Chromium at CPU ×4, ${loads.ours.get(path)!.length} loads each, medians ${measured('ours')} against ${measured('theirs')}`,
    };
  });
  return {
    figures,
    raw: { lighthouse: runs, browser: { ours: [...loads.ours], theirs: [...loads.theirs] } },
  };
}
