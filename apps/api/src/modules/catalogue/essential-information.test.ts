import { essentialInformation } from '@copaiba/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTokens,
  fundedInvestor,
  insertIssuer,
  insertProject,
  insertToken,
} from '../../testing/fixtures.ts';
import { pdfFonts, pdfText } from '../../testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let issuerId: number;

beforeAll(async () => {
  t = await createTestApp();
  issuerId = (await insertIssuer(t.db, { institution: 'Cooperativa Açaí do Marajó' })).id;
});
afterAll(() => t.close());

const pdf = (id: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/token/${id}/essential-information.pdf` });

describe("an offer's essential information (docs/product.md §15)", () => {
  it('is a PDF with the same sections as the token page, accents and all', async () => {
    const token = await insertToken(t.db, issuerId, {
      name: 'Açaí Manejado',
      unitPriceCents: 250_00n,
      maximumAmountRaisedCents: 150_000_00n,
      minimumAmountRaisedCents: 100_000_00n,
      quantity: 1000,
      installments: 6,
    });
    await insertProject(t.db, token.id);
    const res = await pdf(token.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="informacoes-essenciais-${token.symbol}.pdf"`,
    );
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/token-issuer-token-project/detail/${token.id}`,
      })
    ).json();
    // Every title, label, value and paragraph the page shows is in the PDF.
    for (const section of essentialInformation(detail, detail.investor_protection)) {
      expect(text).toContain(section.title);
      for (const row of section.rows ?? []) expect(text).toContain(`${row.label}: ${row.value}`);
      for (const paragraph of section.paragraphs ?? []) expect(text).toContain(paragraph);
    }
    expect(text).toContain('Emissor: Cooperativa Açaí do Marajó');
    expect(text).toContain('Captação mínima: R$ 100.000,00');
    expect(text).toContain('Captação máxima: R$ 150.000,00');
    expect(text).toContain('Até 600 tokens');
    expect(text).toContain('6 parcelas mensais, a partir de 31/03/2027');
    expect(text).toContain('Prazo de captação: até 29/01/2027');
    expect(text).toContain('em até 5 dias (120 horas)');
    expect(text).toContain('até R$ 20.000,00 por ano');
    expect(text).toContain('Riscos informados pelo emissor: Riscos');
    expect((await pdfFonts(res.rawPayload)).every((f) => f.embedded && f.unicode)).toBe(true);
  });

  it('is written once per state of the offer: the same bytes and a 304 until what it states changes', async () => {
    const issuer = (await insertIssuer(t.db, { institution: 'Cooperativa Castanha Viva' })).id;
    const token = await insertToken(t.db, issuer, { unitPriceCents: 10_00n, quantity: 100 });
    await insertProject(t.db, token.id);
    const first = await pdf(token.id);
    const again = await pdf(token.id);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/api/token/${token.id}/essential-information.pdf`,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);

    // A purchase moves no figure the document states: the same document.
    const investor = await fundedInvestor(t, { balance: '100.00' });
    expect((await buyTokens(t, investor, token.id, 3)).statusCode).toBe(201);
    expect((await pdf(token.id)).headers.etag).toBe(etag);

    // The issuer's name, which it states, changes: a new document says the new one.
    await t.db.execute(
      sql`update token_issuers set institution = 'Cooperativa Nova Esperança' where id = ${issuer}`,
    );
    const edited = await pdf(token.id);
    expect(edited.headers.etag).not.toBe(etag);
    expect((await pdfText(edited.rawPayload)).replace(/\s+/g, ' ')).toContain(
      'Emissor: Cooperativa Nova Esperança',
    );
  });

  it('exists only for issued tokens', async () => {
    const released = await insertToken(t.db, issuerId, { status: 'released' });
    expect((await pdf(released.id)).statusCode).toBe(404);
    expect((await pdf(999_999)).statusCode).toBe(404);
    expect((await pdf('abc')).statusCode).toBe(404);
  });
});
