import { describe, expect, it } from 'vitest';
import { changePasswordForm, registerForm } from './accounts.ts';

const valid = {
  name: 'Ana',
  email: 'Ana@Example.com ',
  password: 'Floresta2026',
  password_confirmation: 'Floresta2026',
  cpf_cnpj: '529.982.247-25',
  birth_date: '15/03/1990',
  terms: true,
};

const messages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the register form schema', () => {
  it('normalises what the API receives', () => {
    const parsed = registerForm.parse(valid);
    expect(parsed).toMatchObject({
      email: 'ana@example.com',
      cpf_cnpj: '52998224725',
      birth_date: '1990-03-15',
    });
  });

  it('says the documented texts for the terms, the repeat and the document', () => {
    const result = registerForm.safeParse({
      ...valid,
      terms: false,
      password_confirmation: 'Outra2026xx',
      cpf_cnpj: '123',
    });
    expect(messages(result)).toMatchObject({
      terms: 'É necessário aceitar os Termos de uso e Política de privacidade',
      cpf_cnpj: 'CPF ou CNPJ possui formato inválido',
    });
  });

  it('checks the repeat once the rest is valid', () => {
    expect(
      messages(registerForm.safeParse({ ...valid, password_confirmation: 'Outra2026xx' })),
    ).toEqual({
      password_confirmation: 'As senhas digitadas devem coincidir.',
    });
  });
});

describe('the change-password form schema', () => {
  it('needs a symbol and says "Senhas não conferem." on a mismatch', () => {
    expect(
      messages(
        changePasswordForm.safeParse({
          password: 'Floresta2026',
          password_confirmation: 'Floresta2026',
        }),
      ),
    ).toEqual({
      password: 'Deve conter pelo menos um símbolo especial.',
    });
    expect(
      messages(
        changePasswordForm.safeParse({ password: 'Floresta#2026', password_confirmation: 'x' }),
      ),
    ).toEqual({
      password_confirmation: 'Senhas não conferem.',
    });
  });
});
