import { createHash } from 'node:crypto';
import {
  ESSENTIAL_INFORMATION_TITLE,
  essentialInformation,
  type TokenDetailResponse,
} from '@copaiba/contracts';
import {
  createPdf,
  fieldList,
  footers,
  paragraphs,
  PDF_COLORS,
  pdfBytes,
  sectionTitle,
} from '../../lib/pdf/pdf-document.ts';

/**
 * 'Informações Essenciais' of an offer as a PDF (CVM Resolução 88; docs/product.md §15): the same
 * sections the token page shows (essentialInformation, in contracts), so both say the same.
 */
export async function essentialInformationPdf(
  detail: TokenDetailResponse,
  createdAt: Date,
): Promise<Buffer> {
  const { token } = detail;
  const doc = await createPdf({
    title: `${ESSENTIAL_INFORMATION_TITLE} — ${token.name} (${token.symbol})`,
    subject: 'Informações essenciais da oferta (Resolução CVM nº 88)',
    createdAt,
  });
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(PDF_COLORS.brand)
    .text(`${ESSENTIAL_INFORMATION_TITLE} da Oferta`);
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(PDF_COLORS.text)
    .text(`${token.name} (${token.symbol})`);
  for (const section of essentialInformation(detail, detail.investor_protection)) {
    sectionTitle(doc, section.title);
    if (section.rows)
      fieldList(
        doc,
        section.rows.map((r) => [r.label, r.value] as const),
      );
    if (section.paragraphs) paragraphs(doc, section.paragraphs);
  }
  footers(doc, 'Copaíba — leia as Informações Essenciais antes de investir.');
  return pdfBytes(doc);
}

export interface RenderedPdf {
  pdf: Buffer;
  /** Strong validator: a hash of the facts the document states. */
  etag: string;
}

/**
 * The essential information's PDFs, each written once per state of its offer: a document takes
 * 100–250 ms of the event loop to lay out and subset its fonts, and the route is public, so a
 * download that states what the last one stated gets the same bytes (and a 304 on its ETag).
 * An edit of what it states changes the fingerprint, hence the document; the few newest are kept,
 * and concurrent requests for one state share one rendering.
 */
export function essentialInformationPdfs(maxEntries = 64) {
  const rendered = new Map<string, Promise<RenderedPdf>>();
  return (detail: TokenDetailResponse, now: Date): Promise<RenderedPdf> => {
    // What the document states, not the whole detail: a purchase moves figures it does not print.
    const { name, symbol } = detail.token;
    const stated = [name, symbol, essentialInformation(detail, detail.investor_protection)];
    const fingerprint = createHash('sha1').update(JSON.stringify(stated)).digest('base64url');
    const kept = rendered.get(fingerprint);
    if (kept) {
      // Most recently used last, so the oldest state is the one dropped.
      rendered.delete(fingerprint);
      rendered.set(fingerprint, kept);
      return kept;
    }
    const rendering = essentialInformationPdf(detail, now).then((pdf) => ({
      pdf,
      etag: `"${fingerprint.slice(0, 22)}"`,
    }));
    rendered.set(fingerprint, rendering);
    // A failed rendering is not kept: the next request tries again.
    rendering.catch(() => rendered.delete(fingerprint));
    if (rendered.size > maxEntries) rendered.delete(rendered.keys().next().value!);
    return rendering;
  };
}
