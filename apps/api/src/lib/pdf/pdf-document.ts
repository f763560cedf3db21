import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';

/**
 * The building blocks of every PDF the server writes (pdfkit): an A4 page with Inter embedded,
 * so accents and 'R$ 1.234,56' render the same in every reader and text extraction gives the
 * words back, and the helpers the documents share. pdfkit is loaded on the first document, not
 * at start-up.
 */

export type PdfDocument = PDFKit.PDFDocument;

const resolve = createRequire(import.meta.url).resolve;

/** Inter's Latin subset (Portuguese, '—', 'º', '€'), the web app's own typeface. */
const FONT_FILES = {
  regular: resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
  bold: resolve('@fontsource/inter/files/inter-latin-700-normal.woff'),
} as const;
export type PdfFont = keyof typeof FONT_FILES;

export const PDF_COLORS = {
  text: '#142019',
  muted: '#4a5a50',
  brand: '#0f5a35',
  rule: '#a6d4b9',
  zebra: '#eaf6ef',
} as const;

/** A4 with 2 cm margins, in points. */
export const PDF_MARGIN = 56;

export interface PdfMeta {
  title: string;
  subject: string;
  /** The document's creation date (the app's clock, so a test's moved clock shows). */
  createdAt: Date;
}

/** A new document with both fonts registered and the regular one selected. */
export async function createPdf(meta: PdfMeta): Promise<PdfDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PDF_MARGIN,
    bufferPages: true,
    lang: 'pt-BR',
    displayTitle: true,
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Author: 'Copaíba',
      Creator: 'Copaíba',
      CreationDate: meta.createdAt,
    },
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  doc.font('regular').fillColor(PDF_COLORS.text);
  return doc;
}

/** Ends the document and resolves with its bytes. */
export function pdfBytes(doc: PdfDocument): Promise<Buffer> {
  return new Promise((resolvePdf, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolvePdf(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The width between the margins. */
export const contentWidth = (doc: PdfDocument) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** The lowest y a line may start at before the bottom margin. */
export const bottomLimit = (doc: PdfDocument) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when `height` points do not fit below the cursor. */
export function keepTogether(doc: PdfDocument, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

/** A section title in the brand colour, with a thin rule under it. */
export function sectionTitle(doc: PdfDocument, text: string): void {
  keepTogether(doc, 60);
  doc.moveDown(0.8);
  const x = doc.page.margins.left;
  doc.font('bold').fontSize(12).fillColor(PDF_COLORS.brand).text(text, x, doc.y);
  const y = doc.y + 2;
  doc
    .moveTo(x, y)
    .lineTo(x + contentWidth(doc), y)
    .lineWidth(0.75)
    .strokeColor(PDF_COLORS.rule)
    .stroke();
  doc.y = y + 6;
  doc.font('regular').fontSize(10).fillColor(PDF_COLORS.text);
}

/** Label and value pairs, one per line, the labels in bold. */
export function fieldList(
  doc: PdfDocument,
  fields: ReadonlyArray<readonly [string, string]>,
): void {
  const x = doc.page.margins.left;
  doc.fontSize(10);
  for (const [label, value] of fields) {
    doc
      .font('bold')
      .fillColor(PDF_COLORS.text)
      .text(`${label}: `, x, doc.y, { continued: true })
      .font('regular')
      .text(value);
  }
}

/** Running text, one paragraph per string, with a little space between them. */
export function paragraphs(doc: PdfDocument, texts: readonly string[]): void {
  const x = doc.page.margins.left;
  doc.font('regular').fontSize(10).fillColor(PDF_COLORS.text);
  for (const text of texts) {
    doc.text(text, x, doc.y, { width: contentWidth(doc), align: 'justify' });
    doc.moveDown(0.4);
  }
}

/**
 * Writes 'Página N de M' and `note` at the foot of every page. Call last: the pages are kept in
 * memory (bufferPages) until then. The bottom margin is lifted while writing, or pdfkit would
 * start a new page for text below it.
 */
export function footers(doc: PdfDocument, note: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - bottom + 18;
    doc.font('regular').fontSize(8).fillColor(PDF_COLORS.muted);
    doc.text(note, doc.page.margins.left, y, { width: contentWidth(doc) * 0.75, lineBreak: false });
    doc.text(`Página ${i + 1 - range.start} de ${range.count}`, doc.page.margins.left, y, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
