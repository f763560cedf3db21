import { todayInSaoPaulo } from '@copaiba/contracts';
import { describe, expect, it } from 'vitest';
import { tokenFormDefaults, tokenFormSchema, type TokenFormValues } from './token-form-schema';

const daysFromToday = (days: number) => {
  const [y, m, d] = todayInSaoPaulo().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'fluxo.png', { type: 'image/png' });
const pdf = () => new File(['%PDF-1.4'], 'lamina.pdf', { type: 'application/pdf' });

function filled(overrides: Partial<TokenFormValues> = {}): TokenFormValues {
  return {
    ...tokenFormDefaults(),
    name: 'Açaí Manejado do Marajó',
    unit_price: '100.00',
    practiced_interest_rate: '12.50',
    minimum_amount_raised: '40000.00',
    maximum_amount_raised: '50000.00',
    quantity: '1000',
    deadline_for_funding: daysFromToday(30),
    installments: '12',
    first_date_installment: daysFromToday(60),
    bank_details_for_receipt: 'Banco 756, agência 3301, conta 12345-6',
    project_blade: pdf(),
    operation_flow: png(),
    project_structure: png(),
    ...overrides,
  };
}

function messages(values: TokenFormValues, stored = {}) {
  const result = tokenFormSchema(stored).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('tokenFormSchema', () => {
  it('accepts a complete token', () => {
    expect(messages(filled())).toEqual({});
  });

  it('says what is missing on an empty form, the offer limits included (no amount to compare)', () => {
    expect(Object.keys(messages(tokenFormDefaults()))).toEqual(
      expect.arrayContaining(['minimum_amount_raised', 'maximum_amount_raised', 'project_blade']),
    );
  });

  it("says docs/product.md §5's words for each missing file", () => {
    expect(
      messages(filled({ project_blade: null, operation_flow: null, project_structure: null })),
    ).toEqual({
      project_blade: 'Lâmina PDF do projeto está ausente.',
      operation_flow: 'Fluxo de operações está ausente.',
      project_structure: 'Estrutura do projeto está ausente.',
    });
  });

  it('counts stored files on edit', () => {
    const stored = {
      project_blade: '/media/docs/a.pdf',
      operation_flow: '/media/images/b.webp',
      project_structure: '/media/images/c.webp',
    };
    expect(
      messages(
        filled({ project_blade: null, operation_flow: null, project_structure: null }),
        stored,
      ),
    ).toEqual({});
  });

  it('refuses a non-image where an image belongs', () => {
    expect(messages(filled({ operation_flow: pdf() }))).toEqual({
      operation_flow: 'Selecione uma imagem válida',
    });
  });

  it('applies the funding rules of the contracts', () => {
    expect(messages(filled({ deadline_for_funding: daysFromToday(-1) }))).toEqual({
      deadline_for_funding: 'O prazo de captação não pode ser anterior a hoje.',
    });
    expect(messages(filled({ first_date_installment: daysFromToday(10) }))).toEqual({
      first_date_installment: 'A primeira parcela não pode ser anterior ao prazo de captação.',
    });
    expect(messages(filled({ installments: '13' }))).toEqual({
      installments: 'O número de parcelas deve ser de 1 a 12.',
    });
    expect(messages(filled({ unit_price: '0.00' }))).toEqual({
      unit_price: 'O preço unitário mínimo é R$ 0,01.',
    });
  });

  it("applies CVM 88's offer limits, as the server does (docs/product.md §15)", () => {
    expect(
      messages(
        filled({ maximum_amount_raised: '15000000.01', minimum_amount_raised: '12000000.00' }),
      ),
    ).toEqual({ maximum_amount_raised: 'A captação máxima não pode passar de R$ 15.000.000,00.' });
    expect(messages(filled({ minimum_amount_raised: '33333.33' }))).toEqual({
      minimum_amount_raised:
        'A captação mínima deve ser de pelo menos 2/3 da máxima (R$ 33.333,34).',
    });
    expect(
      messages(
        filled({
          deadline_for_funding: daysFromToday(181),
          first_date_installment: daysFromToday(200),
        }),
      ),
    ).toEqual({
      deadline_for_funding: 'O prazo de captação deve ser de no máximo 180 dias a partir de hoje.',
    });
    expect(messages(filled({ minimum_amount_raised: '33333.34' }))).toEqual({});
  });

  it('says Data inválida for a date typed but not real', () => {
    expect(messages(filled({ deadline_for_funding: '31/02/2027' }))).toMatchObject({
      deadline_for_funding: 'Data inválida',
    });
  });
});

describe('tokenFormDefaults', () => {
  it('shows a stored token as the API sends it, numbers as text', () => {
    const values = tokenFormDefaults({
      id: 7,
      name: 'Castanha',
      symbol: 'CAST',
      unit_price: '150.00',
      practiced_interest_rate: '12.50',
      minimum_amount_raised: '10000.00',
      maximum_amount_raised: '150000.00',
      quantity: 1000,
      deadline_for_funding: '2027-01-21',
      installments: 12,
      first_date_installment: '2027-02-20',
      bank_details_for_receipt: 'Banco',
      project_blade: '/media/docs/a.pdf',
      operation_flow: null,
      project_structure: null,
      status: 'incomplete',
      can_register_product: true,
    });
    expect(values).toMatchObject({ quantity: '1000', installments: '12', unit_price: '150.00' });
    expect(values.project_blade).toBeNull();
  });
});
