import { divideHalfEven } from '@copaiba/contracts';
import { amortizationPerUnit } from '../catalogue/token-figures.ts';
import type { WalletMovement } from '../ledger/ledger.ts';
import type { TokenWithIssuer } from '../tokens/tokens.service.ts';

/*
 * An investor's positions in tokens, computed from the ledger's movements of their wallet alone
 * (docs/product.md §17, docs/DECISIONS.md "Statements"): units bought, less those refunded, undone
 * or sold; cost = what was paid for them (on the board, with its fee), less what came back
 * (refunds, desistências), less the amortization already received, less the cost of units sold
 * (proportional to the units: the average cost stays). An installment splits into amortization
 * (the part that returns the position's cost, in the proportion the schedule returns the unit
 * price, amortizationPerUnit) and income (the rest). For units bought in an offer that is exactly
 * amortizationPerUnit per unit; a board purchase above or below the unit price is amortized over
 * what its units still receive (docs/DECISIONS.md "The secondary board").
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
  /** What units sold on the board brought in, and what they had cost. */
  sales: bigint;
  salesCost: bigint;
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

/** The part of `units` of the position's cost. */
const costOf = (position: Position, units: number, movement: WalletMovement) => {
  if (position.units <= 0)
    throw new Error(`transfer ${movement.id}: ${units} units of an empty position`);
  return divideHalfEven(position.costCents * BigInt(units), BigInt(position.units));
};

interface Schedule {
  /** Per unit, per installment: the part that returns the unit price (amortizationPerUnit). */
  amortization: bigint[];
  /** Per installment: what one unit still had to return before it (the amortizations from it on). */
  faceLeft: bigint[];
}

// Each token's schedule once per replay, not once per installment received: a long history holds
// thousands of them (docs/PERFORMANCE.md, "Queries: indexes and N+1").
const schedules = new WeakMap<TokenWithIssuer, Schedule>();

function scheduleOf(token: TokenWithIssuer): Schedule {
  let schedule = schedules.get(token);
  if (!schedule) {
    const amortization = amortizationPerUnit(token.token);
    const faceLeft = [...amortization];
    for (let i = faceLeft.length - 2; i >= 0; i--) faceLeft[i] = faceLeft[i]! + faceLeft[i + 1]!;
    schedule = { amortization, faceLeft };
    schedules.set(token, schedule);
  }
  return schedule;
}

/** What a movement of a token (movesToken) does to its position as it stands before it. */
function effectOf(movement: WalletMovement, token: TokenWithIssuer, position: Position): Effect {
  const units = movement.quantity ?? 0;
  const amount = movement.amountCents;
  switch (movement.kind) {
    case 'purchase':
    case 'market_purchase':
      return { units, costCents: -amount, flows: { purchases: -amount } };
    case 'market_fee':
      // What buying cost beyond the price is part of the units' cost.
      return { units: 0, costCents: -amount, flows: { purchases: -amount } };
    case 'market_sale': {
      const cost = costOf(position, units, movement);
      return { units: -units, costCents: -cost, flows: { sales: amount, salesCost: cost } };
    }
    case 'refund':
      return { units: -units, costCents: -amount, flows: { refunds: amount } };
    case 'desistencia':
      return { units: -units, costCents: -amount, flows: { desistencias: amount } };
    case 'remuneration': {
      const installment = Number(movement.reference);
      const schedule = scheduleOf(token);
      const perUnit = schedule.amortization[installment - 1];
      if (perUnit === undefined)
        throw new Error(`transfer ${movement.id}: installment '${movement.reference}' unknown`);
      // What one unit still had to return before this installment.
      const faceLeft = schedule.faceLeft[installment - 1]!;
      const amortization =
        faceLeft === 0n
          ? 0n
          : divideHalfEven(costOf(position, units, movement) * perUnit, faceLeft);
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
  'market_purchase',
  'market_sale',
  'market_fee',
]);

/** Whether the movement changes a token position (else it is cash alone). */
export const movesToken = (movement: WalletMovement) =>
  movement.tokenId !== null && TOKEN_KINDS.has(movement.kind);

/** The token a movement of it (movesToken) names; the reads give every one of them. */
function tokenOf(movement: WalletMovement, tokens: TokensById): TokenWithIssuer {
  const token = tokens.get(movement.tokenId!);
  if (!token) throw new Error(`transfer ${movement.id}: token ${movement.tokenId} not found`);
  return token;
}

const noFlows = (): Flows => ({
  purchases: 0n,
  refunds: 0n,
  desistencias: 0n,
  amortization: 0n,
  income: 0n,
  sales: 0n,
  salesCost: 0n,
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
    const token = tokenOf(movement, tokens);
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
    // `end` always stands just before this movement: every earlier one has been applied to it.
    const effect = effectOf(movement, token, period.end);
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

/**
 * The wallet's cash and its tokens at cost at each of `cuts`, in ascending order: what the
 * movements before each cut add up to, applied in their order. A movement's time is its
 * transaction's start, so one that committed later can be older than the one before it; while the
 * times rise with the order, as they do but for such overlaps, each cut goes on from the last
 * (one replay for the wallet's twelve months), and otherwise each starts over.
 */
export function worthsAt(movements: readonly WalletMovement[], tokens: TokensById, cuts: Date[]) {
  const rising = movements.every((m, i) => i === 0 || movements[i - 1]!.createdAt <= m.createdAt);
  const positions = new Map<number, Position>();
  let cashCents = 0n;
  let next = 0;
  return cuts.map((at) => {
    if (!rising) {
      positions.clear();
      cashCents = 0n;
      next = 0;
    }
    for (; next < movements.length; next++) {
      const movement = movements[next]!;
      if (movement.createdAt >= at) {
        if (rising) break;
        continue;
      }
      cashCents += movement.amountCents;
      if (!movesToken(movement)) continue;
      const token = tokenOf(movement, tokens);
      let position = positions.get(token.token.id);
      if (!position) positions.set(token.token.id, (position = { units: 0, costCents: 0n }));
      const effect = effectOf(movement, token, position);
      position.units += effect.units;
      position.costCents += effect.costCents;
    }
    let tokensCents = 0n;
    for (const position of positions.values()) tokensCents += position.costCents;
    return { cashCents, tokensCents };
  });
}
