import {
  ALWAYS_MAILED_KINDS,
  isoToBrDate,
  NOTIFICATION_KINDS,
  notificationMessages,
  todayInSaoPaulo,
} from '@copaiba/contracts';
import { mailOutbox, notificationCounts, notifications } from '@copaiba/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askQuestion,
  bearer,
  buyTokens,
  creatorWithIssuedToken,
  desist,
  document,
  expectStatus,
  fundedInvestor,
  fundWallet,
  insertIssuer,
  insertToken,
  investorWithTwoFactor,
  latestNotification,
  mailTo,
  noonOf,
  notificationsPage,
  outboxRowsOf,
  plusDays,
  requestWithdrawal,
  send,
  signedIn,
  userIdOf,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { sqlRows } from '../../lib/sql-rows.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { payDueInstallments } from '../jobs/installment-payouts.ts';
import { closeDueOffers } from '../jobs/offer-closing.ts';
import { SANDBOX_FAILING_KEY } from '../pix/pix-provider.ts';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { admin: true });
});
afterAll(() => t.close());

/** What the notification centre shows of the user's newest notification of `kind`. */
async function shown(who: SignedIn, kind: string) {
  const page = await notificationsPage(t, who);
  const found = page.results.find((n) => n.kind === kind);
  if (!found) throw new Error(`no ${kind} notification`);
  return found;
}

/** POST /api/notifications/read/ as `who`. */
const read = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/read/', headers: bearer(who), payload });

describe('each event of docs/product.md §16: its notification, its text and its mail', () => {
  it('deposit credited', async () => {
    const ana = await signedIn(t);
    await fundWallet(t, ana, '150.00');
    const row = await latestNotification(t, await userIdOf(t, ana), 'deposit_credited');
    expect(row?.data).toEqual({ amount_cents: 150_00, txid: expect.any(String) });
    expect(await shown(ana, 'deposit_credited')).toMatchObject({
      title: 'Depósito creditado',
      body: 'Seu depósito Pix de R$ 150,00 foi creditado na sua carteira.',
      link: '/wallet',
      read_at: null,
    });
    const mail = await mailTo(t, ana.email, 'Depósito creditado');
    expect(mail.text).toContain('Seu depósito Pix de R$ 150,00 foi creditado na sua carteira.');
    expect(mail.html).toContain('R$ 150,00');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@copaiba\.com\.br>$/);
  });

  it('withdrawal paid, and withdrawal reversed', async () => {
    const bia = await investorWithTwoFactor(t, { balance: '300.00' });
    const paid = await requestWithdrawal(t, bia, {
      token: bia.code(),
      value: '40.00',
      key_pix: 'bia@example.com',
    });
    expect(paid.statusCode).toBe(201);
    expect(await shown(bia, 'withdrawal_paid')).toMatchObject({
      title: 'Saque pago',
      body: 'Seu saque de R$ 40,00 foi enviado para a sua chave Pix.',
    });
    expect((await mailTo(t, bia.email, 'Saque pago')).text).toContain('R$ 40,00');

    t.advance(30_000);
    const refused = await requestWithdrawal(t, bia, {
      token: bia.code(),
      value: '25.00',
      key_pix: SANDBOX_FAILING_KEY,
    });
    expect(refused.statusCode).toBe(201);
    expect(await shown(bia, 'withdrawal_reversed')).toMatchObject({
      title: 'Saque devolvido à carteira',
      body: 'Não foi possível pagar seu saque de R$ 25,00. O valor voltou para a sua carteira.',
    });
    const mail = await mailTo(t, bia.email, 'Saque devolvido');
    expect(mail.text).toContain('Valor devolvido: R$ 25,00');
  });

  it('purchase confirmed (the receipt), and desistência', async () => {
    const issuer = await insertIssuer(t.db);
    const token = await insertToken(t.db, issuer.id, { unitPriceCents: 125_50n });
    const ivo = await fundedInvestor(t, { balance: '1000.00' });
    const ivoId = await userIdOf(t, ivo);
    expectStatus(await buyTokens(t, ivo, token.id, 3), 201, 'buy');
    const receipt = await latestNotification(t, ivoId, 'purchase_confirmed');
    expect(receipt?.data).toEqual({
      token_id: token.id,
      token_name: token.name,
      token_symbol: token.symbol,
      purchase_id: expect.any(Number),
      quantity: 3,
      unit_price_cents: 125_50,
      total_cents: 376_50,
    });
    expect(await shown(ivo, 'purchase_confirmed')).toMatchObject({
      title: `Compra confirmada: ${token.symbol}`,
      body: `Você comprou 3 unidades de ${token.name} (${token.symbol}) por R$ 376,50. Você pode desistir dela em até 5 dias, em Minha Carteira.`,
      link: '/wallet',
    });
    const mail = await mailTo(t, ivo.email, 'Compra confirmada');
    expect(mail.text).toContain('Preço por unidade: R$ 125,50');
    expect(mail.text).toContain('Total pago: R$ 376,50');

    // A refused purchase (more than the balance) writes no receipt.
    expect((await buyTokens(t, ivo, token.id, 9)).statusCode).toBe(400);
    expect(await outboxRowsOf(t, ivoId, 'purchase_confirmed')).toHaveLength(1);

    const purchaseId = receipt!.data.purchase_id as number;
    expectStatus(await desist(t, ivo, purchaseId), 200, 'desistência');
    expect((await latestNotification(t, ivoId, 'desistencia'))?.data).toMatchObject({
      purchase_id: purchaseId,
      quantity: 3,
      amount_cents: 376_50,
    });
    expect(await shown(ivo, 'desistencia')).toMatchObject({
      title: `Desistência registrada: ${token.symbol}`,
      body: `Sua compra de 3 unidades de ${token.name} (${token.symbol}) foi desfeita e R$ 376,50 voltaram para a sua carteira.`,
    });
    expect((await mailTo(t, ivo.email, 'Desistência registrada')).text).toContain(
      'Valor devolvido: R$ 376,50',
    );
    // A second desistência moves nothing and tells nothing.
    expectStatus(await desist(t, ivo, purchaseId), 200, 'again');
    expect(await outboxRowsOf(t, ivoId, 'desistencia')).toHaveLength(1);
  });

  it('the closing job: offer succeeded and offer failed, to every buyer, with their mails', async () => {
    const issuer = await insertIssuer(t.db);
    const today = todayInSaoPaulo(t.clock.now);
    const terms = {
      unitPriceCents: 100_00n,
      interestRateBp: 1000,
      installments: 10,
      maximumAmountRaisedCents: 100_000_00n,
      deadlineForFunding: today,
      firstDateInstallment: plusDays(today, 40),
    };
    const wins = await insertToken(t.db, issuer.id, {
      ...terms,
      minimumAmountRaisedCents: 300_00n,
    });
    const fails = await insertToken(t.db, issuer.id, {
      ...terms,
      minimumAmountRaisedCents: 90_000_00n,
    });
    const buyers = [
      await fundedInvestor(t, { balance: '2000.00' }),
      await fundedInvestor(t, { balance: '2000.00' }),
      await fundedInvestor(t, { balance: '2000.00' }),
    ];
    for (const [n, who] of buyers.entries()) {
      expectStatus(await buyTokens(t, who, wins.id, n + 1), 201, 'buy');
      expectStatus(await buyTokens(t, who, fails.id, 2), 201, 'buy');
    }
    const report = await closeDueOffers(t.db, noonOf(plusDays(today, 1)), { desistenciaDays: 0 });
    expect(report.succeeded).toContain(wins.id);
    expect(report.failed).toContain(fails.id);
    for (const [n, who] of buyers.entries()) {
      const id = await userIdOf(t, who);
      // Per unit 100,00 × 1,10 = 110,00 over 10 installments.
      expect((await latestNotification(t, id, 'offer_succeeded'))?.data).toEqual({
        token_id: wins.id,
        token_name: wins.name,
        token_symbol: wins.symbol,
        quantity: n + 1,
        total_to_receive_cents: (n + 1) * 110_00,
        installments: 10,
        first_installment_date: wins.firstDateInstallment,
      });
      expect((await latestNotification(t, id, 'offer_failed'))?.data).toMatchObject({
        token_id: fails.id,
        quantity: 2,
        refunded_cents: 200_00,
      });
      const page = await notificationsPage(t, who);
      expect(page.results.find((x) => x.kind === 'offer_failed')).toMatchObject({
        title: `Oferta cancelada: ${fails.symbol}`,
        body: `A captação de ${fails.name} (${fails.symbol}) terminou sem atingir o valor mínimo. R$ 200,00 foram devolvidos à sua carteira.`,
      });
      expect(page.results.find((x) => x.kind === 'offer_succeeded')?.body).toBe(
        `A captação de ${wins.name} (${wins.symbol}) atingiu o valor mínimo e foi encerrada. Suas ${n === 0 ? '1 unidade' : `${n + 1} unidades`} devem render R$ ${(n + 1) * 110},00 em 10 parcelas, a primeira em ${isoToBrDate(wins.firstDateInstallment)}.`,
      );
      expect((await mailTo(t, who.email, 'Oferta cancelada')).text).toContain('R$ 200,00');
      expect((await mailTo(t, who.email, 'Oferta encerrada com sucesso')).text).toContain(
        `Total a receber: R$ ${(n + 1) * 110},00`,
      );
    }
    // Run again: nothing closes twice, nobody is told twice.
    await closeDueOffers(t.db, noonOf(plusDays(today, 1)), { desistenciaDays: 0 });
    expect(await outboxRowsOf(t, await userIdOf(t, buyers[0]!), 'offer_failed')).toHaveLength(1);
  });

  it('installment paid: one per holder, with the amount', async () => {
    const issuer = await insertIssuer(t.db);
    const today = todayInSaoPaulo(t.clock.now);
    const token = await insertToken(t.db, issuer.id, {
      unitPriceCents: 100_00n,
      interestRateBp: 1200,
      installments: 12,
      minimumAmountRaisedCents: 100_00n,
      maximumAmountRaisedCents: 100_000_00n,
      deadlineForFunding: today,
      firstDateInstallment: plusDays(today, 31),
    });
    const [caio, dora] = [
      await fundedInvestor(t, { balance: '1000.00' }),
      await fundedInvestor(t, { balance: '1000.00' }),
    ];
    expectStatus(await buyTokens(t, caio, token.id, 3), 201, 'buy');
    expectStatus(await buyTokens(t, dora, token.id, 1), 201, 'buy');
    await closeDueOffers(t.db, noonOf(plusDays(today, 1)), { desistenciaDays: 0 });
    const paid = await payDueInstallments(t.db, noonOf(token.firstDateInstallment));
    expect(paid.filter((p) => p.tokenId === token.id)).toHaveLength(1);
    // Per unit: 100,00 × 1,12 / 12 = 9,33 (half-even); 3 units → 27,99.
    expect(
      (await latestNotification(t, await userIdOf(t, caio), 'installment_paid'))?.data,
    ).toEqual({
      token_id: token.id,
      token_name: token.name,
      token_symbol: token.symbol,
      installment: 1,
      installments: 12,
      quantity: 3,
      amount_cents: 27_99,
    });
    expect(await shown(caio, 'installment_paid')).toMatchObject({
      title: `Parcela recebida: ${token.symbol}`,
      body: `Você recebeu R$ 27,99 da parcela 1 de 12 de ${token.name} (${token.symbol}).`,
      link: '/extract',
    });
    expect((await shown(dora, 'installment_paid')).body).toContain('R$ 9,33');
    expect((await mailTo(t, dora.email, 'Parcela recebida')).text).toContain('Parcela: 1 de 12');
  });

  it('new project report: every holder of the token', async () => {
    const manager = await signedIn(t, { manager: true });
    const { tokenId } = await creatorWithIssuedToken(t, {
      admin,
      manager,
      cnpj: '45.997.418/0001-53',
    });
    const holder = await fundedInvestor(t, { balance: '500.00' });
    const bystander = await signedIn(t);
    expectStatus(await buyTokens(t, holder, tokenId, 2), 201, 'buy');
    const res = await send(t, 'PUT', `/api/project-manager/${tokenId}`, manager.access, {
      indicators: document('indicadores.pdf'),
    });
    expect(res.statusCode).toBe(200);
    const n = await shown(holder, 'project_report');
    expect(n.body).toMatch(
      /^O gestor do projeto de .+ publicou um novo relatório de indicadores\.$/,
    );
    expect(n.link).toBe(`/detail-token-issuer/${tokenId}#section-summary-project`);
    expect(
      (await notificationsPage(t, bystander)).results.some((x) => x.kind === 'project_report'),
    ).toBe(false);
    const mail = await mailTo(t, holder.email, 'Novo relatório do projeto');
    expect(mail.html).toContain(
      `http://localhost:3000/detail-token-issuer/${tokenId}#section-summary-project`,
    );
  });

  it('role granted (only a role turned on) and token issued, to the creator', async () => {
    const eva = await signedIn(t);
    const evaId = await userIdOf(t, eva);
    const grant = (body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admins/creator/${evaId}/`,
        headers: bearer(admin),
        payload: body,
      });
    expectStatus(await grant({ is_token_creator: true }), 200, 'grant');
    expectStatus(await grant({ is_token_creator: true, is_project_manager: false }), 200, 'again');
    const granted = (await notificationsPage(t, eva)).results.filter(
      (n) => n.kind === 'role_granted',
    );
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({
      title: 'Acesso de criador de tokens liberado',
      link: '/register-token',
    });
    await mailTo(t, eva.email, 'Acesso de criador de tokens liberado');

    const { creator, tokenId } = await creatorWithIssuedToken(t, {
      admin,
      cnpj: '11.444.777/0001-61',
    });
    const issued = await shown(creator, 'token_issued');
    expect(issued.title).toMatch(/^Token emitido: /);
    expect(issued.body).toMatch(/foi emitido e a oferta já está aberta ao público\.$/);
    expect(issued.link).toBe(`/detail-token-issuer/${tokenId}`);
    await mailTo(t, creator.email, 'Token emitido');
  });
});

describe('the notification centre (docs/product.md §16)', () => {
  it('pages 10 newest first with the unread count; marks some (only one’s own) or all read', async () => {
    const fabio = await signedIn(t);
    const other = await signedIn(t);
    for (let n = 0; n < 12; n++) await fundWallet(t, fabio, `${30 + n}.00`);
    await fundWallet(t, other, '25.00');
    const first = await notificationsPage(t, fabio);
    expect(first).toMatchObject({ count: 12, unread: 12, next: '/api/notifications/?page=2' });
    expect(first.results).toHaveLength(10);
    expect(first.results[0]!.body).toContain('R$ 41,00');
    expect((await notificationsPage(t, fabio, 2)).results).toHaveLength(2);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/?page=3',
      headers: bearer(fabio),
    });
    expect(bad.statusCode).toBe(404);
    const theirs = (await notificationsPage(t, other)).results[0]!.id;
    const mine = first.results.slice(0, 2).map((n) => n.id);
    const marked = await read(fabio, { ids: [...mine, theirs] });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unread: 10 });
    expect((await notificationsPage(t, other)).unread).toBe(1);
    const after = await notificationsPage(t, fabio);
    expect(after.results[0]!.read_at).toBe(t.clock.now.toISOString());
    expect(after.results[2]!.read_at).toBeNull();

    for (const payload of [
      {},
      { ids: [] },
      { ids: [1], all: true },
      { all: false },
      { ids: ['x'] },
    ]) {
      const res = await read(fabio, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.values(res.json<object>()).flat()[0]).toEqual(expect.any(String));
    }
    expect(
      (await read(fabio, { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).json(),
    ).toEqual({ ids: [notificationMessages.tooMany] });
    expect((await read(fabio, { all: true })).json()).toEqual({ unread: 0 });
    expect((await notificationsPage(t, other)).unread).toBe(1);
  });

  it('keeps mail preferences per kind; money receipts cannot be turned off', async () => {
    const { creator, tokenId } = await creatorWithIssuedToken(t, {
      admin,
      cnpj: '60.701.190/0001-04',
    });
    const prefs = (method: 'GET' | 'PUT', payload?: object) =>
      t.app.inject({
        method,
        url: '/api/notifications/preferences/',
        headers: bearer(creator),
        ...(payload ? { payload } : {}),
      });
    const all = (await prefs('GET')).json();
    expect(Object.keys(all)).toEqual([...NOTIFICATION_KINDS]);
    expect(Object.values(all).every((p) => (p as { email: boolean }).email)).toBe(true);

    const off = await prefs('PUT', { question_received: { email: false }, is_admin: true });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      question_received: { email: false },
      token_issued: { email: true },
    });
    expect((await prefs('GET')).json().question_received).toEqual({ email: false });

    for (const kind of ALWAYS_MAILED_KINDS) {
      const refused = await prefs('PUT', { [kind]: { email: false } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ [kind]: [notificationMessages.alwaysMailed] });
    }
    expect((await prefs('PUT', { project_report: { email: 'não' } })).statusCode).toBe(400);
    expect((await prefs('PUT', { is_admin: true })).json()).toEqual({
      detail: notificationMessages.nothingToSave,
    });
    expect((await prefs('PUT', { deposit_credited: { email: true } })).statusCode).toBe(200);

    // Turned off: the notification is written, its mail is not.
    const creatorId = await userIdOf(t, creator);
    const asked = await askQuestion(t, await signedIn(t), tokenId, 'Qual é o risco principal?');
    expect(asked.statusCode).toBe(201);
    expect(await latestNotification(t, creatorId, 'question_received')).toBeDefined();
    expect(await outboxRowsOf(t, creatorId, 'question_received')).toEqual([]);
    // On again: mailed.
    await prefs('PUT', { question_received: { email: true } });
    await askQuestion(t, await signedIn(t), tokenId, 'E o cronograma de pagamentos?');
    expect(await outboxRowsOf(t, creatorId, 'question_received')).toHaveLength(1);
  });

  it('decides what is always mailed in the database with the same list as the API', async () => {
    for (const kind of NOTIFICATION_KINDS) {
      const [row] = await sqlRows<{ always: boolean }>(
        t.db,
        sql`select notification_always_mailed(${kind}) as always`,
      );
      const always = row?.always;
      expect(always, kind).toBe(ALWAYS_MAILED_KINDS.includes(kind));
    }
  });

  it('mails an always-mailed kind even when a preference row says otherwise', async () => {
    const gil = await signedIn(t);
    const gilId = await userIdOf(t, gil);
    // No API path writes this row (the API refuses it); an old row or an operator might.
    await t.db.execute(
      sql`insert into notification_preferences (user_id, kind, email) values (${gilId}, 'deposit_credited', false)`,
    );
    await fundWallet(t, gil, '30.00');
    expect(await outboxRowsOf(t, gilId, 'deposit_credited')).toHaveLength(1);
  });

  it('notifies in the transaction of the event: a rolled-back event leaves neither row', async () => {
    const hugo = await signedIn(t);
    const hugoId = await userIdOf(t, hugo);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`select notification_record(${hugoId}::bigint, 'deposit_credited', '{"amount_cents": 100, "txid": "x"}'::jsonb)`,
        );
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, hugoId));
    expect(rows).toEqual([]);
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, hugoId), eq(mailOutbox.template, 'deposit_credited'))),
    ).toEqual([]);
  });

  it("keeps each person's total and unread counts with the notifications, however they end", async () => {
    const ines = await signedIn(t);
    const inesId = await userIdOf(t, ines);
    await fundWallet(t, ines, '30.00');
    // Deposits credited and everything marked read at the same time, twice over.
    const [, , firstRead, secondRead] = await Promise.all([
      fundWallet(t, ines, '31.00'),
      fundWallet(t, ines, '32.00'),
      read(ines, { all: true }),
      read(ines, { all: true }),
      fundWallet(t, ines, '33.00'),
    ]);
    expect([firstRead.statusCode, secondRead.statusCode]).toEqual([200, 200]);
    const page = await notificationsPage(t, ines);
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, inesId));
    expect(page.count).toBe(4);
    expect(page.unread).toBe(rows.filter((n) => n.readAt === null).length);
    // One of them marked again: nothing changes.
    const one = rows.find((n) => n.readAt !== null) ?? rows[0]!;
    const again = await read(ines, { ids: [one.id] });
    expect(again.json()).toEqual({ unread: page.unread - (one.readAt === null ? 1 : 0) });
    await t.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`select notification_record(${inesId}::bigint, 'deposit_credited', '{"amount_cents": 100, "txid": "y"}'::jsonb)`,
        );
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect((await read(ines, { all: true })).json()).toEqual({ unread: 0 });
    expect(await notificationsPage(t, ines)).toMatchObject({ count: 4, unread: 0 });

    // Every person's counts are their notifications.
    const kept = await t.db
      .select({
        userId: notificationCounts.userId,
        total: notificationCounts.total,
        unread: notificationCounts.unread,
      })
      .from(notificationCounts)
      .orderBy(notificationCounts.userId);
    const actual = await t.db
      .select({
        userId: notifications.userId,
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
      })
      .from(notifications)
      .groupBy(notifications.userId)
      .orderBy(notifications.userId);
    expect(kept).toEqual(actual);
  });
});
