import { describe, expect, it } from 'vitest';
import { changedFields } from '@/lib/changed-fields';
import {
  issuerFormDefaults,
  issuerFormSchema,
  issuerNormalizers,
  type IssuerFormValues,
} from './issuer-form-schema';

const png = (name = 'foto.png') => new File([new Uint8Array([1])], name, { type: 'image/png' });

function filled(overrides: Partial<IssuerFormValues> = {}): IssuerFormValues {
  return {
    ...issuerFormDefaults(),
    institution: 'Cooperativa do Rio',
    cnpj: '11222333000181',
    founding_date: '2010-05-20',
    summary: 'Extrativistas.',
    site: 'https://coop.example.org',
    email: 'coop@example.org',
    phone: '5591999990000',
    what_to_tokenize: 'Castanha',
    name_representative: 'Ana',
    summary_representative: 'Presidente',
    name_representative2: 'Bruno',
    summary_representative2: 'Tesoureiro',
    name_representative3: 'Carla',
    summary_representative3: 'Técnica',
    token_issuer_image: png(),
    logo_image: png(),
    photography_representative: png(),
    photography_representative2: png(),
    photography_representative3: png(),
    ...overrides,
  };
}

const issues = (values: IssuerFormValues, stored = {}) => {
  const result = issuerFormSchema(stored).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('issuerFormSchema', () => {
  it('accepts a complete issuer', () => {
    expect(issues(filled())).toEqual({});
  });

  it('wants every image, and an image (docs/product.md §5)', () => {
    expect(
      issues(
        filled({
          logo_image: null,
          token_issuer_image: new File(['x'], 'a.txt', { type: 'text/plain' }),
        }),
      ),
    ).toEqual({
      logo_image: 'Selecione uma imagem válida',
      token_issuer_image: 'Selecione uma imagem válida',
    });
    expect(issues(filled({ logo_image: null }), { logo_image: '/media/images/l.webp' })).toEqual(
      {},
    );
  });

  it('says Data inválida for a date that is not one, and checks the CNPJ digits', () => {
    expect(issues(filled({ founding_date: '31/02/2010', cnpj: '11222333000182' }))).toEqual({
      founding_date: 'Data inválida',
      cnpj: 'CNPJ inválido.',
    });
  });
});

describe('issuer edit diff', () => {
  it('sees no change in a masked CNPJ or phone equal to the stored one', () => {
    const stored = { cnpj: '11222333000181', phone: '5591999990000', summary: 'Extrativistas.' };
    const current = { cnpj: '11.222.333/0001-81', phone: '+55 (91) 9 9999-0000', summary: 'Novo' };
    expect(changedFields(stored, current, issuerNormalizers)).toEqual({ summary: 'Novo' });
  });
});
