/**
 * Prints the "Authorization matrix" section of docs/SECURITY.md from authorization-matrix.ts;
 * with --write, replaces it in the file. The matrix test fails while the doc is out of date.
 *
 *   node --import tsx apps/api/src/security/print-matrix.ts [--write]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { MATRIX_BEGIN, MATRIX_END, renderMatrixMarkdown } from './authorization-matrix.ts';

const section = renderMatrixMarkdown();
if (process.argv.includes('--write')) {
  const file = new URL('../../../../docs/SECURITY.md', import.meta.url);
  const doc = readFileSync(file, 'utf8');
  const start = doc.indexOf(MATRIX_BEGIN);
  const end = doc.indexOf(MATRIX_END);
  if (start < 0 || end < start) throw new Error(`docs/SECURITY.md lacks the matrix markers`);
  writeFileSync(file, doc.slice(0, start) + section + doc.slice(end + MATRIX_END.length));
} else {
  process.stdout.write(`${section}\n`);
}
