import { randomBytes } from 'node:crypto';
import { centsToDecimal, todayInSaoPaulo } from '@copaiba/contracts';
import { tokens, users, type Database } from '@copaiba/db';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { Storage } from '../lib/storage/storage.ts';
import { installmentDates } from '../modules/catalogue/token-figures.ts';
import { recordOnChain, recordUnrecordedTokens } from '../modules/chain/outbox.ts';
import { closeDueOffers } from '../modules/jobs/offer-closing.ts';
import { payDueInstallments } from '../modules/jobs/installment-payouts.ts';
import { accounts, transfer } from '../modules/ledger/ledger.ts';
import { locks } from '../modules/locks/locks.ts';
import { recordPastPurchase } from '../modules/purchases/past-purchases.ts';
import { demoAccounts } from './demo-accounts.ts';
import { monthDay, saoPauloInstant, shiftDate } from './demo-calendar.ts';
import { historyClock, type HistoryClock } from './history-clock.ts';
import { historyServices, type HistoryConfig, type HistoryServices } from './history-services.ts';
import { renderPdf } from './pdf.ts';

type UserRow = typeof users.$inferSelect;
type TokenRow = typeof tokens.$inferSelect;

/** One moment of the history: what happened, run by the product's code at `at`. */
interface Step {
  at: Date;
  run: () => Promise<unknown>;
}

/** Where the history's money goes out to: the investor's own CPF as a Pix key. */
const INVESTOR_PIX_KEY = demoAccounts[0].cpfCnpj;
/** Deposits, purchases and the withdrawal record where they came from, as a request would. */
const SEED_ORIGIN = { ip: '127.0.0.1', userAgent: 'Copaíba demo seed' };

/** The history's first offer while it waits to be issued (the history still to run), else none. */
export async function demoHistoryFirstOffer(db: Database) {
  const [usina] = await db.select().from(tokens).where(eq(tokens.symbol, 'USINA'));
  return usina?.status === 'released' ? usina : undefined;
}

/**
 * The demo's history (docs/DECISIONS.md, "demo seed"): the months before `now`, lived through the
 * product's own code with a clock in the past. The two history offers (demo-catalogue-data.ts) are
 * issued by the administrator, bought by the community and the demo investor, one closes and pays
 * installments, the other misses its minimum and refunds; the investor deposits by Pix, withdraws
 * and buys into two open offers; the project manager is assigned three projects and reports on
 * them. One transaction: the history is all there or not at all. Runs once, while the history's
 * first offer still waits to be issued; returns whether it ran.
 */
export async function seedDemoHistory(
  db: Database,
  storage: Storage,
  options: { config: HistoryConfig; now: Date },
): Promise<boolean> {
  const usina = await demoHistoryFirstOffer(db);
  if (!usina) return false;
  const people = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        demoAccounts.map((a) => a.email),
      ),
    );
  const person = (role: (typeof demoAccounts)[number]['role']) =>
    people.find((p) => p.email === demoAccounts.find((a) => a.role === role)!.email);
  const [investor, creator, manager, admin] = [
    person('investidor'),
    person('emissor'),
    person('gestor de projeto'),
    person('administrador'),
  ];
  if (!investor || !creator || !manager || !admin) return false;
  const community = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, 'comunidade%@copaiba.dev'))
      .orderBy(users.id)
  ).map((u) => u.id);

  // The catalogue's offers get their chain record first, as the chain worker would at start, so
  // that the history's jobs and purchases add to it in order (modules/chain/outbox.ts).
  await recordUnrecordedTokens(db);
  await db.transaction(async (tx) => {
    const clock = await historyClock(tx);
    const services = historyServices(tx, storage, options.config, clock.now);
    const today = todayInSaoPaulo(options.now);
    const story = new Story(tx, clock, services, today);
    const offer = async (symbol: string) =>
      (await tx.select().from(tokens).where(eq(tokens.symbol, symbol)))[0];

    // The two history offers: issued, bought by the community and by the investor.
    const oleoc = (await offer('OLEOC'))!;
    story.issue(admin, usina, monthDay(today, 9, 3));
    story.community(usina, community.slice(0, 12), 1290, [
      monthDay(today, 9, 4),
      monthDay(today, 6, 12),
    ]);
    story.issue(admin, oleoc, monthDay(today, 7, 8));
    story.community(oleoc, community.slice(12, 17), 300, [
      monthDay(today, 7, 9),
      monthDay(today, 5, 27),
    ]);

    // The investor: Pix in, two history offers, a refund, installments, a withdrawal, two open offers.
    story.deposit(investor, 5_000_00n, monthDay(today, 8, 6), '10:12');
    story.buy(investor, 'USINA', 30, monthDay(today, 8, 9), '15:40');
    story.deposit(investor, 2_000_00n, monthDay(today, 7, 14), '09:05');
    story.buy(investor, 'OLEOC', 8, monthDay(today, 6, 11), '20:30');
    story.withdraw(investor, 1_500_00n, monthDay(today, 3, 18), '11:20');
    story.deposit(investor, 1_000_00n, monthDay(today, 2, 22), '14:00');
    story.buy(investor, 'CAST27', 12, shiftDate(today, -18), '19:15');
    story.buy(investor, 'ACAI27', 20, shiftDate(today, -9), '08:50');

    // The project manager: three projects assigned by the administrator, a report on each.
    story.manage(admin, manager, 'USINA', monthDay(today, 5, 12), shiftDate(today, -5));
    story.manage(admin, manager, 'ANDI', shiftDate(today, -60), shiftDate(today, -31));
    story.manage(admin, manager, 'PIRA', shiftDate(today, -58), shiftDate(today, -17));

    // The jobs, on the days the history's offers need them: closing offers, paying installments.
    story.jobs([usina, oleoc], options.config.DESISTENCIA_DAYS);
    await story.run(options.now);
  });
  return true;
}

/** The history's steps, gathered in any order and run in the order of their instants. */
class Story {
  private readonly steps: Step[] = [];

  constructor(
    private readonly tx: Database,
    private readonly clock: HistoryClock,
    private readonly services: HistoryServices,
    private readonly today: string,
  ) {}

  private add(at: Date, run: () => Promise<unknown>) {
    this.steps.push({ at, run });
  }

  private async token(symbol: string): Promise<TokenRow> {
    const [row] = await this.tx.select().from(tokens).where(eq(tokens.symbol, symbol));
    return row!;
  }

  /** Liberado → Emitido by the administrator (audited, the contract's deployment in the outbox). */
  issue(admin: UserRow, token: TokenRow, date: string) {
    this.add(saoPauloInstant(date, '10:00'), () => this.services.admin.issueToken(admin, token.id));
  }

  /** `units` bought by `buyers`, one purchase each, spread evenly over the dates' span. */
  community(token: TokenRow, buyers: number[], units: number, [from, to]: [string, string]) {
    const span = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
    buyers.forEach((userId, i) => {
      const quantity = Math.floor(units / buyers.length) + (i < units % buyers.length ? 1 : 0);
      const date = shiftDate(from, Math.round((span * i) / Math.max(1, buyers.length - 1)));
      const time = `${String(9 + ((i * 5) % 11)).padStart(2, '0')}:${String((i * 17) % 60).padStart(2, '0')}`;
      this.add(saoPauloInstant(date, time), async () => {
        // The community's Pix is their bank's: the money arrives and is spent at once.
        await transfer(this.tx, {
          key: `seed:history:deposit:${token.id}:${userId}`,
          kind: 'deposit',
          from: accounts.pixClearing(),
          to: accounts.wallet(userId),
          amountCents: BigInt(quantity) * token.unitPriceCents,
          userId,
          reference: 'seed',
        });
        await this.purchase(userId, token.symbol, quantity);
      });
    });
  }

  /** A Pix deposit as a person makes it: the charge, then the PSP's confirmation minutes later. */
  deposit(user: UserRow, amountCents: bigint, date: string, time: string) {
    const asked = saoPauloInstant(date, time);
    const paid = new Date(asked.getTime() + 3 * 60_000);
    let txid = '';
    this.add(asked, async () => {
      const charge = await this.services.wallet.deposit(user, amountCents, undefined, SEED_ORIGIN);
      txid = charge.body.txid;
    });
    this.add(paid, () =>
      this.services.wallet.settleDeposit({
        endToEndId: `E${randomBytes(16).toString('hex').slice(0, 31)}`,
        txid,
        valor: centsToDecimal(amountCents),
        horario: paid.toISOString(),
      }),
    );
  }

  /** Units of an offer, if it is still open that day (the catalogue's offers have fixed dates). */
  buy(user: UserRow, symbol: string, quantity: number, date: string, time: string) {
    this.add(saoPauloInstant(date, time), async () => {
      const token = await this.token(symbol);
      const open =
        token.offerStatus === 'funding' &&
        token.deadlineForFunding >= date &&
        token.issuedAt !== null &&
        token.issuedAt <= this.clock.now();
      if (open) await this.purchase(user.id, symbol, quantity);
    });
  }

  /**
   * A purchase written as history (recordPastPurchase: the purchase's checks are today's, not that
   * day's), and what buy_tokens does with it: the offer's figures and the mint in the outbox. The
   * catalogue's offers carry no chain job yet: the worker replays their purchases when it first
   * records them (modules/chain/outbox.ts, recordUnrecordedTokens).
   */
  private async purchase(userId: number, symbol: string, quantity: number) {
    const token = await this.token(symbol);
    const key = `seed:history:purchase:${token.id}:${userId}:${this.clock.now().getTime()}`;
    const amountCents = BigInt(quantity) * token.unitPriceCents;
    await locks.wallets(this.tx, [userId]);
    await recordPastPurchase(this.tx, {
      key,
      userId,
      tokenId: token.id,
      quantity,
      amountCents,
      at: this.clock.now(),
    });
    await this.tx
      .update(tokens)
      .set({
        unitsSold: sql`${tokens.unitsSold} + ${quantity}`,
        amountCapitatedCents: sql`${tokens.amountCapitatedCents} + ${amountCents}`,
        buyers: sql`(select count(*) from token_holdings h
          where h.token_id = ${token.id} and h.quantity > 0)`,
        lastPurchaseAt: this.clock.now(),
      })
      .where(eq(tokens.id, token.id));
    if (token.chainSeq > 0)
      await recordOnChain(this.tx, { tokenId: token.id, kind: 'mint', transferKeys: [key] });
  }

  /** A withdrawal to the investor's Pix key, paid out by the (sandbox) provider. */
  withdraw(user: UserRow, amountCents: bigint, date: string, time: string) {
    this.add(saoPauloInstant(date, time), () =>
      this.services.withdrawals.recordPast(user.id, amountCents, INVESTOR_PIX_KEY),
    );
  }

  /** The administrator assigns the manager; weeks later the manager sends both reports. */
  manage(admin: UserRow, manager: UserRow, symbol: string, assigned: string, reported: string) {
    this.add(saoPauloInstant(assigned, '11:00'), async () => {
      const token = await this.token(symbol);
      if (token.status === 'issued' && token.issuedAt && token.issuedAt <= this.clock.now())
        await this.services.admin.assignManager(admin, token.id, manager.id);
    });
    this.add(saoPauloInstant(reported, '17:30'), async () => {
      const token = await this.token(symbol);
      if (token.projectManagerId !== manager.id) return;
      const month = reported.slice(0, 7).split('-').reverse().join('/');
      const pdf = (title: string, paragraphs: string[]) => ({
        filename: `${title.toLowerCase().replace(/\s+/g, '-')}.pdf`,
        mimetype: 'application/pdf',
        data: renderPdf({ title: `${title} — ${token.symbol} — ${month}`, paragraphs }),
      });
      await this.services.manager.sendReports(manager, token.id, {
        report: pdf('Relatório de Atualização', [
          `Acompanhamento do projeto ${token.name} em ${month}.`,
          'As atividades seguem o cronograma: produção, beneficiamento e comercialização dentro do previsto, com prestação de contas às famílias em assembleia.',
          'Documento de demonstração gerado pela plataforma Copaíba.',
        ]),
        indicators: pdf('Relatório de Indicadores', [
          `Indicadores de impacto de ${token.name} em ${month}: famílias atendidas, área manejada, volume produzido e receita distribuída.`,
          'Documento de demonstração gerado pela plataforma Copaíba.',
        ]),
      });
    });
  }

  /**
   * The scheduled jobs at 06:00 of each day the history's offers need them: the days after each
   * one's deadline (the desistência window included) and each installment's date. On other days
   * they would find nothing of the history to do; what else is due, the server's own jobs find.
   */
  jobs(offers: TokenRow[], desistenciaDays: number) {
    const days = new Set<string>();
    for (const offer of offers) {
      for (let d = 1; d <= desistenciaDays + 1; d++)
        days.add(shiftDate(offer.deadlineForFunding, d));
      for (const date of installmentDates(offer)) days.add(date);
    }
    for (const day of [...days].filter((d) => d <= this.today)) {
      this.add(saoPauloInstant(day, '06:00'), async () => {
        await closeDueOffers(this.tx, this.clock.now(), { desistenciaDays });
        await payDueInstallments(this.tx, this.clock.now());
      });
    }
  }

  /** Every step up to `now`, in the order of their instants, each at its own. */
  async run(now: Date) {
    const due = this.steps.filter((s) => s.at <= now).sort((a, b) => +a.at - +b.at);
    for (const step of due) await this.clock.at(step.at, step.run);
  }
}
