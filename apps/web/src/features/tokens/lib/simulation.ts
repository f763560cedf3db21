import { decimalToCentsOrZero, decimalToScaled, divideHalfEven } from '@copaiba/contracts/money';

export interface SimulationInput {
  quantity: number;
  /** Decimal string, e.g. "100.00". */
  unitPrice: string;
  /** Total interest over the term in percent, e.g. "12.50" (docs/product.md §3 practiced_interest_rate). */
  interestRate: string;
}

export interface Simulation {
  /** quantity × unit_price. */
  priceCents: bigint;
  /** price × interest percent, rounded half-even to the centavo. */
  gainCents: bigint;
  /** price + gain (docs/product.md §9). */
  totalCents: bigint;
}

function decimalPlaces(value: string): number {
  const fraction = value.trim().split(/[.,]/)[1] ?? '';
  return Math.max(2, fraction.length);
}

/** docs/product.md §9: the purchase simulation, in integer centavos with BigInt; never floating point. */
export function simulatePurchase({
  quantity,
  unitPrice,
  interestRate,
}: SimulationInput): Simulation {
  const units = Number.isSafeInteger(quantity) && quantity > 0 ? BigInt(quantity) : 0n;
  const priceCents = units * decimalToCentsOrZero(unitPrice);
  const places = decimalPlaces(interestRate);
  const rate = decimalToScaled(interestRate, places) ?? 0n;
  // price × rate / (100 × 10^places)
  const gainCents = divideHalfEven(priceCents * rate, 100n * 10n ** BigInt(places));
  return { priceCents, gainCents, totalCents: priceCents + gainCents };
}

/** What each installment pays for `quantity` units: amount_to_pay.value (per unit) × quantity. */
export function installmentForQuantity(amountPerUnit: string, quantity: number): bigint {
  const units = Number.isSafeInteger(quantity) && quantity > 0 ? BigInt(quantity) : 0n;
  return units * decimalToCentsOrZero(amountPerUnit);
}

/** The quantity the controls may hold: a whole number from 1 to the units left (docs/product.md §5). */
export function clampQuantity(value: number, unitsLeft: number): number {
  const max = Math.max(1, Math.floor(unitsLeft));
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.floor(value)));
}

/** Comprar is 'Finalizado' when nothing is left or the offer no longer takes buyers. */
export function isOfferClosed(unitsLeft: number, isFunding: boolean): boolean {
  return unitsLeft <= 0 || !isFunding;
}
