import { describe, expect, it } from 'vitest';
import type { WalletMovement } from '../ledger/ledger.ts';
import type { TokenWithIssuer } from '../tokens/tokens.service.ts';
import { tokenPeriods, worthsAt, type TokensById } from './positions.ts';

/*
 * The wallet's worth at several dates (its history, docs/product.md §17) in one replay: the same
 * figures as replaying the movements before each date on its own, whatever order their times are in.
 */

const token = (id: number): TokenWithIssuer => ({
  token: {
    id,
    name: `Token ${id}`,
    symbol: `TK${id}`,
    offerStatus: 'distributing',
    unitPriceCents: 100_00n,
    interestRateBp: 1_200,
    installments: 4,
    firstDateInstallment: '2026-02-01',
  },
  issuerName: 'Cooperativa',
  issuerCnpj: '00000000000191',
  installmentsPaid: 2,
});
const tokens: TokensById = new Map([1, 2].map((id) => [id, token(id)]));

let id = 0;
const at = (day: string) => new Date(`2026-${day}T12:00:00Z`);
const move = (
  day: string,
  kind: WalletMovement['kind'],
  amountCents: bigint,
  more: Partial<WalletMovement> = {},
): WalletMovement => ({
  id: ++id,
  kind,
  amountCents,
  tokenId: null,
  quantity: null,
  reference: null,
  createdAt: at(day),
  ...more,
});

/** The definition: each date's movements replayed on their own. */
const reference = (movements: WalletMovement[], cut: Date) => ({
  cashCents: movements.filter((m) => m.createdAt < cut).reduce((s, m) => s + m.amountCents, 0n),
  tokensCents: tokenPeriods(movements, tokens, cut, cut).reduce((s, p) => s + p.end.costCents, 0n),
});

const history = (): WalletMovement[] => [
  move('01-05', 'deposit', 5_000_00n),
  move('01-10', 'purchase', -1_000_00n, { tokenId: 1, quantity: 10 }),
  move('01-20', 'purchase', -500_00n, { tokenId: 2, quantity: 5 }),
  move('02-01', 'remuneration', 280_00n, { tokenId: 1, reference: '1' }),
  move('02-15', 'market_sale', 420_00n, { tokenId: 1, quantity: 4 }),
  move('03-01', 'remuneration', 168_00n, { tokenId: 1, reference: '2' }),
  move('03-03', 'withdrawal', -300_00n),
  move('04-10', 'desistencia', 500_00n, { tokenId: 2, quantity: 5 }),
];
const cuts = ['01-01', '01-31', '02-28', '03-02', '03-31', '04-30'].map(at);

describe('the wallet worth at each month end', () => {
  it('is, in one replay, what replaying each month on its own gives', () => {
    const movements = history();
    const worths = worthsAt(movements, tokens, cuts);
    expect(worths).toEqual(cuts.map((cut) => reference(movements, cut)));
    // Cash and the positions at cost, amortized by the installments and the sale.
    expect(worths[0]).toEqual({ cashCents: 0n, tokensCents: 0n });
    expect(worths[1]).toEqual({ cashCents: 3_500_00n, tokensCents: 1_500_00n });
    expect(worths[5]!.tokensCents).toBeLessThan(1_000_00n);
  });

  it('is the same when a movement is older than the one before it (transactions that overlap)', () => {
    const movements = history();
    // Written after the sale, in a transaction that began before the month turned.
    movements.splice(5, 0, move('02-27', 'purchase', -200_00n, { tokenId: 2, quantity: 2 }));
    movements.splice(6, 0, move('01-30', 'deposit', 50_00n));
    expect(movements.map((m) => m.createdAt)).not.toEqual(
      [...movements.map((m) => m.createdAt)].sort((a, b) => a.getTime() - b.getTime()),
    );
    expect(worthsAt(movements, tokens, cuts)).toEqual(cuts.map((cut) => reference(movements, cut)));
  });
});
