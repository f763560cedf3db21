import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { animationsDone } from './page-checks.ts';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core's WCAG 2.x A/AA rules on the page as it stands, keeping the serious and critical
 * violations (the ones a screen must not have). Evaluated through the debugging protocol, which
 * the page's CSP does not govern, so the CSP under test stays as strict as in production.
 */
export async function seriousAxeViolations(
  page: Page,
  /** CSS selectors of the parts to check, on a screen other features share; the whole page by default. */
  include?: string[],
): Promise<AxeViolation[]> {
  // A dialog or section still fading in reads as low contrast: let finite animations end first.
  await animationsDone(page);
  // Once per document: a sweep that moves between screens in the app keeps the one it loaded.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (parts) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document | { include: string[][] },
            opts: object,
          ) => Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: Array<{ target: string[] }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(parts ? { include: parts.map((p) => [p]) } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, include);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
