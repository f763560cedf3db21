import {
  idempotentRequests,
  installmentPayments,
  ledgerAccounts,
  ledgerTransfers,
  pixCharges,
  tokenHoldings,
  tokens,
  withdrawals,
  type Database,
} from '@copaiba/db';
import { isDeepStrictEqual } from 'node:util';
import { centsToDecimal } from '@copaiba/contracts';
import { sql } from 'drizzle-orm';
import { accounts } from '../modules/ledger/ledger.ts';
import { annualTotalsDrift } from '../testing/annual-totals.ts';

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
}

/** A wallet as the API serves it to its owner. */
export interface ServedWallet {
  userId: number;
  balanceCents: number;
  /** The sum of its statement's pages, when they were walked (at the end only: it is long). */
  statementCents: number | null;
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
 * every closed offer paid or refunded exactly once, and every wallet the API serves equals its
 * ledger account and its statement. Read in one snapshot: the jobs keep running.
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
      expect(units === 0, () => `failed token ${t.id} still has ${units} units held`);
      expect(
        (balanceOf.get(`escrow:${t.id}`) ?? 0n) === 0n,
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
    for (const b of m.buyers) {
      const moves = transfers.filter(
        (t) => t.kind === kind && t.tokenId === m.tokenId && t.userId === b.userId,
      );
      expect(
        moves.length === owedTo(b.userId),
        () =>
          `token ${m.tokenId}, user ${b.userId}: ${moves.length} ${kind}s, ${owedTo(b.userId)} owed`,
      );
    }
  }

  for (const w of wallets) {
    const ledger = balanceOf.get(accounts.wallet(w.userId).code) ?? 0n;
    expect(
      BigInt(w.balanceCents) === ledger,
      () => `user ${w.userId}: the API serves ${w.balanceCents}, the ledger holds ${ledger}`,
    );
    if (w.statementCents !== null) {
      expect(
        w.balanceCents === w.statementCents,
        () => `user ${w.userId}: wallet ${w.balanceCents} ≠ statement ${w.statementCents}`,
      );
    }
  }
  return { checks, breaks };
}
