import { randomBytes } from 'node:crypto';
import {
  chainJobs,
  chainJobTransfers,
  projects,
  tokenHoldings,
  tokenIssuers,
  tokens,
  users,
  type Database,
  type OfferStatus,
  type TokenStatus,
} from '@copaiba/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { validCpf } from './accounts-fixtures.ts';
import { sealedIdentity } from '../lib/identity-box.ts';
import { testIdentity } from './test-keys.ts';

// A random start keeps CNPJs unique across parallel test files (test data only).
let cnpjSeq = 10_000_000 + Math.floor(Math.random() * 80_000_000);

function validCnpj(): string {
  const base = `${String(cnpjSeq++).padStart(8, '0')}0001`;
  const weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const dv = (s: string, w: number[]) => {
    const rest = [...s].reduce((acc, c, i) => acc + Number(c) * w[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = dv(base, weights.slice(1));
  return `${base}${first}${dv(base + String(first), weights)}`;
}

/** An issuer owned by a new creator account; file columns point at made-up keys. */
export async function insertIssuer(
  db: Database,
  overrides: Partial<typeof tokenIssuers.$inferInsert> = {},
) {
  const [owner] = await db
    .insert(users)
    .values({
      name: 'Criador de Teste',
      email: `criador.${randomBytes(4).toString('hex')}@example.com`,
      ...sealedIdentity(testIdentity, { cpfCnpj: validCpf(), birthDate: '1980-01-01' }),
      passwordHash: 'x',
      isConfirmedEmail: true,
      isTokenCreator: true,
    })
    .returning({ id: users.id });
  const [row] = await db
    .insert(tokenIssuers)
    .values({
      userId: owner!.id,
      institution: 'Cooperativa de Teste',
      cnpj: validCnpj(),
      foundingDate: '2010-05-20',
      summary: 'Resumo',
      site: 'https://coop.example.org',
      email: 'coop@example.org',
      phoneEnc: testIdentity.seal('5591999990000'),
      whatToTokenize: 'Safra',
      tokenIssuerImage: 'images/issuer.webp',
      logoImage: 'images/logo.webp',
      nameRepresentative: 'R1',
      summaryRepresentative: 'S1',
      photographyRepresentative: 'images/r1.webp',
      nameRepresentative2: 'R2',
      summaryRepresentative2: 'S2',
      photographyRepresentative2: 'images/r2.webp',
      nameRepresentative3: 'R3',
      summaryRepresentative3: 'S3',
      photographyRepresentative3: 'images/r3.webp',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertToken(
  db: Database,
  issuerId: number,
  state: { status?: TokenStatus; offer?: OfferStatus | null; issuedAt?: Date } & Partial<
    typeof tokens.$inferInsert
  > = {},
) {
  const {
    status = 'issued',
    offer = status === 'issued' ? 'funding' : null,
    issuedAt,
    ...overrides
  } = state;
  const [row] = await db
    .insert(tokens)
    .values({
      issuerId,
      name: 'Token de Teste',
      symbol: `T${randomBytes(3).toString('hex').toUpperCase()}`,
      unitPriceCents: 100_00n,
      interestRateBp: 1250,
      // At least two thirds of the maximum, as CVM 88 asks of an offer (docs/product.md §15).
      minimumAmountRaisedCents: 40_000_00n,
      maximumAmountRaisedCents: 50_000_00n,
      quantity: 1000,
      deadlineForFunding: '2027-01-29',
      installments: 12,
      firstDateInstallment: '2027-03-31',
      bankDetailsForReceipt: 'Banco 001',
      projectBlade: 'docs/blade.pdf',
      operationFlow: 'images/flow.webp',
      projectStructure: 'images/structure.webp',
      status,
      offerStatus: offer,
      issuedAt: status === 'issued' ? (issuedAt ?? new Date()) : null,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertProject(db: Database, tokenId: number) {
  await db.insert(projects).values({
    tokenId,
    benefitedFamilies: '120 famílias',
    productionAreaSize: '2.400 hectares',
    arlSize: '1.900 hectares',
    territory: 'Breves (PA)',
    productionVolume: '900 toneladas',
    coveredSdgs: 'ODS 2, 8 e 15',
    talkAboutPeopleInvolved: 'Pessoas',
    guarantees: 'Garantias',
    risks: 'Riscos',
    videoLink: 'https://www.youtube.com/watch?v=x',
    nameRepresentative2: 'Rep 2',
    summaryRepresentative2: 'Resumo 2',
    photographyRepresentative2: 'images/p2.webp',
    tokenIssuanceTerm: 'docs/term.pdf',
    deedOfCredit: 'docs/deed.pdf',
    projectPhotography: 'images/ph1.webp',
    projectPhotography2: 'images/ph2.webp',
    impactSummary: 'images/i1.webp',
  });
}

/** A Liberado token (docs/product.md §4) with its project, ready for an administrator to issue. */
export async function insertReleasedToken(
  db: Database,
  issuerId: number,
  overrides: Parameters<typeof insertToken>[2] = {},
) {
  const token = await insertToken(db, issuerId, { status: 'released', offer: null, ...overrides });
  await insertProject(db, token.id);
  return token;
}

/**
 * A holding written directly, with its worth at the token's unit price and the count of tokens
 * held added to the holder's holding_values row, as the functions that change holdings keep them
 * (packages/db/src/sql/holding-values.sql): for reads that need holdings without purchases.
 */
export async function insertHolding(
  db: Database,
  holding: { userId: number; tokenId: number; quantity: number; updatedAt?: Date },
) {
  const { userId, tokenId, quantity } = holding;
  await db.insert(tokenHoldings).values(holding);
  await db.execute(
    sql`select holding_value_add(${userId}, ${quantity} * t.unit_price_cents, ${quantity > 0 ? 1 : 0})
      from tokens t where t.id = ${tokenId}`,
  );
}

/** The chain jobs that mirror these ledger transfers (chain-outbox.sql): one row per transfer. */
export function chainJobsOfTransfers(db: Database, transferIds: number[]) {
  return db
    .select({ job: chainJobs.id, kind: chainJobs.kind, transfer: chainJobTransfers.transferId })
    .from(chainJobTransfers)
    .innerJoin(chainJobs, eq(chainJobs.id, chainJobTransfers.jobId))
    .where(inArray(chainJobTransfers.transferId, transferIds));
}
