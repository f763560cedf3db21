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
