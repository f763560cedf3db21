import { addDays, todayInSaoPaulo } from '@copaiba/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorWithIssuer, fullTokenForm, send, type SignedIn } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let creator: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  creator = await creatorWithIssuer(t, { cnpj: '11.222.333/0001-81' });
});
afterAll(() => t.close());

const create = async (overrides: Record<string, string>) =>
  send(t, 'POST', '/api/token/', creator.access, await fullTokenForm(overrides));

describe("an offer's limits under CVM Resolução 88 (docs/product.md §15)", () => {
  it('refuses a maximum above R$ 15.000.000,00, a minimum below ⅔ of it, a deadline past 180 days', async () => {
    const today = todayInSaoPaulo(t.clock.now);
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [
        { maximum_amount_raised: '15.000.000,01', minimum_amount_raised: '12.000.000,00' },
        { maximum_amount_raised: ['A captação máxima não pode passar de R$ 15.000.000,00.'] },
      ],
      [
        { maximum_amount_raised: '30000.00', minimum_amount_raised: '19.999,99' },
        {
          minimum_amount_raised: [
            'A captação mínima deve ser de pelo menos 2/3 da máxima (R$ 20.000,00).',
          ],
        },
      ],
      [
        { maximum_amount_raised: '100,00', minimum_amount_raised: '66,66', unit_price: '1,00' },
        {
          minimum_amount_raised: [
            'A captação mínima deve ser de pelo menos 2/3 da máxima (R$ 66,67).',
          ],
        },
      ],
      [
        { deadline_for_funding: addDays(today, 181), first_date_installment: addDays(today, 200) },
        {
          deadline_for_funding: [
            'O prazo de captação deve ser de no máximo 180 dias a partir de hoje.',
          ],
        },
      ],
    ];
    for (const [override, expected] of cases) {
      const res = await create(override);
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json(), JSON.stringify(override)).toEqual(expected);
    }
  });

  it('accepts the limits themselves', async () => {
    const today = todayInSaoPaulo(t.clock.now);
    const res = await create({
      maximum_amount_raised: '15.000.000,00',
      minimum_amount_raised: '10.000.000,00',
      unit_price: '1.000,00',
      deadline_for_funding: addDays(today, 180),
      first_date_installment: addDays(today, 210),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
