import {
  ledgerAccounts,
  ledgerTransfers,
  type Database,
  type LedgerAccountKind,
  type TransferKind,
} from '@copaiba/db';
import { eq, sql } from 'drizzle-orm';

export interface AccountRef {
  code: string;
  kind: LedgerAccountKind;
  userId?: number;
  tokenId?: number;
}

export const accounts = {
  wallet: (userId: number): AccountRef => ({ code: `wallet:${userId}`, kind: 'wallet', userId }),
  pixClearing: (): AccountRef => ({ code: 'pix_clearing', kind: 'pix_clearing' }),
  payoutClearing: (): AccountRef => ({ code: 'payout_clearing', kind: 'payout_clearing' }),
  escrow: (tokenId: number): AccountRef => ({
    code: `escrow:${tokenId}`,
    kind: 'offer_escrow',
    tokenId,
  }),
  issuerPayable: (tokenId: number): AccountRef => ({
    code: `issuer_payable:${tokenId}`,
    kind: 'issuer_payable',
    tokenId,
  }),
  issuerFunding: (tokenId: number): AccountRef => ({
    code: `issuer_funding:${tokenId}`,
    kind: 'issuer_funding',
    tokenId,
  }),
};

/** The account's id, creating it on first use. */
export async function accountId(db: Database, ref: AccountRef): Promise<number> {
  const [created] = await db
    .insert(ledgerAccounts)
    .values(ref)
    .onConflictDoNothing({ target: ledgerAccounts.code })
    .returning({ id: ledgerAccounts.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, ref.code));
  return existing!.id;
}

export async function balanceOf(db: Database, ref: AccountRef): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, ref.code));
  return row?.balance ?? 0n;
}

export interface TransferInput {
  /** Unique per movement: a retry with the same key moves nothing. */
  key: string;
  kind: TransferKind;
  from: AccountRef;
  to: AccountRef;
  amountCents: bigint;
  userId?: number;
  tokenId?: number;
  quantity?: number;
  reference?: string;
}

export class InsufficientFunds extends Error {
  constructor() {
    super('insufficient funds');
  }
}

/**
 * Moves money between two accounts inside the caller's transaction. Returns false when a transfer
 * with this key already exists (nothing moved). A debit that would overdraw a wallet or escrow
 * throws InsufficientFunds and the caller's transaction rolls back.
 */
export async function transfer(tx: Database, input: TransferInput): Promise<boolean> {
  if (input.amountCents <= 0n) throw new Error('transfer amount must be positive');
  const [debit, credit] = [await accountId(tx, input.from), await accountId(tx, input.to)];
  const [inserted] = await tx
    .insert(ledgerTransfers)
    .values({
      idempotencyKey: input.key,
      kind: input.kind,
      debitAccountId: debit,
      creditAccountId: credit,
      amountCents: input.amountCents,
      userId: input.userId,
      tokenId: input.tokenId,
      quantity: input.quantity,
      reference: input.reference,
    })
    .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
    .returning({ id: ledgerTransfers.id });
  if (!inserted) return false;
  // Lower id first, so two transfers between the same accounts never deadlock.
  const moves: Array<[number, bigint]> = [
    [debit, -input.amountCents],
    [credit, input.amountCents],
  ];
  moves.sort((a, b) => a[0] - b[0]);
  for (const [id, delta] of moves) {
    try {
      await tx
        .update(ledgerAccounts)
        .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${delta}` })
        .where(eq(ledgerAccounts.id, id));
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      if ((e.code ?? e.cause?.code) === '23514') throw new InsufficientFunds();
      throw err;
    }
  }
  return true;
}

/** Sum of all balances: zero whenever the ledger is consistent. */
export async function ledgerTotal(db: Database): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)` })
    .from(ledgerAccounts);
  return BigInt(row?.total ?? 0);
}
