import { describe, expect, it } from 'vitest';
import { loggedOutButtons, menuEntries } from './navigation';

const base = {
  is_confirmed_email: true,
  is_token_creator: false,
  is_admin: false,
  is_project_manager: false,
};
const labels = (...args: Parameters<typeof menuEntries>) =>
  menuEntries(...args).map((e) => e.label);

describe('menuEntries', () => {
  it('shows nothing without a token or with an unconfirmed e-mail', () => {
    expect(labels(base, false)).toEqual([]);
    expect(labels({ ...base, is_confirmed_email: false }, true)).toEqual([]);
  });

  it('offers an investor the issuer sign-up, wallet, token purchase and the secondary board', () => {
    expect(labels(base, true)).toEqual([
      'Seja Emissor',
      'Minha Carteira',
      'Compra de Tokens',
      'Mural de Negociação',
      'Informe de Rendimentos',
    ]);
    expect(labels(undefined, true)).toEqual([
      'Seja Emissor',
      'Minha Carteira',
      'Compra de Tokens',
      'Mural de Negociação',
      'Informe de Rendimentos',
    ]);
  });

  it('gives creators their screens instead of Seja Emissor', () => {
    expect(labels({ ...base, is_token_creator: true }, true)).toEqual([
      'Dados de Emissor',
      'Minha Carteira',
      'Compra de Tokens',
      'Mural de Negociação',
      'Informe de Rendimentos',
      'Cadastrar Token',
      'Gestão de Tokens',
    ]);
  });

  it('adds admin and project manager entries', () => {
    expect(labels({ ...base, is_admin: true, is_project_manager: true }, true)).toEqual([
      'Seja Emissor',
      'Minha Carteira',
      'Compra de Tokens',
      'Mural de Negociação',
      'Informe de Rendimentos',
      'Gestão de Acesso',
      'Gestão de Projetos',
    ]);
  });
});

describe('loggedOutButtons', () => {
  it('follows docs/product.md §2', () => {
    expect(loggedOutButtons('/')).toEqual({ login: true, register: true });
    expect(loggedOutButtons('/login')).toEqual({ login: false, register: true });
    expect(loggedOutButtons('/register')).toEqual({ login: true, register: false });
    expect(loggedOutButtons('/issuer-detail/3')).toEqual({ login: true, register: true });
    expect(loggedOutButtons('/contact')).toEqual({ login: false, register: false });
  });
});
