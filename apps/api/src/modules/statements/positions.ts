import { amortizationPerUnit } from '../catalogue/token-figures.ts';
import type { WalletMovement } from '../ledger/ledger.ts';
import type { TokenWithIssuer } from '../tokens/tokens.service.ts';

/*
 * An investor's positions in tokens, computed from the ledger's movements of their wallet alone
 * (docs/product.md §17, docs/DECISIONS.md "Statements"): units bought, less those refunded or
 * undone; cost = what was paid for them, less what came back (refunds, desistências) and less the
 * amortization already received. An installment splits into amortization (the unit price returned,
 * amortizationPerUnit) and income (the rest).
 */

export interface Position {
  units: number;
  costCents: bigint;
}

/** Money of a period, per token, by what it was. */
export interface Flows {
  purchases: bigint;
  refunds: bigint;
  desistencias: bigint;
  amortization: bigint;
  income: bigint;
}

export interface TokenPeriod {
  token: TokenWithIssuer;
  start: Position;
  end: Position;
  flows: Flows;
  /** Whether any movement of this token falls inside the period. */
  moved: boolean;
}

export type TokensById = ReadonlyMap<number, TokenWithIssuer>;

interface Effect {
  units: number;
  costCents: bigint;
  flows: Partial<Flows>;
}

/** What a movement of a token (movesToken) does to its position. */
function effectOf(movement: WalletMovement, token: TokenWithIssuer): Effect {
  const units = movement.quantity ?? 0;
  const amount = movement.amountCents;
  switch (movement.kind) {
    case 'purchase':
      return { units, costCents: -amount, flows: { purchases: -amount } };
    case 'refund':
      return { units: -units, costCents: -amount, flows: { refunds: amount } };
    case 'desistencia':
      return { units: -units, costCents: -amount, flows: { desistencias: amount } };
    case 'remuneration': {
      const installment = Number(movement.reference);
      const perUnit = amortizationPerUnit(token.token)[installment - 1];
      if (perUnit === undefined)
        throw new Error(`transfer ${movement.id}: installment '${movement.reference}' unknown`);
      const amortization = BigInt(units) * perUnit;
      return {
        units: 0,
        costCents: -amortization,
        flows: { amortization, income: amount - amortization },
      };
    }
    case 'deposit':
    case 'withdrawal':
    case 'withdrawal_reversal':
    case 'offer_settlement':
      throw new Error(`transfer ${movement.id}: ${movement.kind} names no token position`);
  }
}

const TOKEN_KINDS: ReadonlySet<WalletMovement['kind']> = new Set([
  'purchase',
  'refund',
  'desistencia',
  'remuneration',
]);

/** Whether the movement changes a token position (else it is cash alone). */
export const movesToken = (movement: WalletMovement) =>
  movement.tokenId !== null && TOKEN_KINDS.has(movement.kind);

const noFlows = (): Flows => ({
  purchases: 0n,
  refunds: 0n,
  desistencias: 0n,
  amortization: 0n,
  income: 0n,
});

/**
 * Each token's position at `from` and at `to`, and the money of the movements between them
 * ([from, to)). Movements must be in the order they were applied.
 */
export function tokenPeriods(
  movements: readonly WalletMovement[],
  tokens: TokensById,
  from: Date,
  to: Date,
): TokenPeriod[] {
  const periods = new Map<number, TokenPeriod>();
  for (const movement of movements) {
    if (!movesToken(movement) || movement.createdAt >= to) continue;
    const token = tokens.get(movement.tokenId!);
    if (!token) throw new Error(`transfer ${movement.id}: token ${movement.tokenId} not found`);
    let period = periods.get(token.token.id);
    if (!period) {
      period = {
        token,
        start: { units: 0, costCents: 0n },
        end: { units: 0, costCents: 0n },
        flows: noFlows(),
        moved: false,
      };
      periods.set(token.token.id, period);
    }
    const effect = effectOf(movement, token);
    const before = movement.createdAt < from;
    for (const position of before ? [period.start, period.end] : [period.end]) {
      position.units += effect.units;
      position.costCents += effect.costCents;
    }
    if (before) continue;
    period.moved = true;
    for (const [key, value] of Object.entries(effect.flows) as [keyof Flows, bigint][])
      period.flows[key] += value;
  }
  return [...periods.values()];
}

/** Held at a date: units whose price has not all come back yet. */
export const isHeld = (position: Position) => position.units > 0 && position.costCents > 0n;

/** The wallet's cash and its tokens at cost at `at`. */
export function worthAt(movements: readonly WalletMovement[], tokens: TokensById, at: Date) {
  const cashCents = movements
    .filter((m) => m.createdAt < at)
    .reduce((sum, m) => sum + m.amountCents, 0n);
  const tokensCents = tokenPeriods(movements, tokens, at, at).reduce(
    (sum, p) => sum + p.end.costCents,
    0n,
  );
  return { cashCents, tokensCents };
}
