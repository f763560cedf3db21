import fc from 'fast-check';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { brCode, crc16 } from './br-code.ts';

describe('Pix BR Code', () => {
  it('computes CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('is read back by an independent parser with key, amount, txid and a valid CRC', () => {
    const code = brCode({
      pixKey: 'pagamentos@copaiba.com.br',
      merchantName: 'Copaíba Investimentos S.A.',
      merchantCity: 'Belém',
      amount: '150.00',
      txid: 'CPB7f3a9c21d4e5b6',
    });
    const parsed = parsePix(code);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({
      pixKey: 'pagamentos@copaiba.com.br',
      transactionAmount: 150,
      merchantName: 'COPAIBA INVESTIMENTOS SA',
      merchantCity: 'BELEM',
      txid: 'CPB7f3a9c21d4e5b6',
    });
    expect(code.endsWith(crc16(code.slice(0, -4)))).toBe(true);
  });

  it('stays valid for any amount and txid', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 9_999_999_99n }),
        fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        (cents, txid) => {
          const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
          const parsed = parsePix(
            brCode({
              pixKey: '+5591999990000',
              merchantName: 'Copaiba',
              merchantCity: 'Belem',
              amount,
              txid,
            }),
          );
          expect(hasError(parsed)).toBe(false);
          expect(!hasError(parsed) && isStaticPix(parsed)).toBe(true);
          if (!hasError(parsed) && isStaticPix(parsed)) {
            expect(Math.round((parsed.transactionAmount ?? 0) * 100)).toBe(Number(cents));
            expect(parsed.txid).toBe(txid);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
