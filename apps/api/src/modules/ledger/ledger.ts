import {
  ledgerAccounts,
  ledgerTransfers,
  type Database,
  type LedgerAccountKind,
  type TransferKind,
} from '@copaiba/db';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { sqlRows } from '../../lib/sql-rows.ts';

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

const accountArgs = (r: AccountRef) =>
  sql`${r.code}::text, ${r.kind}::text, ${r.userId ?? null}::bigint, ${r.tokenId ?? null}::bigint`;

/** The account's id, creating it on first use. */
export async function accountId(db: Database, account: AccountRef): Promise<number> {
  const [row] = await sqlRows<{ id: string | number }>(
    db,
    sql`select ledger_account(${accountArgs(account)}) as id`,
  );
  return Number(row!.id);
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
 * Moves money between two accounts inside the caller's transaction, in one statement: the
 * database's ledger_transfer, the one way money moves (purchases call it from buy_tokens). Returns
 * false when a transfer with this key already exists (nothing moved). A debit that would overdraw a
 * wallet or escrow throws InsufficientFunds and the caller's transaction rolls back.
 */
export async function transfer(tx: Database, input: TransferInput): Promise<boolean> {
  if (input.amountCents <= 0n) throw new Error('transfer amount must be positive');
  try {
    const [row] = await sqlRows<{ id: string | number | null }>(
      tx,
      sql`select ledger_transfer(${input.key}::text, ${input.kind}::text, ${accountArgs(input.from)}, ${accountArgs(input.to)},
        ${input.amountCents}::bigint, ${input.userId ?? null}::bigint, ${input.tokenId ?? null}::bigint,
        ${input.quantity ?? null}::bigint, ${input.reference ?? null}::text) as id`,
    );
    return row!.id !== null;
  } catch (err) {
    if (isOverdraft(err)) throw new InsufficientFunds();
    throw err;
  }
}

/** The error of a debit refused by a wallet's or escrow's no-overdraft constraint. */
export function isOverdraft(err: unknown): boolean {
  type PgError = { code?: string; constraint?: string; cause?: PgError };
  const e = err as PgError | undefined;
  const pg = e?.code ? e : e?.cause;
  return pg?.code === '23514' && pg.constraint === 'ledger_accounts_no_overdraft';
}

/** Sum of all balances: zero whenever the ledger is consistent. */
export async function ledgerTotal(db: Database): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)` })
    .from(ledgerAccounts);
  return BigInt(row?.total ?? 0);
}

/** A movement of a user's wallet, its amount signed from the wallet's side (+ in, − out). */
export interface WalletMovement {
  id: number;
  kind: TransferKind;
  amountCents: bigint;
  tokenId: number | null;
  quantity: number | null;
  reference: string | null;
  createdAt: Date;
}

/** A movement as the read below sends it: id, kind, signed amount (text), token, units, reference, time. */
type MovementTuple = [
  number,
  TransferKind,
  string,
  number | null,
  number | null,
  string | null,
  string,
];

/**
 * Every transfer in or out of the user's wallet, oldest first (the order they were applied), up
 * to `before` when given: what statements and reports are computed from. Prepared once per
 * database handle, with and without `before`, as the wallet's hot reads are: /wallet asks for it
 * twice (its history and upcoming receipts). The movements come as one JSON array, which node
 * parses natively: mapped row by row by drizzle, 10,000 of them took 46 ms of the API's CPU, as
 * JSON 9 (docs/PERFORMANCE.md, "Queries: indexes and N+1").
 */
export function createMovementReads(db: Database) {
  const userId = sql.placeholder('userId');
  const wallet = db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, sql.placeholder('walletCode')));
  const t = ledgerTransfers;
  const movements = (until: boolean) =>
    db
      .select({
        movements: sql<MovementTuple[]>`coalesce(json_agg(json_build_array(${t.id}, ${t.kind},
          (case when ${t.creditAccountId} = (${wallet}) then ${t.amountCents}
            else -${t.amountCents} end)::text,
          ${t.tokenId}, ${t.quantity}, ${t.reference}, ${t.createdAt}) order by ${t.id}), '[]')`,
      })
      .from(t)
      .where(
        and(
          // The user's index first; then only what touched the wallet itself.
          eq(t.userId, userId),
          or(eq(t.debitAccountId, sql`(${wallet})`), eq(t.creditAccountId, sql`(${wallet})`)),
          until ? lt(t.createdAt, sql.placeholder('before')) : undefined,
        ),
      )
      .prepare(until ? 'wallet_movements_before' : 'wallet_movements');
  const all = movements(false);
  const before = movements(true);

  return {
    async walletMovements(user: number, until?: Date): Promise<WalletMovement[]> {
      const walletCode = accounts.wallet(user).code;
      const [row] = await (until
        ? before.execute({ userId: user, walletCode, before: until })
        : all.execute({ userId: user, walletCode }));
      return (row?.movements ?? []).map(
        ([id, kind, amount, tokenId, quantity, reference, at]): WalletMovement => ({
          id,
          kind,
          amountCents: BigInt(amount),
          tokenId,
          quantity,
          reference,
          createdAt: new Date(at),
        }),
      );
    },
  };
}
