import { randomBytes } from 'node:crypto';
import { users, type Database } from '@copaiba/db';
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

/** A user row as code from before migration 0016 wrote it: identity data in clear; its id. */
export async function insertLegacyUser(db: Database, cpf: string, birthDate = '1979-02-03') {
  const [row] = await db
    .insert(users)
    .values({
      name: 'Pessoa Antiga',
      email: `antiga.${randomBytes(4).toString('hex')}@example.com`,
      cpfCnpj: cpf,
      birthDate,
      passwordHash: 'x',
      isConfirmedEmail: true,
    })
    .returning({ id: users.id });
  return row!.id;
}

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
  // A burst of sign-ups (purchases.test's 32 buyers) queues their mails behind one sender: on a
  // loaded 2-core host the last one has arrived after more than the sink's default 5 s.
  const mail = await t.smtp.waitFor(body.email, 1, 20_000);
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

/** Browsers' User-Agent headers, to sign in from devices of known names (docs/product.md §19). */
export const BROWSERS = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
} as const;

/**
 * Logs in as a person does, from the browser `userAgent` when given: e-mail and password, then,
 * with two-factor on, the challenge with `code` or `recovery_code` (POST /api/login/two-factor/).
 * The last step's answer; a refused first step as it is.
 */
export async function loginFrom(
  t: TestApp,
  email: string,
  second: { code?: string; recovery_code?: string } = {},
  { password = PASSWORD, userAgent }: { password?: string; userAgent?: string } = {},
) {
  const headers = userAgent ? { 'user-agent': userAgent } : {};
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/login/common/',
    headers,
    payload: { email, password, captcha: await t.captcha() },
  });
  if (first.statusCode !== 200 || !first.json().two_factor_required) return first;
  return t.app.inject({
    method: 'POST',
    url: '/api/login/two-factor/',
    headers,
    payload: { challenge: first.json().challenge, ...second },
  });
}

/** Logs in with two-factor on: e-mail and password, then the challenge with `code`. */
export const loginWithCode = (t: TestApp, email: string, code: string) =>
  loginFrom(t, email, { code });
