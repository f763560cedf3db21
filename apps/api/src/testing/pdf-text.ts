import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/*
 * For tests: what a reader sees in a PDF, through poppler's tools (`pdftotext`, `pdftoppm`,
 * `pdffonts`; Debian's poppler-utils), as a person would open the file.
 */

const execFileAsync = promisify(execFile);

/** A missing tool says what to install, in one line, rather than a bare ENOENT. */
async function run(tool: string, args: string[]) {
  try {
    return await execFileAsync(tool, args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(
        `${tool} not found: the PDF tests read PDFs with poppler's tools (Debian: apt-get install poppler-utils)`,
      );
    throw error;
  }
}

async function withFile<T>(pdf: Buffer, use: (path: string, dir: string) => Promise<T>) {
  const dir = await mkdtemp(join(tmpdir(), 'copaiba-pdf-'));
  try {
    const path = join(dir, 'document.pdf');
    await writeFile(path, pdf);
    return await use(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of every page, laid out as on the page (`pdftotext -layout`). */
export const pdfText = (pdf: Buffer) =>
  withFile(pdf, async (path) => (await run('pdftotext', ['-layout', path, '-'])).stdout);

/** The fonts the file uses: name, whether embedded, and whether it maps glyphs back to text. */
export const pdfFonts = (pdf: Buffer) =>
  withFile(pdf, async (path) => {
    const lines = (await run('pdffonts', [path])).stdout.trim().split('\n').slice(2);
    return lines.map((line) => {
      const cols = line.trim().split(/\s+/);
      // name … emb sub uni object ID: the three yes/no columns come before the last two.
      const [emb, , uni] = cols.slice(-5, -2);
      return { name: cols[0]!, embedded: emb === 'yes', unicode: uni === 'yes' };
    });
  });

/** Each page as a PNG at `dpi` (`pdftoppm -png`), written under `outDir` as `<name>-N.png`. */
export const pdfPages = (pdf: Buffer, outDir: string, name: string, dpi = 80) =>
  withFile(pdf, async (path) => {
    await run('pdftoppm', ['-png', '-r', String(dpi), path, join(outDir, name)]);
    return (await readdir(outDir))
      .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
      .sort()
      .map((f) => join(outDir, f));
  });
