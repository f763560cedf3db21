import {
  bottomLimit,
  contentWidth,
  PDF_COLORS,
  type PdfDocument,
  type PdfFont,
} from './pdf-document.ts';

export interface PdfColumn {
  header: string;
  /** A share of the width between the margins; the shares of a table add up to 1. */
  share: number;
  align?: 'left' | 'right' | 'center';
}

export interface PdfRow {
  cells: string[];
  /** Totals and subtotals: bold, on a tinted band. */
  emphasis?: boolean;
}

const PADDING = 4;
const FONT_SIZE = 8.5;

/**
 * A table that wraps long cells and carries on over page breaks, repeating its header on each new
 * page. Rows are never split across pages.
 */
export function table(doc: PdfDocument, columns: readonly PdfColumn[], rows: readonly PdfRow[]) {
  const x0 = doc.page.margins.left;
  const widths = columns.map((c) => c.share * contentWidth(doc));
  const lefts = widths.map((_, i) => x0 + widths.slice(0, i).reduce((a, b) => a + b, 0));

  const heightOf = (cells: readonly string[], font: PdfFont) => {
    doc.font(font).fontSize(FONT_SIZE);
    return (
      Math.max(
        ...cells.map((text, i) => doc.heightOfString(text, { width: widths[i]! - 2 * PADDING })),
      ) +
      2 * PADDING
    );
  };

  const drawRow = (cells: readonly string[], font: PdfFont, fill: string | null) => {
    const height = heightOf(cells, font);
    const y = doc.y;
    if (fill) doc.rect(x0, y, contentWidth(doc), height).fill(fill);
    doc.font(font).fontSize(FONT_SIZE).fillColor(PDF_COLORS.text);
    cells.forEach((text, i) => {
      doc.text(text, lefts[i]! + PADDING, y + PADDING, {
        width: widths[i]! - 2 * PADDING,
        align: columns[i]!.align ?? 'left',
      });
    });
    doc
      .moveTo(x0, y + height)
      .lineTo(x0 + contentWidth(doc), y + height)
      .lineWidth(0.5)
      .strokeColor(PDF_COLORS.rule)
      .stroke();
    doc.x = x0;
    doc.y = y + height;
  };

  const headers = columns.map((c) => c.header);
  const drawHeader = () => drawRow(headers, 'bold', PDF_COLORS.rule);
  const fits = (height: number) => doc.y + height <= bottomLimit(doc);

  if (!fits(heightOf(headers, 'bold') + (rows[0] ? heightOf(rows[0].cells, 'regular') : 0)))
    doc.addPage();
  drawHeader();
  rows.forEach((row, index) => {
    const font: PdfFont = row.emphasis ? 'bold' : 'regular';
    if (!fits(heightOf(row.cells, font))) {
      doc.addPage();
      drawHeader();
    }
    const fill = row.emphasis ? PDF_COLORS.zebra : index % 2 === 1 ? '#f7fbf8' : null;
    drawRow(row.cells, font, fill);
  });
  doc.font('regular').fontSize(10);
}
