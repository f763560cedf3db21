import { randomUUID } from 'node:crypto';
import {
  connectPostgres,
  ledgerAccounts,
  ledgerTransfers,
  tokenHoldings,
  tokens,
  users,
  type DatabaseHandle,
} from '@copaiba/db';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { deriveSecrets } from '../../apps/api/src/lib/secrets.ts';
import { createSessionTokens } from '../../apps/api/src/modules/accounts/session-tokens.ts';
import { RISK_TERM } from '../../apps/api/src/modules/investor/risk-term.ts';
import { accounts, ledgerTotal, transfer } from '../../apps/api/src/modules/ledger/ledger.ts';

export const serverUrl = (database: string) => `postgres://postgres@127.0.0.1:5432/${database}`;

/** Drops and recreates the bench database on this machine's PostgreSQL server. */
export async function recreateDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const db = new pg.Client({ connectionString: serverUrl(name) });
  await db.connect();
  try {
    // pgbench's one-row counter lives beside the product's tables, on the same server.
    await db.query('create table bench_counter (id int primary key, n bigint not null)');
    await db.query('insert into bench_counter values (1, 1000000000)');
  } finally {
    await db.end();
  }
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export interface Investor {
  id: number;
  authorization: string;
}

/** Access tokens for these users, signed with the run's secrets as a login would (a session each). */
export async function signIn(
  db: DatabaseHandle['db'],
  options: { jwtSecret: string; encryptionKey: string },
  people: Array<{ id: number; tokenVersion: number }>,
): Promise<Investor[]> {
  const sessions = createSessionTokens({
    secrets: deriveSecrets(options.jwtSecret, options.encryptionKey),
    accessTtlSeconds: 3600,
    refreshTtlDays: 1,
    now: () => new Date(),
    // Nothing here ends a session.
    endedSessions: { ended: () => undefined },
  });
  const signed: Investor[] = [];
  for (const user of people) {
    const session = await sessions.issue(db, user, { device: 'bench', ip: '127.0.0.1' });
    signed.push({ id: user.id, authorization: `Bearer ${session.access}` });
  }
  return signed;
}

/** One unit of an offer bought through the API, as a buyer's browser asks for it. */
export function buyOneUnit(apiUrl: string, investor: Investor, tokenId: number): Promise<Response> {
  return fetch(`${apiUrl}/api/wallet/buy-token/${tokenId}`, {
    method: 'POST',
    headers: { authorization: investor.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ quantity: 1 }),
    signal: AbortSignal.timeout(60_000),
  });
}

export interface Fixtures {
  investors: Investor[];
  /** A funding offer large enough not to sell out during the run. */
  hotTokenId: number;
  /** A funding offer of `units` units, for the oversell check. */
  smallTokenId: number;
  smallTokenUnits: number;
  /** A public issued token of the demo catalogue and an issuer of it. */
  detailTokenId: number;
  /** `pageOffers` more funding offers, so one investor can hold a full page of tokens. */
  pageTokenIds: number[];
}

/**
 * Funded investors and two fresh offers, written through the ledger's own transfer function so
 * money stays balanced (every deposit is pix_clearing → wallet).
 */
export async function createFixtures(options: {
  database: string;
  jwtSecret: string;
  encryptionKey: string;
  investors: number;
  fundingCents: bigint;
  smallTokenUnits: number;
  pageOffers?: number;
}): Promise<Fixtures> {
  const handle: DatabaseHandle = connectPostgres(serverUrl(options.database), 4);
  const { db } = handle;
  try {
    // Nobody logs in as these: an unusable hash keeps argon2 out of the set-up time.
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: options.investors }, (_, i) => ({
          name: `Investidor Bench ${i + 1}`,
          email: `bench${i + 1}@copaiba.dev`,
          passwordHash: 'unusable',
          isConfirmedEmail: true,
          // Accepted, as every buyer has before a first purchase (docs/product.md §15).
          riskTermVersion: RISK_TERM.version,
        })),
      )
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    for (const user of rows) {
      await db.transaction((tx) =>
        transfer(tx, {
          key: `bench-deposit:${user.id}`,
          kind: 'deposit',
          from: accounts.pixClearing(),
          to: accounts.wallet(user.id),
          amountCents: options.fundingCents,
          userId: user.id,
        }),
      );
    }
    const investors = await signIn(db, options, rows);

    const [template] = await db
      .select()
      .from(tokens)
      .where(and(eq(tokens.status, 'issued'), eq(tokens.offerStatus, 'funding')))
      .limit(1);
    if (!template) throw new Error('the demo catalogue has no funding offer');
    const offer = (symbol: string, quantity: number) => ({
      ...template,
      id: undefined,
      name: `Bench ${symbol}`,
      symbol,
      unitPriceCents: 100n,
      quantity,
      minimumAmountRaisedCents: 100n,
      maximumAmountRaisedCents: BigInt(quantity) * 100n,
      deadlineForFunding: '2099-12-31',
      unitsSold: 0,
      amountCapitatedCents: 0n,
      buyers: 0,
      issuedAt: new Date(),
      createdAt: undefined,
      updatedAt: undefined,
    });
    const [hot] = await db
      .insert(tokens)
      .values(offer('BENCHHOT', 100_000_000))
      .returning({ id: tokens.id });
    const [small] = await db
      .insert(tokens)
      .values(offer('BENCHSMALL', options.smallTokenUnits))
      .returning({ id: tokens.id });
    const pages = Array.from({ length: options.pageOffers ?? 0 }, (_, i) =>
      offer(`BENCHPAGE${i + 1}`, 1_000_000),
    );
    const pageTokens =
      pages.length === 0 ? [] : await db.insert(tokens).values(pages).returning({ id: tokens.id });
    return {
      investors,
      hotTokenId: hot!.id,
      smallTokenId: small!.id,
      smallTokenUnits: options.smallTokenUnits,
      detailTokenId: template.id,
      pageTokenIds: pageTokens.map((t) => t.id),
    };
  } finally {
    await handle.close();
  }
}

export interface OfferCheck {
  tokenId: number;
  unitsSold: number;
  forSale: number;
  holdingsUnits: number;
  purchaseUnits: number;
  escrowCents: string;
  capitatedCents: string;
  /** units sold ≤ for sale, holdings = purchases = units sold, escrow = amount raised. */
  consistent: boolean;
}

/** After the run: no oversell, holdings and ledger agree with the offer, the ledger sums to zero. */
export async function checkMoney(
  database: string,
  tokenIds: number[],
): Promise<{ ledgerTotalCents: string; offers: OfferCheck[]; balanced: boolean }> {
  const handle = connectPostgres(serverUrl(database), 2);
  const { db } = handle;
  try {
    const offers: OfferCheck[] = [];
    for (const tokenId of tokenIds) {
      const [token] = await db.select().from(tokens).where(eq(tokens.id, tokenId));
      const [held] = await db
        .select({ n: sql<string>`coalesce(sum(${tokenHoldings.quantity}), 0)` })
        .from(tokenHoldings)
        .where(eq(tokenHoldings.tokenId, tokenId));
      const [bought] = await db
        .select({ n: sql<string>`coalesce(sum(${ledgerTransfers.quantity}), 0)` })
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.tokenId, tokenId), eq(ledgerTransfers.kind, 'purchase')));
      const [escrow] = await db
        .select({ balance: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, accounts.escrow(tokenId).code));
      const forSale = Math.min(
        token!.quantity,
        Number(token!.maximumAmountRaisedCents / token!.unitPriceCents),
      );
      const check = {
        tokenId,
        unitsSold: token!.unitsSold,
        forSale,
        holdingsUnits: Number(held?.n ?? 0),
        purchaseUnits: Number(bought?.n ?? 0),
        escrowCents: String(escrow?.balance ?? 0n),
        capitatedCents: String(token!.amountCapitatedCents),
      };
      offers.push({
        ...check,
        consistent:
          check.unitsSold <= check.forSale &&
          check.holdingsUnits === check.unitsSold &&
          check.purchaseUnits === check.unitsSold &&
          check.escrowCents === check.capitatedCents,
      });
    }
    const total = await ledgerTotal(db);
    return {
      ledgerTotalCents: String(total),
      offers,
      balanced: total === 0n && offers.every((o) => o.consistent),
    };
  } finally {
    await handle.close();
  }
}

export const newKey = () => randomUUID();
