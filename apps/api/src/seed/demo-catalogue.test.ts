import { todayInSaoPaulo } from '@copaiba/contracts';
import {
  adminAuditLog,
  chainJobs,
  installmentPayments,
  ledgerTransfers,
  pixCharges,
  projects,
  tokenHoldings,
  tokenIssuers,
  tokens,
  users,
  withdrawals,
} from '@copaiba/db';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ensureAdmin } from '../modules/accounts/bootstrap-admin.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { installmentAmountsPerUnit, installmentDates } from '../modules/catalogue/token-figures.ts';
import { sqlRows } from '../lib/sql-rows.ts';
import { accounts, balanceOf, ledgerTotal } from '../modules/ledger/ledger.ts';
import {
  bearer,
  enableTwoFactor,
  login,
  statementPage,
  type StatementRow,
} from '../testing/fixtures.ts';
import { holdingValuesDrift } from '../testing/holding-values.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { DEMO_PASSWORD, demoAccounts, seedDemoAccounts } from './demo-accounts.ts';
import { demoSeedPending, seedDemo } from './demo.ts';

const config = loadConfig({ NODE_ENV: 'test' });
const [INVESTOR, CREATOR, MANAGER, ADMIN] = [
  demoAccounts[0].email,
  demoAccounts[1].email,
  demoAccounts[2].email,
  demoAccounts[3].email,
];

let t: TestApp;
let seededAt: Date;
let pendingBefore: boolean;
beforeAll(async () => {
  t = await createTestApp();
  seededAt = new Date();
  pendingBefore = await demoSeedPending(t.db, seededAt);
  await seedDemo(t.db, t.storage, config, seededAt);
}, 180_000);
afterAll(() => t.close());

const idOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const tokenBySymbol = async (symbol: string) =>
  (await t.db.select().from(tokens).where(eq(tokens.symbol, symbol)))[0]!;
async function signIn(email: string) {
  const res = await login(t, email, DEMO_PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return { access: res.json().access as string };
}
/** Administrators and creators open their areas with two-factor on, as a person turns it on. */
async function signInWithTwoFactor(email: string) {
  const who = await signIn(email);
  expect((await enableTwoFactor(t, who)).activation.statusCode).toBe(200);
  return who;
}
const get = async (who: { access: string }, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(who) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

describe('the demo catalogue', () => {
  it('is pending on an empty database and not once seeded, so a restart spawns no seed process', async () => {
    expect(pendingBefore).toBe(true);
    expect(await demoSeedPending(t.db, seededAt)).toBe(false);
    // A demo account removed since is seeded again at the next start.
    await t.db
      .update(users)
      .set({ email: 'renomeado@copaiba.dev' })
      .where(eq(users.email, MANAGER));
    expect(await demoSeedPending(t.db, seededAt)).toBe(true);
    await t.db
      .update(users)
      .set({ email: MANAGER })
      .where(eq(users.email, 'renomeado@copaiba.dev'));
  });

  it('has 8 issuers and 16 tokens in every status, each token with its project but the incomplete ones', async () => {
    expect((await t.db.select({ n: count() }).from(tokenIssuers))[0]!.n).toBe(8);
    const rows = await t.db
      .select({ status: tokens.status, offer: tokens.offerStatus })
      .from(tokens);
    expect(rows).toHaveLength(16);
    const states = new Set(rows.map((r) => `${r.status}/${r.offer}`));
    for (const state of [
      'incomplete/null',
      'released/null',
      'issued/funding',
      'issued/all_sold',
      'issued/distributing',
      'issued/failed',
    ]) {
      expect(states, state).toContain(state);
    }
    expect((await t.db.select({ n: count() }).from(projects))[0]!.n).toBe(14);
  });

  it('balances: the ledger sums to zero, every account equals its transfers, units held = units sold', async () => {
    expect(await ledgerTotal(t.db)).toBe(0n);
    const moved = await sqlRows<{ code: string; kind: string; balance: string; net: string }>(
      t.db,
      sql`select a.code, a.kind, a.balance_cents as balance,
        coalesce((select sum(case when tr.credit_account_id = a.id then tr.amount_cents
          else -tr.amount_cents end) from ledger_transfers tr
          where a.id in (tr.debit_account_id, tr.credit_account_id)), 0) as net
        from ledger_accounts a`,
    );
    for (const account of moved) {
      expect(BigInt(account.net), account.code).toBe(BigInt(account.balance));
      if (account.kind === 'wallet' || account.kind === 'offer_escrow')
        expect(BigInt(account.balance) >= 0n, account.code).toBe(true);
    }
    const issued = await t.db.select().from(tokens).where(eq(tokens.status, 'issued'));
    expect(issued.some((tk) => tk.unitsSold > 0)).toBe(true);
    for (const token of issued) {
      const [held] = await t.db
        .select({ units: sql<string>`coalesce(sum(${tokenHoldings.quantity}), 0)` })
        .from(tokenHoldings)
        .where(eq(tokenHoldings.tokenId, token.id));
      // A failed offer keeps the figure it reached; its units were burned with the refunds.
      expect(Number(held!.units), token.symbol).toBe(
        token.offerStatus === 'failed' ? 0 : token.unitsSold,
      );
      expect(token.amountCapitatedCents).toBe(BigInt(token.unitsSold) * token.unitPriceCents);
      const escrow = await balanceOf(t.db, accounts.escrow(token.id));
      const payable = await balanceOf(t.db, accounts.issuerPayable(token.id));
      const expected = {
        funding: [token.amountCapitatedCents, 0n],
        all_sold: [token.amountCapitatedCents, 0n],
        distributing: [0n, token.amountCapitatedCents],
        failed: [0n, 0n],
      }[token.offerStatus!];
      expect([escrow, payable], token.symbol).toEqual(expected);
    }
    // Each holder's holdings at unit price, which the balance reads, as the seed's purchases kept it.
    expect(await holdingValuesDrift(t.db)).toEqual([]);
  });

  it('keeps every investor-year total equal to the ledger purchases of that year', async () => {
    const drift = await sqlRows(
      t.db,
      sql`with expected as (
        select p.user_id, sao_paulo_year(p.created_at) as year, sum(p.amount_cents) as cents
        from ledger_transfers p join tokens tk on tk.id = p.token_id
        where p.kind = 'purchase' and tk.offer_status is distinct from 'failed'
        group by 1, 2)
      select * from expected e full join investor_annual_investments a using (user_id, year)
      where coalesce(e.cents, 0) <> coalesce(a.invested_cents, 0)`,
    );
    expect(drift).toEqual([]);
  });

  it('fills the landing page: every badge, pages of 3 tokens and 4 issuers', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/token/list/' })).json();
    expect(list.count).toBe(13);
    const cards = [];
    for (let page = 1; page <= 5; page++) {
      cards.push(
        ...(await t.app.inject({ method: 'GET', url: `/api/token/list/?page=${page}` })).json()
          .results,
      );
    }
    expect(cards.some((c) => c.is_funding)).toBe(true);
    expect(cards.some((c) => c.is_all_sold)).toBe(true);
    expect(cards.some((c) => c.is_distributing)).toBe(true);
    expect(cards.some((c) => c.tokens_sold > 0 && c.is_funding)).toBe(true);
    // The issuers waiting for a decision have no public token yet.
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

  it('gives sister offers the same pictures in files of their own', async () => {
    const [cast27, usina] = await Promise.all([tokenBySymbol('CAST27'), tokenBySymbol('USINA')]);
    expect(usina.operationFlow).not.toBe(cast27.operationFlow);
    const [a, b] = await Promise.all(
      [cast27, usina].map(
        async (tk) =>
          (await t.app.inject({ method: 'GET', url: `/media/${tk.operationFlow}` })).rawPayload,
      ),
    );
    expect(a!.equals(b!)).toBe(true);
  });
});

describe('the demo history', () => {
  it("the investor's wallet: a balance, holdings in several offers, months of statement", async () => {
    const investor = await signIn(INVESTOR);
    const id = await idOf(INVESTOR);
    const balance = await get(investor, '/api/wallet/balance/brlt/');
    const ledger = await balanceOf(t.db, accounts.wallet(id));
    expect(ledger > 1_000_00n).toBe(true);
    expect(balance.balance).toBe(`${ledger / 100n}.${String(ledger % 100n).padStart(2, '0')}`);

    const owned = await get(investor, '/api/wallet/my-tokens/todos?page=1');
    const symbols = owned.results.map((r: { symbol: string }) => r.symbol);
    expect(symbols).toEqual(expect.arrayContaining(['USINA', 'CAST27', 'ACAI27']));
    expect(symbols).not.toContain('OLEOC');

    // Every kind of movement, over at least six São Paulo months, all in the past.
    const moves = await t.db
      .select({ kind: ledgerTransfers.kind, at: ledgerTransfers.createdAt })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.userId, id));
    expect(new Set(moves.map((m) => m.kind))).toEqual(
      new Set(['deposit', 'purchase', 'refund', 'remuneration', 'withdrawal']),
    );
    const months = new Set(moves.map((m) => todayInSaoPaulo(m.at).slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
    expect(moves.every((m) => m.at <= seededAt)).toBe(true);
    const rows: StatementRow[] = await statementPage(t, investor, 'todos');
    expect(rows.length).toBe(6);

    // The deposits went through Pix charges, paid; the withdrawal was paid out.
    const charges = await t.db.select().from(pixCharges).where(eq(pixCharges.userId, id));
    expect(charges.length).toBe(3);
    expect(charges.every((c) => c.status === 'paid' && c.paidAt! > c.createdAt)).toBe(true);
    const [withdrawal] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, id));
    expect(withdrawal).toMatchObject({ status: 'paid', amountCents: 1_500_00n });
  });

  it('USINA closed successfully and pays each due installment to every holder, on its date', async () => {
    const usina = await tokenBySymbol('USINA');
    expect(usina.offerStatus).toBe('distributing');
    const today = todayInSaoPaulo(seededAt);
    const due = installmentDates(usina).filter((d) => d <= today);
    expect(due.length).toBeGreaterThanOrEqual(4);
    const paid = await t.db
      .select()
      .from(installmentPayments)
      .where(eq(installmentPayments.tokenId, usina.id))
      .orderBy(installmentPayments.installmentNumber);
    expect(paid.map((p) => p.dueDate)).toEqual(due);
    expect(paid.every((p) => todayInSaoPaulo(p.paidAt) === p.dueDate)).toBe(true);
    const perUnit = installmentAmountsPerUnit(usina);
    const investorId = await idOf(INVESTOR);
    const remunerations = await t.db
      .select({ amount: ledgerTransfers.amountCents, at: ledgerTransfers.createdAt })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.kind, 'remuneration'),
          eq(ledgerTransfers.tokenId, usina.id),
          eq(ledgerTransfers.userId, investorId),
        ),
      )
      .orderBy(ledgerTransfers.id);
    expect(remunerations.map((r) => r.amount)).toEqual(due.map((_, i) => 30n * perUnit[i]!));
    expect(remunerations.map((r) => todayInSaoPaulo(r.at))).toEqual(due);
  });

  it('OLEOC missed its minimum: every buyer got back exactly what they paid, on the day after the deadline', async () => {
    const oleoc = await tokenBySymbol('OLEOC');
    expect(oleoc.offerStatus).toBe('failed');
    expect(oleoc.amountCapitatedCents < oleoc.minimumAmountRaisedCents).toBe(true);
    const moves = await t.db
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.tokenId, oleoc.id),
          inArray(ledgerTransfers.kind, ['purchase', 'refund']),
        ),
      );
    const net = new Map<number, bigint>();
    for (const m of moves)
      net.set(
        m.userId!,
        (net.get(m.userId!) ?? 0n) + (m.kind === 'purchase' ? m.amountCents : -m.amountCents),
      );
    expect(net.size).toBe(6);
    expect([...net.values()].every((v) => v === 0n)).toBe(true);
    const refunds = moves.filter((m) => m.kind === 'refund');
    const dayAfter = new Date(Date.parse(`${oleoc.deadlineForFunding}T12:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(refunds.every((r) => todayInSaoPaulo(r.createdAt) >= dayAfter)).toBe(true);
  });

  it('records every movement of units on chain, in order, through the outbox', async () => {
    const unrecorded = await sqlRows(
      t.db,
      sql`select tr.idempotency_key from ledger_transfers tr
      join tokens tk on tk.id = tr.token_id
      where tr.kind in ('purchase', 'refund', 'remuneration') and tk.status = 'issued'
        and not exists (select 1 from chain_job_transfers j where j.transfer_id = tr.id)`,
    );
    expect(unrecorded).toEqual([]);
    const usina = await tokenBySymbol('USINA');
    const jobs = await t.db
      .select({ seq: chainJobs.seq, kind: chainJobs.kind })
      .from(chainJobs)
      .where(eq(chainJobs.tokenId, usina.id))
      .orderBy(chainJobs.seq);
    expect(jobs[0]).toEqual({ seq: 1, kind: 'deploy' });
    expect(jobs.map((j) => j.seq)).toEqual(jobs.map((_, i) => i + 1));
    expect(jobs.filter((j) => j.kind === 'mint')).toHaveLength(13);
    const firstPay = jobs.findIndex((j) => j.kind === 'remunerate');
    expect(jobs.slice(firstPay).every((j) => j.kind === 'remunerate')).toBe(true);
  });

  it("the creator's issuer has a token in every state", async () => {
    const creator = await signInWithTwoFactor(CREATOR);
    const [issuer] = await t.db
      .select()
      .from(tokenIssuers)
      .where(eq(tokenIssuers.userId, await idOf(CREATOR)));
    const own = await t.db.select().from(tokens).where(eq(tokens.issuerId, issuer!.id));
    expect(new Set(own.map((tk) => tk.offerStatus ?? tk.status))).toEqual(
      new Set(['incomplete', 'released', 'funding', 'all_sold', 'distributing', 'failed']),
    );
    const listed = await get(creator, '/api/token-issuer/token-list?page=1');
    expect(listed.count).toBe(6);
  });

  it("the manager's three projects, each with both reports sent in the past", async () => {
    const manager = await signIn(MANAGER);
    const list = await get(manager, '/api/project-manager/project-list?page=1');
    expect(list.count).toBe(3);
    for (const project of list.results) {
      expect(project.report).toMatch(/^\/media\/.+\.pdf$/);
      expect(project.indicators).toMatch(/^\/media\/.+\.pdf$/);
      expect(new Date(project.datetime_modified) < seededAt).toBe(true);
    }
    const audited = await t.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.actorId, await idOf(ADMIN)));
    expect(audited.filter((a) => a.action === 'assign_manager')).toHaveLength(3);
    expect(audited.filter((a) => a.action === 'issue_token')).toHaveLength(2);
  });

  it('the admin has creators waiting for a decision, newest first', async () => {
    const admin = await signInWithTwoFactor(ADMIN);
    const list = await get(admin, '/api/admins/list/creators/?page=1');
    const waiting = list.results.filter(
      (r: { intention_token_creator: boolean; is_token_creator: boolean }) =>
        r.intention_token_creator && !r.is_token_creator,
    );
    expect(waiting.map((w: { email: string }) => w.email)).toEqual([
      'emissor8@copaiba.dev',
      'emissor7@copaiba.dev',
    ]);
    expect(list.results.some((r: { email: string }) => r.email === CREATOR)).toBe(true);
  });
});

describe('seeding by what is missing', () => {
  it('a second start seeds nothing and changes nothing', async () => {
    const snapshot = async () =>
      Promise.all(
        [users, tokens, ledgerTransfers, chainJobs, withdrawals].map(
          async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n,
        ),
      );
    const before = await snapshot();
    expect(await seedDemo(t.db, t.storage, config, new Date())).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('seeds the demo accounts when an ADMIN_EMAIL admin was created first', async () => {
    const other = await createTestApp();
    try {
      await ensureAdmin(other.db, 'operacao@example.com', 'Senha-Forte-2026');
      const created = await seedDemoAccounts(other.db, hashPassword, new Date());
      expect(created.map((a) => a.email)).toEqual(demoAccounts.map((a) => a.email));
      const res = await login(other, INVESTOR, DEMO_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      expect(await seedDemoAccounts(other.db, hashPassword, new Date())).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
