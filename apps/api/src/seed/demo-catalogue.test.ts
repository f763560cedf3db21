import { projects, tokenHoldings, tokenIssuers, tokens } from '@copaiba/db';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { accounts, balanceOf, ledgerTotal } from '../modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { demoAccounts, seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.db, hashPassword);
  await seedDemoCatalogue(t.db, t.storage, demoAccounts[1].email);
}, 120_000);
afterAll(() => t.close());

describe('the demo catalogue', () => {
  it('has 6 issuers and 12 tokens in every status, each token with its project but the incomplete one', async () => {
    expect((await t.db.select({ n: count() }).from(tokenIssuers))[0]!.n).toBe(6);
    const rows = await t.db
      .select({ status: tokens.status, offer: tokens.offerStatus })
      .from(tokens);
    expect(rows).toHaveLength(12);
    const states = new Set(rows.map((r) => `${r.status}/${r.offer}`));
    for (const state of [
      'incomplete/null',
      'released/null',
      'issued/funding',
      'issued/all_sold',
      'issued/distributing',
    ]) {
      expect(states, state).toContain(state);
    }
    expect((await t.db.select({ n: count() }).from(projects))[0]!.n).toBe(11);
  });

  it('backs every unit sold with a real purchase: holdings, escrow and a balanced ledger', async () => {
    expect(await ledgerTotal(t.db)).toBe(0n);
    const issued = await t.db.select().from(tokens).where(eq(tokens.status, 'issued'));
    expect(issued.some((tk) => tk.unitsSold > 0)).toBe(true);
    for (const token of issued) {
      const [held] = await t.db
        .select({ units: sql<string>`coalesce(sum(${tokenHoldings.quantity}), 0)` })
        .from(tokenHoldings)
        .where(eq(tokenHoldings.tokenId, token.id));
      expect(Number(held!.units), token.symbol).toBe(token.unitsSold);
      expect(token.amountCapitatedCents).toBe(BigInt(token.unitsSold) * token.unitPriceCents);
      const escrow = await balanceOf(t.db, accounts.escrow(token.id));
      const payable = await balanceOf(t.db, accounts.issuerPayable(token.id));
      if (token.offerStatus === 'distributing') {
        expect([escrow, payable], token.symbol).toEqual([0n, token.amountCapitatedCents]);
      } else {
        expect([escrow, payable], token.symbol).toEqual([token.amountCapitatedCents, 0n]);
      }
    }
  });

  it('seeds only an empty database', async () => {
    expect(await seedDemoCatalogue(t.db, t.storage, demoAccounts[1].email)).toBe(false);
    expect(await seedDemoAccounts(t.db, hashPassword)).toEqual([]);
  });

  it('fills the landing page: every badge, pages of 3 tokens and 4 issuers', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/token/list/' })).json();
    expect(list.count).toBe(10);
    const cards = [];
    for (let page = 1; page <= 4; page++) {
      cards.push(
        ...(await t.app.inject({ method: 'GET', url: `/api/token/list/?page=${page}` })).json()
          .results,
      );
    }
    expect(cards.some((c) => c.is_funding)).toBe(true);
    expect(cards.some((c) => c.is_all_sold)).toBe(true);
    expect(cards.some((c) => c.is_distributing)).toBe(true);
    expect(cards.some((c) => c.tokens_sold > 0 && c.is_funding)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/token-issuer/list/?page=2' })).json().results,
    ).toHaveLength(2);
  });

  it('serves the generated pictures and documents it refers to', async () => {
    const [card] = (await t.app.inject({ method: 'GET', url: '/api/token/list/' })).json().results;
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/token-issuer-token-project/detail/${card.id}`,
      })
    ).json();
    const logo = await t.app.inject({ method: 'GET', url: card.token_issuer__logo_image });
    const meta = await sharp(logo.rawPayload).metadata();
    expect(meta.width).toBe(meta.height);
    const banner = await sharp(
      (await t.app.inject({ method: 'GET', url: card.token_issuer__token_issuer_image }))
        .rawPayload,
    ).metadata();
    expect(banner.width / banner.height).toBeCloseTo(16 / 9, 2);
    for (const url of [
      detail.token.project_blade,
      detail.project.token_issuance_term,
      detail.project.deed_of_credit,
    ]) {
      const pdf = await t.app.inject({ method: 'GET', url });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(detail.project.project_photography).toHaveLength(3);
    expect(detail.project.impact_summary).toHaveLength(3);
  });
});
