import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The node flags the server runs with: those of `npm run serve` in the checkout's package.json, so
 * the tests and the bench start it as production does (docs/OPERATIONS.md, "The process").
 */
export function serverNodeFlags(
  repoRoot = fileURLToPath(new URL('../../../..', import.meta.url)),
): string[] {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  return scripts.serve.split(' ').filter((word) => word.startsWith('--'));
}

/**
 * How the tests start the real server: the bundle when `npm test` has just built it
 * (`SERVER_UNDER_TEST=bundle`), half the CPU to ready; else the sources through tsx, so that
 * `npm run test:unit` needs no build and never runs a stale one (docs/ARCHITECTURE.md, "Tests").
 */
export function serverArgs(): string[] {
  return process.env.SERVER_UNDER_TEST === 'bundle'
    ? [...serverNodeFlags(), 'apps/api/dist/server.js']
    : [...serverNodeFlags(), '--import', 'tsx', 'apps/api/src/server.ts'];
}
