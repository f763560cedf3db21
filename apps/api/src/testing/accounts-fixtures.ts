import type { TestApp } from './test-app.ts';

// Random starts only keep test data unique across parallel files; nothing secret depends on them.
let sequence = 100_000_000 + Math.floor(Math.random() * 800_000_000);

/** A fresh CPF with valid check digits. */
export function validCpf(): string {
  const base = String(sequence++).padStart(9, '0');
  const digits = [...base].map(Number);
  const dv = (nums: number[], start: number) => {
    const rest = nums.reduce((acc, n, i) => acc + n * (start - i), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = dv(digits, 10);
  return base + String(first) + String(dv([...digits, first], 11));
}

export const PASSWORD = 'Floresta2026!';

export function registration(overrides: Record<string, string> = {}) {
  const id = Math.random().toString(36).slice(2, 10);
  return {
    name: 'Maria da Silva',
    email: `maria.${id}@example.com`,
    password: PASSWORD,
    cpf_cnpj: validCpf(),
    birth_date: '1990-03-15',
    // The terms box ticked, as the form sends it (docs/product.md §15).
    terms_accepted: 'true',
    ...overrides,
  };
}

export async function register(t: TestApp, overrides: Record<string, string> = {}) {
  const body = { ...registration(overrides), captcha: await t.captcha() };
  const res = await t.app.inject({ method: 'POST', url: '/api/account/register/', payload: body });
  return { res, body };
}

export function codeFrom(text: string | undefined): string {
  const match = /\b(\d{6})\b/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no code in mail: ${text}`);
  return match[1];
}

/** Registers, reads the code from the mail that arrived over SMTP and confirms it. */
export async function confirmedUser(t: TestApp, overrides: Record<string, string> = {}) {
  const { res, body } = await register(t, overrides);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const mail = await t.smtp.waitFor(body.email);
  const confirm = await t.app.inject({
    method: 'PUT',
    url: '/api/email/confirm/',
    payload: { email: body.email, token: codeFrom(mail.text) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  return body;
}

export async function login(t: TestApp, email: string, password = PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login/common/',
    payload: { email, password, captcha: await t.captcha() },
  });
}
