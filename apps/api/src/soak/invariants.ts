import {
  chainJobs,
  chainJobTransfers,
  idempotentRequests,
  installmentPayments,
  ledgerAccounts,
  ledgerStatementCounts,
  ledgerTransfers,
  notificationCounts,
  notifications,
  marketListings,
  marketTrades,
  offerJobQueue,
  pixCharges,
  tokenHoldings,
  tokens,
  withdrawals,
  type Database,
} from '@copaiba/db';
import { isDeepStrictEqual } from 'node:util';
import { centsToDecimal } from '@copaiba/contracts';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../modules/ledger/ledger.ts';
import { annualTotalsDrift } from '../testing/annual-totals.ts';
import { holdingValuesDrift } from '../testing/holding-values.ts';

/** What the clients were told succeeded. */
export interface Acknowledged {
  deposits: Array<{ userId: number; txid: string; amountCents: bigint; endToEndId: string }>;
  buys: Array<{ userId: number; key: string; tokenId: number; quantity: number; body: unknown }>;
  withdrawals: Array<{ userId: number; withdrawalId: number; amountCents: bigint }>;
  /** Purchases undone (docs/product.md §15), each once however often it was asked. */
  desistencias: Array<{ userId: number; purchaseId: number }>;
  matured: Array<{
    tokenId: number;
    success: boolean;
    buyers: Array<{ userId: number; quantity: number }>;
  }>;
  /** Purchases on the secondary board (docs/product.md §18). */
  marketBuys: Array<{
    userId: number;
    key: string;
    listingId: number;
    quantity: number;
    body: unknown;
  }>;
}

/** A wallet as the API serves it to its owner. */
export interface ServedWallet {
  userId: number;
  balanceCents: number;
  /** How many movements its statement says it has (the first page's `count`). */
  statementCount: number;
  /** The sum of its statement's pages and their rows, when walked (at the end only: it is long). */
  statement: { cents: number; rows: number } | null;
}

export interface InvariantsScope {
  /** São Paulo's date: offers past their funding deadline are for the jobs to close. */
  today: string;
  /**
   * The jobs have closed every matured offer and paid its due installment. Before that, an
   * offer past its deadline may still be open, with nothing moved for it yet.
   */
  settled: boolean;
}

/**
 * The money invariants with the clients at rest: the ledger balances, no wallet or escrow below
 * zero, units sold match units held and never pass the supply, every acknowledged operation
 * (desistências included) is there exactly once, the annual limits' totals equal the ledger,
 * every closed offer paid or refunded exactly once, every installment paid once per unit, and
 * every wallet the API serves equals its ledger account and its statement, whose count is its
 * transfers (and the counts ledger_transfer keeps per user and kind are the ledger's, as each
 * person's notification counts are their notifications and each holder's holding value their
 * holdings at unit price), and the chain outbox numbers each
 * token's jobs without a gap and mirrors every purchase and board trade once. On the secondary
 * board: each holding is what its owner's ledger says (units bought, less those refunded or
 * undone, ± board purchases and sales), its reservation is what its open listings have left and
 * never more than it holds, a listing's units left are what was not bought from it, and every
 * acknowledged board purchase is there once, with the answer the client got. Read in one
 * snapshot: the jobs keep running. What the offer jobs still owe (offer_job_queue: a closing or a
 * payout killed between its batches) counts as owed, not yet moved, until settled; then nothing
 * is left in the queue.
 */
export async function checkInvariants(
  db: Database,
  ack: Acknowledged,
  wallets: ServedWallet[],
  scope: InvariantsScope,
): Promise<{ checks: number; breaks: string[] }> {
  return db.transaction((snapshot) => checkSnapshot(snapshot, ack, wallets, scope), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function checkSnapshot(
  db: Database,
  ack: Acknowledged,
  wallets: ServedWallet[],
  { today, settled }: InvariantsScope,
): Promise<{ checks: number; breaks: string[] }> {
  const breaks: string[] = [];
  let checks = 0;
  const expect = (ok: boolean, message: () => string) => {
    checks++;
    if (!ok) breaks.push(message());
  };

  const accountRows = await db.select().from(ledgerAccounts);
  const transfers = await db.select().from(ledgerTransfers);
  const total = accountRows.reduce((s, a) => s + a.balanceCents, 0n);
  expect(total === 0n, () => `ledger accounts sum to ${total}, not 0`);
  const net = new Map<number, bigint>();
  for (const t of transfers) {
    net.set(t.debitAccountId, (net.get(t.debitAccountId) ?? 0n) - t.amountCents);
    net.set(t.creditAccountId, (net.get(t.creditAccountId) ?? 0n) + t.amountCents);
  }
  for (const a of accountRows) {
    expect((net.get(a.id) ?? 0n) === a.balanceCents, () => `${a.code}: balance ≠ its transfers`);
    if (a.kind === 'wallet' || a.kind === 'offer_escrow') {
      expect(a.balanceCents >= 0n, () => `${a.code} is negative: ${a.balanceCents}`);
    }
  }

  const tokenRows = await db.select().from(tokens);
  // What the offer jobs still owe: a refund or a remuneration queued is not yet in the ledger.
  const queue = await db.select().from(offerJobQueue);
  expect(!settled || queue.length === 0, () => `${queue.length} offer job rows left once settled`);
  const queuedFor = (tokenId: number, kind: string, installment = 0) =>
    queue.filter((q) => q.tokenId === tokenId && q.kind === kind && q.installment === installment);
  const held = await db
    .select({
      tokenId: tokenHoldings.tokenId,
      units: sql<string>`sum(${tokenHoldings.quantity})`,
    })
    .from(tokenHoldings)
    .groupBy(tokenHoldings.tokenId);
  const heldBy = new Map(held.map((h) => [h.tokenId, Number(h.units)]));
  const balanceOf = new Map(accountRows.map((a) => [a.code, a.balanceCents]));
  for (const t of tokenRows.filter((t) => t.status === 'issued')) {
    expect(t.unitsSold <= t.quantity, () => `token ${t.id} oversold: ${t.unitsSold}/${t.quantity}`);
    const units = heldBy.get(t.id) ?? 0;
    if (t.offerStatus === 'failed') {
      // Only the buyers whose refunds are still queued hold units, and the escrow holds their money.
      const owed = queuedFor(t.id, 'refund');
      const owedUnits = owed.reduce((n, q) => n + q.quantity, 0);
      const owedCents = owed.reduce((n, q) => n + q.amountCents, 0n);
      expect(units === owedUnits, () => `failed token ${t.id} still has ${units} units held`);
      expect(
        (balanceOf.get(`escrow:${t.id}`) ?? 0n) === owedCents,
        () => `failed token ${t.id} left money in escrow`,
      );
    } else {
      expect(units === t.unitsSold, () => `token ${t.id}: ${units} held, ${t.unitsSold} sold`);
    }
    if (t.offerStatus === 'funding' || t.offerStatus === 'all_sold') {
      expect(
        !settled || t.deadlineForFunding >= today,
        () => `token ${t.id} is past its deadline but open`,
      );
      expect(
        (balanceOf.get(`escrow:${t.id}`) ?? 0n) === t.amountCapitatedCents,
        () => `token ${t.id}: escrow ≠ amount raised`,
      );
    }
  }

  // Acknowledged purchases: one transfer each, and the stored answer is what the client got.
  const apiBuysByUser = new Map<number, number>();
  for (const t of transfers) {
    if (t.kind === 'purchase' && t.idempotencyKey.startsWith('buy:')) {
      apiBuysByUser.set(t.userId!, (apiBuysByUser.get(t.userId!) ?? 0) + 1);
    }
  }
  const acked = new Map<number, number>();
  for (const b of ack.buys) acked.set(b.userId, (acked.get(b.userId) ?? 0) + 1);
  for (const userId of new Set([...acked.keys(), ...apiBuysByUser.keys()])) {
    expect(
      (apiBuysByUser.get(userId) ?? 0) === (acked.get(userId) ?? 0),
      () =>
        `user ${userId}: ${apiBuysByUser.get(userId) ?? 0} purchases in the ledger, ${acked.get(userId) ?? 0} acknowledged`,
    );
  }
  const stored = new Map(
    (await db.select().from(idempotentRequests)).map((r) => [`${r.userId}:${r.key}`, r]),
  );
  for (const b of ack.buys) {
    const row = stored.get(`${b.userId}:${b.key}`);
    // Stored with the price in centavos, which the API answers as money text.
    const { total_cents: totalCents, ...answer } = (row?.body ?? {}) as { total_cents?: number };
    expect(
      row !== undefined &&
        row.status === 201 &&
        totalCents !== undefined &&
        isDeepStrictEqual({ ...answer, total: centsToDecimal(BigInt(totalCents)) }, b.body),
      () =>
        `buy ${b.key}: stored answer ${JSON.stringify(row?.body)} differs from the acknowledged one`,
    );
  }

  // Desistências: each acknowledged one moved the whole purchase back once, and nothing else was
  // undone; every investor's year's total (the annual limit) still equals the ledger's account.
  const undone = transfers.filter((t) => t.kind === 'desistencia');
  const purchasesById = new Map(
    transfers.filter((t) => t.kind === 'purchase').map((t) => [t.id, t]),
  );
  for (const d of ack.desistencias) {
    const moves = undone.filter((t) => t.reference === String(d.purchaseId));
    const purchase = purchasesById.get(d.purchaseId);
    expect(
      moves.length === 1 &&
        purchase !== undefined &&
        moves[0]!.userId === d.userId &&
        purchase.userId === d.userId &&
        moves[0]!.amountCents === purchase.amountCents &&
        moves[0]!.quantity === purchase.quantity,
      () => `desistência of purchase ${d.purchaseId}: ${moves.length} moves`,
    );
  }
  expect(
    undone.length === ack.desistencias.length,
    () => `${undone.length} desistências in the ledger, ${ack.desistencias.length} acknowledged`,
  );
  const drift = await annualTotalsDrift(db);
  expect(drift.length === 0, () => `annual totals off the ledger: ${JSON.stringify(drift)}`);

  // Deposits: each acknowledged confirmation credited exactly once; nothing else credited.
  const deposits = transfers.filter((t) => t.kind === 'deposit');
  const charges = new Map((await db.select().from(pixCharges)).map((c) => [c.txid, c]));
  for (const d of ack.deposits) {
    const credits = deposits.filter((t) => t.reference === d.txid);
    expect(
      credits.length === 1 && credits[0]!.amountCents === d.amountCents,
      () => `deposit ${d.txid}: ${credits.length} credits`,
    );
    expect(charges.get(d.txid)?.status === 'paid', () => `charge ${d.txid} is not paid`);
  }
  expect(
    deposits.length === ack.deposits.length,
    () => `${deposits.length} deposits credited, ${ack.deposits.length} acknowledged`,
  );

  // Withdrawals: each acknowledged one debited once, reversed at most once (only when failed).
  const withdrawalRows = new Map((await db.select().from(withdrawals)).map((w) => [w.id, w]));
  expect(
    withdrawalRows.size === ack.withdrawals.length,
    () => `${withdrawalRows.size} withdrawals stored, ${ack.withdrawals.length} acknowledged`,
  );
  for (const w of ack.withdrawals) {
    const row = withdrawalRows.get(w.withdrawalId);
    const ref = String(w.withdrawalId);
    const debits = transfers.filter((t) => t.kind === 'withdrawal' && t.reference === ref);
    const reversals = transfers.filter(
      (t) => t.kind === 'withdrawal_reversal' && t.reference === ref,
    );
    expect(
      row !== undefined && row.amountCents === w.amountCents,
      () => `withdrawal ${ref} missing`,
    );
    expect(debits.length === 1, () => `withdrawal ${ref}: ${debits.length} debits`);
    expect(
      reversals.length === (row?.status === 'failed' ? 1 : 0),
      () => `withdrawal ${ref} (${row?.status}): ${reversals.length} reversals`,
    );
  }

  // Matured offers: closed once, refunds with the closing; the due installment paid once, each
  // buyer's remuneration with it. Until settled, the jobs may not have come to an offer yet.
  const paidInstallments = await db.select().from(installmentPayments);
  for (const m of ack.matured) {
    const token = tokenRows.find((t) => t.id === m.tokenId);
    const open = token?.offerStatus === 'funding' || token?.offerStatus === 'all_sold';
    // Buyers may undo their purchases until the jobs close the offer: those who all did leave it
    // with nothing raised, so it fails.
    const kept = m.buyers.filter(
      (b) => !undone.some((t) => t.tokenId === m.tokenId && t.userId === b.userId),
    );
    const expected = kept.length > 0 && m.success ? 'distributing' : 'failed';
    expect(
      token?.offerStatus === expected || (open && !settled),
      () => `matured token ${m.tokenId}: ${token?.offerStatus}, expected ${expected}`,
    );
    const installments = paidInstallments.filter((p) => p.tokenId === m.tokenId);
    if (expected === 'distributing') {
      expect(
        installments.length === 1 || (installments.length === 0 && !settled),
        () => `token ${m.tokenId}: ${installments.length} installments paid`,
      );
      expect(
        installments.every((p) => p.installmentNumber === 1),
        () =>
          `token ${m.tokenId}: installment ${installments.map((p) => p.installmentNumber).join(',')} paid`,
      );
    }
    const kind = expected === 'failed' ? 'refund' : 'remuneration';
    // A buyer who undid the purchase before the jobs closed the offer is owed nothing for it.
    const owedTo = (userId: number) =>
      open || undone.some((t) => t.tokenId === m.tokenId && t.userId === userId)
        ? 0
        : expected === 'failed'
          ? 1
          : installments.length;
    // A buyer who sold units on the board before the payout may be paid for fewer, or none; one
    // who bought there may be paid for those, the purchase undone or not. Each installment's
    // units and holders are checked below either way.
    const tradedOnBoard = new Set(
      transfers
        .filter(
          (t) =>
            (t.kind === 'market_sale' || t.kind === 'market_purchase') && t.tokenId === m.tokenId,
        )
        .map((t) => t.userId),
    );
    // What the jobs queued for the buyer and have not yet moved (a kill between batches).
    const stillQueued = (userId: number) =>
      queue.filter((q) => q.tokenId === m.tokenId && q.kind === kind && q.userId === userId).length;
    for (const b of m.buyers.filter((b) => kind === 'refund' || !tradedOnBoard.has(b.userId))) {
      const moves = transfers.filter(
        (t) => t.kind === kind && t.tokenId === m.tokenId && t.userId === b.userId,
      );
      // The message carries the buyer's whole history on the offer: a CI log is all there is.
      const history = () =>
        transfers
          .filter((t) => t.tokenId === m.tokenId && t.userId === b.userId)
          .map((t) => `${t.kind} ${t.quantity ?? ''} ref ${t.reference ?? '-'} #${t.id}`)
          .join('; ');
      expect(
        moves.length + stillQueued(b.userId) === owedTo(b.userId),
        () =>
          `token ${m.tokenId} (${token?.offerStatus}), user ${b.userId}: ${moves.length} ${kind}s, ${stillQueued(b.userId)} queued, ${owedTo(b.userId)} owed; history: ${history()}`,
      );
    }
  }

  // Every installment paid: each unit once, each holder once.
  for (const p of paidInstallments) {
    const paid = transfers.filter(
      (t) =>
        t.kind === 'remuneration' &&
        t.tokenId === p.tokenId &&
        t.reference === String(p.installmentNumber),
    );
    const owed = queuedFor(p.tokenId, 'remuneration', p.installmentNumber);
    const units =
      paid.reduce((n, t) => n + (t.quantity ?? 0), 0) + owed.reduce((n, q) => n + q.quantity, 0);
    const sold = tokenRows.find((t) => t.id === p.tokenId)?.unitsSold ?? 0;
    expect(
      units === sold,
      () =>
        `token ${p.tokenId}, installment ${p.installmentNumber}: ${units} units paid, ${sold} held`,
    );
    expect(
      new Set([...paid.map((t) => t.userId), ...owed.map((q) => q.userId)]).size ===
        paid.length + owed.length,
      () => `token ${p.tokenId}, installment ${p.installmentNumber}: a holder paid twice`,
    );
  }

  checks += await checkBoard(db, ack, transfers, accountRows, breaks);

  // The statements' counts per user and kind, kept by ledger_transfer, are the transfers.
  const counted = new Map<string, number>();
  const namedIn = new Map<number, number>();
  for (const t of transfers) {
    if (t.userId === null) continue;
    const key = `${t.userId}:${t.kind}`;
    counted.set(key, (counted.get(key) ?? 0) + 1);
    namedIn.set(t.userId, (namedIn.get(t.userId) ?? 0) + 1);
  }
  const counts = await db.select().from(ledgerStatementCounts);
  expect(
    counts.length === counted.size,
    () => `${counts.length} statement counts, ${counted.size} kept`,
  );
  for (const c of counts) {
    const actual = counted.get(`${c.userId}:${c.kind}`) ?? 0;
    expect(
      c.transfers === actual,
      () => `user ${c.userId}: ${c.transfers} ${c.kind} counted, ${actual} in the ledger`,
    );
  }
  // Each person's notification counts, kept by notifications.sql, are their notifications.
  const notified = await db
    .select({
      userId: notifications.userId,
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .groupBy(notifications.userId);
  const notificationCountOf = new Map(
    (await db.select().from(notificationCounts)).map((c) => [c.userId, c]),
  );
  expect(
    notificationCountOf.size === notified.length,
    () => `${notificationCountOf.size} notification counts for ${notified.length} people notified`,
  );
  for (const n of notified) {
    const kept = notificationCountOf.get(n.userId);
    expect(
      kept?.total === n.total && kept.unread === n.unread,
      () =>
        `user ${n.userId}: ${n.total} notifications (${n.unread} unread), counted ` +
        `${kept?.total} (${kept?.unread})`,
    );
  }

  // Each holder's holdings at unit price, which the balance reads, as the money paths kept it.
  const values = await holdingValuesDrift(db);
  expect(values.length === 0, () => `holding values off the holdings: ${JSON.stringify(values)}`);

  // The chain outbox (chain-outbox.sql): each token's jobs are numbered 1, 2, ... up to its
  // counter, every purchase made through the API (its transfer key `buy:…`,
  // purchases.service.ts) is in exactly one mint of its token (a batch's purchases share one,
  // purchases.sql), and both lines of every board trade in one transfer of its token (a batch's
  // trades share one, market.sql). The setup's history of matured offers is for the chain's
  // replay (recordUnrecordedTokens), as a seed's is.
  const jobs = await db
    .select({ id: chainJobs.id, tokenId: chainJobs.tokenId, seq: chainJobs.seq })
    .from(chainJobs);
  const mirroredBy = new Map(
    (
      await db
        .select({
          transferId: chainJobTransfers.transferId,
          jobId: chainJobTransfers.jobId,
          kind: chainJobs.kind,
          tokenId: chainJobs.tokenId,
        })
        .from(chainJobTransfers)
        .innerJoin(chainJobs, eq(chainJobs.id, chainJobTransfers.jobId))
    ).map((m) => [m.transferId, m]),
  );
  for (const t of tokenRows) {
    const seqs = jobs
      .filter((j) => j.tokenId === t.id)
      .map((j) => j.seq)
      .sort((a, b) => a - b);
    expect(
      seqs.length === t.chainSeq && seqs.every((seq, i) => seq === i + 1),
      () => `token ${t.id}: chain jobs numbered ${seqs.join(',')}, its counter at ${t.chainSeq}`,
    );
  }
  const mirrorOf: Partial<Record<string, string>> = {
    purchase: 'mint',
    market_purchase: 'transfer',
    market_sale: 'transfer',
  };
  const tradeJobs = new Map<string, number | undefined>();
  for (const p of transfers) {
    const kind = mirrorOf[p.kind];
    if (!kind || (p.kind === 'purchase' && !p.idempotencyKey.startsWith('buy:'))) continue;
    const job = mirroredBy.get(p.id);
    expect(
      job?.kind === kind && job.tokenId === p.tokenId,
      () => `${p.kind} ${p.id} of token ${p.tokenId}: mirrored by ${JSON.stringify(job ?? null)}`,
    );
    if (kind !== 'transfer') continue;
    // A trade's two lines (their reference is the trade) travel in the same transfer.
    const other = tradeJobs.get(p.reference!);
    if (other === undefined) tradeJobs.set(p.reference!, job?.jobId);
    else
      expect(
        other === job?.jobId,
        () => `trade ${p.reference}: its lines in jobs ${other} and ${job?.jobId}`,
      );
  }

  for (const w of wallets) {
    const ledger = balanceOf.get(accounts.wallet(w.userId).code) ?? 0n;
    expect(
      BigInt(w.balanceCents) === ledger,
      () => `user ${w.userId}: the API serves ${w.balanceCents}, the ledger holds ${ledger}`,
    );
    // Every kind of transfer that names an investor is on the 'todos' statement.
    const movements = namedIn.get(w.userId) ?? 0;
    expect(
      w.statementCount === movements,
      () =>
        `user ${w.userId}: statement says ${w.statementCount} movements, the ledger ${movements}`,
    );
    if (w.statement !== null) {
      expect(
        w.balanceCents === w.statement.cents,
        () => `user ${w.userId}: wallet ${w.balanceCents} ≠ statement ${w.statement!.cents}`,
      );
      expect(
        w.statement.rows === w.statementCount,
        () => `user ${w.userId}: ${w.statement!.rows} rows on the pages, count ${w.statementCount}`,
      );
    }
  }
  return { checks, breaks };
}

/** How each kind of transfer moves its investor's units of its token. */
const UNIT_SIGN: Partial<Record<string, number>> = {
  purchase: 1,
  desistencia: -1,
  refund: -1,
  market_purchase: 1,
  market_sale: -1,
};

/** The secondary board's invariants (docs/product.md §18); returns how many were checked. */
async function checkBoard(
  db: Database,
  ack: Acknowledged,
  transfers: Array<typeof ledgerTransfers.$inferSelect>,
  accountRows: Array<typeof ledgerAccounts.$inferSelect>,
  breaks: string[],
): Promise<number> {
  let checks = 0;
  const expect = (ok: boolean, message: () => string) => {
    checks++;
    if (!ok) breaks.push(message());
  };
  for (const a of accountRows.filter((a) => a.kind === 'market_clearing')) {
    expect(a.balanceCents === 0n, () => `${a.code} holds ${a.balanceCents} between purchases`);
  }

  // Holdings = units bought − refunded − undone ± board purchases and sales, each by its ledger.
  const units = new Map<string, number>();
  for (const t of transfers) {
    const sign = UNIT_SIGN[t.kind];
    if (sign === undefined || t.userId === null || t.tokenId === null) continue;
    const key = `${t.userId}:${t.tokenId}`;
    units.set(key, (units.get(key) ?? 0) + sign * (t.quantity ?? 0));
  }
  const listings = await db.select().from(marketListings);
  const trades = await db.select().from(marketTrades);
  const openLeft = new Map<string, number>();
  for (const l of listings.filter((l) => l.status === 'open')) {
    const key = `${l.sellerId}:${l.tokenId}`;
    openLeft.set(key, (openLeft.get(key) ?? 0) + l.quantityLeft);
  }
  const holdings = await db.select().from(tokenHoldings);
  const held = new Set<string>();
  for (const h of holdings) {
    const key = `${h.userId}:${h.tokenId}`;
    held.add(key);
    expect(
      h.quantity === (units.get(key) ?? 0),
      () => `holding ${key}: ${h.quantity} held, the ledger says ${units.get(key) ?? 0}`,
    );
    expect(
      h.reserved <= h.quantity,
      () => `holding ${key}: ${h.reserved} reserved of ${h.quantity}`,
    );
    expect(
      h.reserved === (openLeft.get(key) ?? 0),
      () =>
        `holding ${key}: ${h.reserved} reserved, its open listings have ${openLeft.get(key) ?? 0} left`,
    );
  }
  for (const [key, n] of units) {
    expect(n === 0 || held.has(key), () => `${key}: ${n} units in the ledger and no holding`);
  }

  // A listing's units gone are the units bought from it; sold out exactly when none are left.
  for (const l of listings) {
    const bought = trades.filter((t) => t.listingId === l.id).reduce((n, t) => n + t.quantity, 0);
    expect(
      l.quantity - l.quantityLeft === bought,
      () => `listing ${l.id}: ${l.quantity - l.quantityLeft} gone, ${bought} bought`,
    );
    expect(
      l.status === 'cancelled' || (l.status === 'sold_out') === (l.quantityLeft === 0),
      () => `listing ${l.id}: ${l.status} with ${l.quantityLeft} left`,
    );
  }

  // Every trade: its two ledger lines once each. Every acknowledged purchase there, nothing more.
  const lines = new Map<string, number>();
  for (const t of transfers) {
    if (t.kind !== 'market_purchase' && t.kind !== 'market_sale') continue;
    const key = `${t.kind}:${t.reference}`;
    lines.set(key, (lines.get(key) ?? 0) + 1);
  }
  for (const trade of trades) {
    for (const kind of ['market_purchase', 'market_sale']) {
      const n = lines.get(`${kind}:${trade.id}`) ?? 0;
      expect(n === 1, () => `trade ${trade.id}: ${n} ${kind} lines`);
    }
  }
  const count = (ids: number[]) => {
    const by = new Map<number, number>();
    for (const id of ids) by.set(id, (by.get(id) ?? 0) + 1);
    return by;
  };
  const tradesBy = count(trades.map((t) => t.buyerId));
  const ackedBy = count(ack.marketBuys.map((b) => b.userId));
  for (const userId of new Set([...tradesBy.keys(), ...ackedBy.keys()])) {
    expect(
      (tradesBy.get(userId) ?? 0) === (ackedBy.get(userId) ?? 0),
      () =>
        `user ${userId}: ${tradesBy.get(userId) ?? 0} board purchases, ${ackedBy.get(userId) ?? 0} acknowledged`,
    );
  }
  const stored = new Map(
    (await db.select().from(idempotentRequests)).map((r) => [`${r.userId}:${r.key}`, r]),
  );
  const tradeById = new Map(trades.map((t) => [t.id, t]));
  for (const b of ack.marketBuys) {
    const row = stored.get(`${b.userId}:${b.key}`);
    const storedId = (row?.body as { id?: number } | undefined)?.id;
    const trade = storedId === undefined ? undefined : tradeById.get(storedId);
    const acked = b.body as { id?: number; quantity?: number; amount?: string };
    expect(
      row?.status === 201 &&
        trade !== undefined &&
        trade.buyerId === b.userId &&
        trade.listingId === b.listingId &&
        trade.quantity === b.quantity &&
        acked.id === trade.id &&
        acked.quantity === trade.quantity &&
        acked.amount === centsToDecimal(trade.amountCents),
      () =>
        `board purchase ${b.key}: stored ${JSON.stringify(row?.body)}, acknowledged ${JSON.stringify(b.body)}`,
    );
  }
  return checks;
}
