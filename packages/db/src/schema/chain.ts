import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tokens } from './catalogue.ts';
import { ledgerTransfers } from './wallet.ts';

/** `transfer`: units moved between two custodied wallets by a board purchase (docs/product.md §18). */
export type ChainJobKind = 'deploy' | 'mint' | 'burn' | 'remunerate' | 'transfer';
export type ChainJobStatus = 'pending' | 'sent' | 'mined' | 'failed';

/**
 * Transactional outbox of on-chain operations. Written in the same transaction as the ledger
 * movement it mirrors; sent in `seq` order per token by the chain worker. A job's signed
 * transaction is stored before it is broadcast, so a restart re-broadcasts the same transaction
 * (same hash, same nonce) instead of sending a second one.
 */
export const chainJobs = pgTable(
  'chain_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenId: bigint('token_id', { mode: 'number' })
      .notNull()
      .references(() => tokens.id),
    seq: integer('seq').notNull(),
    kind: text('kind').$type<ChainJobKind>().notNull(),
    /** Installment number, for `remunerate`. */
    installment: integer('installment'),
    status: text('status').$type<ChainJobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the job until then; another worker may take it over afterwards. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    nonce: bigint('nonce', { mode: 'number' }),
    rawTx: text('raw_tx'),
    txHash: text('tx_hash'),
    /** The transaction on the explorer configured when it was mined. */
    txUrl: text('tx_url'),
    contractAddress: text('contract_address'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    minedAt: timestamp('mined_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chain_jobs_token_seq_key').on(t.tokenId, t.seq),
    index('chain_jobs_open_idx')
      .on(t.tokenId, t.seq)
      .where(sql`${t.status} in ('pending', 'sent')`),
  ],
);

/** Which chain job mirrors each ledger transfer: the statement shows that job's transaction. */
export const chainJobTransfers = pgTable(
  'chain_job_transfers',
  {
    transferId: bigint('transfer_id', { mode: 'number' })
      .primaryKey()
      .references(() => ledgerTransfers.id),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => chainJobs.id),
  },
  (t) => [index('chain_job_transfers_job_idx').on(t.jobId)],
);

/** Each investor's custodied chain wallet; the private key is sealed with the server's key. */
export const chainWallets = pgTable(
  'chain_wallets',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    address: text('address').notNull(),
    sealedKey: text('sealed_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chain_wallets_address_key').on(t.address)],
);

/** The latest supply check of each token: on-chain balances against the ledger. */
export const chainReconciliations = pgTable('chain_reconciliations', {
  tokenId: bigint('token_id', { mode: 'number' })
    .primaryKey()
    .references(() => tokens.id),
  status: text('status').$type<'ok' | 'pendente' | 'divergente'>().notNull(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
