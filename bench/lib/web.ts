import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repoRoot } from './processes.ts';

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

export interface LighthouseResult {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Every script the page loaded, gzip-compressed size (what a compressing server would send). */
  scriptsGzipKb: number;
  scriptsTransferKb: number;
  failedAudits: string[];
}

/** Lighthouse (mobile preset, simulated throttling) on Debian's Chromium, against a local server. */
export async function runLighthouse(baseUrl: string, paths: string[]): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const results: LighthouseResult[] = [];
    for (const path of paths) {
      const runnerResult = await lighthouse(baseUrl + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!runnerResult) throw new Error(`lighthouse returned nothing for ${path}`);
      const { lhr } = runnerResult;
      if (lhr.runtimeError) throw new Error(`lighthouse ${path}: ${lhr.runtimeError.message}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
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
      results.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        scriptsGzipKb,
        scriptsTransferKb: scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024,
        failedAudits,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
