import { captchaSolutions, refreshTokens, users, verificationCodes } from '@copaiba/db';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBody } from '@copaiba/contracts';
import { registration } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HUGE = 'a'.repeat(100 * 1024);
const INJECTIONS = [
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '\u0000\u0001\u202e',
  '../../etc/passwd',
];

/** Rows in every table these endpoints may write. */
async function snapshot() {
  const counts = await Promise.all(
    [users, verificationCodes, refreshTokens].map(
      async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n,
    ),
  );
  return counts.join(',');
}

/** A 4xx with a DRF-style body in pt-BR and nothing internal (logout accepts any token: 204). */
function expectCleanClientError(res: { statusCode: number; body: string }, allowNoContent = false) {
  if (allowNoContent && res.statusCode === 204) return;
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'detail' || key === 'message') expect(typeof value).toBe('string');
    else expect(value).toEqual(expect.arrayContaining([expect.any(String)]));
  }
  expect(res.body).not.toMatch(
    /at \w+ \(|node_modules|stack|Error:|FST_|zod|drizzle|postgres|pglite/i,
  );
}

describe('register: every field tried with hostile values', () => {
  const fields = ['name', 'email', 'password', 'cpf_cnpj', 'birth_date'] as const;
  const variants: Array<[string, unknown]> = [
    ['missing', undefined],
    ['null', null],
    ['a number', 12345],
    ['an array', ['a', 'b']],
    ['an object', { $gt: '' }],
    ['100 KB', HUGE],
    ['empty', ''],
    ...INJECTIONS.map((s, i): [string, unknown] => [`injection ${i}`, s]),
  ];

  for (const field of fields) {
    it(`${field}: answers 400 naming the field and writes nothing`, async () => {
      for (const [label, value] of variants) {
        // Free text such as a name, or a password made of symbols, may legitimately look hostile.
        if (registerBody.shape[field].safeParse(value).success) continue;
        const before = await snapshot();
        const body: Record<string, unknown> = { ...registration(), captcha: await t.captcha() };
        if (value === undefined) delete body[field];
        else body[field] = value;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/account/register/',
          payload: body,
        });
        expectCleanClientError(res);
        expect(Object.keys(res.json()), `${field} ${label}`).toContain(field);
        expect(await snapshot()).toBe(before);
      }
    });
  }

  it('underage, impossible dates and bad check digits get their own messages', async () => {
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ birth_date: '2015-01-01' }, { birth_date: ['É necessário ter pelo menos 18 anos.'] }],
      [{ birth_date: '1990-02-30' }, { birth_date: ['Data inválida'] }],
      [{ birth_date: '15/03/1990' }, { birth_date: ['Data inválida'] }],
      [{ cpf_cnpj: '52998224726' }, { cpf_cnpj: ['CPF ou CNPJ possui formato inválido'] }],
      [{ cpf_cnpj: '11111111111' }, { cpf_cnpj: ['CPF ou CNPJ possui formato inválido'] }],
      [{ cpf_cnpj: '123' }, { cpf_cnpj: ['CPF ou CNPJ possui formato inválido'] }],
      [{ cpf_cnpj: '12ABC34501DE36' }, { cpf_cnpj: ['CPF ou CNPJ possui formato inválido'] }],
      [{ password: 'curta1A' }, { password: ['Deve ter no mínimo 10 caracteres.'] }],
      [{ password: 'semnumeroAAAA' }, { password: ['Deve conter pelo menos um número.'] }],
      [
        { password: 'semmaiuscula123' },
        { password: ['Deve conter pelo menos uma letra maiúscula.'] },
      ],
      [{ email: 'nao-e-email' }, { email: ['Informe um e-mail válido.'] }],
      [{ name: '   ' }, { name: ['Este campo é obrigatório.'] }],
    ];
    for (const [override, expected] of cases) {
      const body = { ...registration(override), captcha: await t.captcha() };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/register/',
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json()).toEqual(expected);
    }
  });

  it('refuses a missing, forged, malformed or replayed captcha with the documented text', async () => {
    const forged = Buffer.from(
      JSON.stringify({
        algorithm: 'SHA-256',
        challenge: 'x',
        number: 1,
        salt: 'y',
        signature: 'z',
      }),
    ).toString('base64');
    for (const captcha of [undefined, '', 'not-base64-json', forged, HUGE]) {
      const body: Record<string, unknown> = { ...registration(), captcha };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/register/',
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ captcha: ['Recaptcha Inválido'] });
    }
    const solved = await t.captcha();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/login/common/',
      payload: { email: 'a@example.com', password: 'x', captcha: solved },
    });
    expect(first.statusCode).toBe(401);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/login/common/',
      payload: { email: 'a@example.com', password: 'x', captcha: solved },
    });
    expect(replay.json()).toEqual({ captcha: ['Recaptcha Inválido'] });
    expect((await t.db.select({ n: count() }).from(captchaSolutions))[0]!.n).toBeGreaterThan(0);
  });
});

describe('every account endpoint under arbitrary input', () => {
  const endpoints = [
    { method: 'POST', url: '/api/account/register/' },
    { method: 'PUT', url: '/api/email/confirm/' },
    { method: 'POST', url: '/api/email/resend/' },
    { method: 'POST', url: '/api/login/common/' },
    { method: 'POST', url: '/api/login/token-refresh/' },
    { method: 'POST', url: '/api/logout/' },
    { method: 'POST', url: '/api/password/reset/' },
    { method: 'PUT', url: '/api/password/reset/' },
  ] as const;
  const fieldNames = [
    'name',
    'email',
    'password',
    'cpf_cnpj',
    'birth_date',
    'captcha',
    'token',
    'refresh',
    '__proto__',
    'constructor',
    'is_admin',
  ];
  const hostileValue = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.constantFrom(...INJECTIONS, HUGE, '', ' ', '0', '-1', 'null', 'true'),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  );
  const hostileBody = fc.oneof(
    fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 8 }),
    fc.array(hostileValue, { maxLength: 3 }),
    hostileValue,
  );

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.url}: 4xx, clean body, nothing written`, async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(hostileBody, async (body) => {
          const res = await t.app.inject({
            method: endpoint.method,
            url: endpoint.url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expectCleanClientError(res, endpoint.url === '/api/logout/');
        }),
        { numRuns: 150 },
      );
      expect(await snapshot()).toBe(before);
    });
  }

  it('malformed JSON, wrong content types and broken multipart get clean 4xx', async () => {
    const attempts = [
      { headers: { 'content-type': 'application/json' }, payload: '{"email": ' },
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { headers: { 'content-type': 'text/plain' }, payload: 'email=a' },
      { headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
      { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nbroken' },
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
      {
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: HUGE.repeat(12) }),
      },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ method: 'POST', url: '/api/account/register/', ...attempt });
      expectCleanClientError(res);
    }
  });
});
