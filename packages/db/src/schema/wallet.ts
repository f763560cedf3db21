import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tokens } from './catalogue.ts';

/**
 * Double-entry ledger accounts. `balance_cents` is credits minus debits, kept in the same
 * transaction as each transfer; all balances sum to zero. Wallets and escrows never go negative.
 */
export type LedgerAccountKind =
  | 'wallet'
  | 'pix_clearing'
  | 'payout_clearing'
  | 'offer_escrow'
  | 'issuer_payable'
  | 'issuer_funding'
  /** A token's board purchases pass through it: buyer in, seller out, zero after each purchase. */
  | 'market_clearing'
  | 'platform';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Unique name: `wallet:<userId>`, `escrow:<tokenId>`, `pix_clearing`… */
    code: text('code').notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    tokenId: bigint('token_id', { mode: 'number' }).references(() => tokens.id),
    balanceCents: bigint('balance_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    check(
      'ledger_accounts_no_overdraft',
      sql`${t.kind} not in ('wallet', 'offer_escrow') or ${t.balanceCents} >= 0`,
    ),
  ],
);

export type TransferKind =
  | 'deposit'
  | 'withdrawal'
  | 'withdrawal_reversal'
  | 'purchase'
  /** A purchase undone within its window (docs/product.md §15): escrow back to the wallet. */
  | 'desistencia'
  | 'refund'
  | 'remuneration'
  | 'offer_settlement'
  /** The secondary board (docs/product.md §18): the buyer's payment, the seller's proceeds, the fee. */
  | 'market_purchase'
  | 'market_sale'
  | 'market_fee';

/**
 * Append-only: a correction is a reversing transfer, never an update. Written by the database's
 * ledger_transfer only; its account and token foreign keys are checked at commit (migration 0008).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').$type<TransferKind>().notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    /** The investor the statement line belongs to, when there is one. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    tokenId: bigint('token_id', { mode: 'number' }).references(() => tokens.id),
    quantity: bigint('quantity', { mode: 'number' }),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(t.idempotencyKey),
    index('ledger_transfers_user_idx').on(t.userId, t.id),
    // A statement's count, from the index alone however long the investor's history.
    index('ledger_transfers_user_kind_idx').on(t.userId, t.kind),
    // The month's withdrawals the balance shows, without reading every other movement.
    index('ledger_transfers_user_withdrawals_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.kind} in ('withdrawal', 'withdrawal_reversal')`),
    check('ledger_transfers_positive', sql`${t.amountCents} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

/**
 * How many transfers name each user, per kind: a statement's count without reading the whole
 * history (docs/PERFORMANCE.md, "Long histories"). Kept by ledger_transfer in the transfer's own
 * transaction, under the lock of the user's wallet (ledger.sql).
 */
export const ledgerStatementCounts = pgTable(
  'ledger_statement_counts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<TransferKind>().notNull(),
    transfers: bigint('transfers', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Units of each token held by each investor; the token's foreign key is checked at commit. */
export const tokenHoldings = pgTable(
  'token_holdings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenId: bigint('token_id', { mode: 'number' })
      .notNull()
      .references(() => tokens.id),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** Units listed on the secondary board and not yet sold (docs/product.md §18): never listed twice. */
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tokenId] }),
    // A token's holders, in user order: the closing and payout jobs read them (offer-jobs.sql).
    index('token_holdings_token_idx').on(t.tokenId, t.userId),
    // 'Meus Ativos', newest first (read backwards): its page and its count read this index alone,
    // however many tokens the investor holds (docs/PERFORMANCE.md, "'Meus Ativos' of 200 holdings").
    index('token_holdings_newest_idx').on(t.userId, t.updatedAt, t.tokenId, t.quantity, t.reserved),
    check('token_holdings_non_negative', sql`${t.quantity} >= 0`),
    check('token_holdings_reserved', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.quantity}`),
  ],
);

/**
 * Each investor's holdings at their tokens' unit prices, the balance's "investido": one row to
 * read however many tokens the investor holds (docs/PERFORMANCE.md, "At scale"). Kept by every
 * function that changes a holding's quantity, under the holder's wallet (holding-values.sql).
 */
export const holdingValues = pgTable(
  'holding_values',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    valueCents: bigint('value_cents', { mode: 'bigint' }).notNull(),
    /** How many tokens the investor holds (holdings with units): 'Meus Ativos' counts its pages by it. */
    holdings: integer('holdings').notNull().default(0),
  },
  (t) => [
    check('holding_values_non_negative', sql`${t.valueCents} >= 0`),
    check('holding_values_holdings_non_negative', sql`${t.holdings} >= 0`),
  ],
);

export type PixChargeStatus = 'pending' | 'paid' | 'expired';

/** A dynamic Pix charge for a deposit; credited once, by its endToEndId. */
export const pixCharges = pgTable(
  'pix_charges',
  {
    txid: text('txid').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    status: text('status').$type<PixChargeStatus>().notNull().default('pending'),
    brCode: text('br_code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endToEndId: text('end_to_end_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pix_charges_end_to_end_key').on(t.endToEndId),
    index('pix_charges_user_created_idx').on(t.userId, t.createdAt),
    index('pix_charges_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** The first answer to a money-moving request, returned again to any retry with the same key. */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    endpoint: text('endpoint').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type WithdrawalStatus = 'requested' | 'paid' | 'failed';

/** A withdrawal to a Pix key: debited at once, paid out by the provider, reversed if the payout fails. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    keyPix: text('key_pix').notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull().default('requested'),
    providerReference: text('provider_reference'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Payout attempts so far; a payout the process never finished is retried from this date on. */
    payoutAttempts: integer('payout_attempts').notNull().default(0),
    nextPayoutAt: timestamp('next_payout_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_requested_idx')
      .on(t.nextPayoutAt)
      .where(sql`${t.status} = 'requested'`),
  ],
);

/** One row per installment paid to a token's holders: the job that pays it inserts it first. */
export const installmentPayments = pgTable(
  'installment_payments',
  {
    tokenId: bigint('token_id', { mode: 'number' })
      .notNull()
      .references(() => tokens.id),
    installmentNumber: integer('installment_number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'bigint' }).notNull(),
    holders: integer('holders').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.installmentNumber] })],
);

export type OfferJobKind = 'refund' | 'offer_succeeded' | 'remuneration';

/**
 * What the offer jobs still owe each holder (packages/db/src/sql/offer-jobs.sql): written when an
 * offer closes (a failed offer's refund, a succeeded offer's notice) or an installment is claimed
 * (each holder's remuneration, for the units held at that moment), in the transaction that decides
 * it, and served in batches, each row deleted in the transaction that serves it. Empty while no
 * job is in progress.
 */
export const offerJobQueue = pgTable(
  'offer_job_queue',
  {
    tokenId: bigint('token_id', { mode: 'number' })
      .notNull()
      .references(() => tokens.id),
    kind: text('kind').$type<OfferJobKind>().notNull(),
    /** The installment paid; 0 for the offer's closing. */
    installment: integer('installment').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** What moves to the holder (the refund, the remuneration), or what the units will pay. */
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenId, t.kind, t.installment, t.userId] }),
    check('offer_job_queue_kind', sql`${t.kind} in ('refund', 'offer_succeeded', 'remuneration')`),
  ],
);
