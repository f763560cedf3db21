import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino, stdSerializers, type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { logRedaction } from './log-redaction.ts';

/**
 * The rules as pino's own `redact` paths, which the server used before (docs/PERFORMANCE.md):
 * an independent engine each logged object's line is checked against.
 */
const SECRET_FIELDS = [
  'password',
  'cpf_cnpj',
  'cpfCnpj',
  'birth_date',
  'birthDate',
  'phone',
  'recovery_code',
  'recovery_codes',
  'challenge',
  'refresh',
  'access',
];
const pinoRedact = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'err.params',
    '*.params',
    ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
    ...['token', 'code'].flatMap((field) => [`body.${field}`, `*.body.${field}`]),
  ],
  censor: '[oculto]',
};

function memoryStream(lines: string[]) {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
}

/** The line one logger writes for `write(logger)`, parsed. */
function lineOf(options: LoggerOptions, write: (log: pino.Logger) => void): unknown {
  const lines: string[] = [];
  const log = pino(
    { base: undefined, timestamp: false, serializers: { err: stdSerializers.err }, ...options },
    memoryStream(lines),
  );
  write(log);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

const CPF = '12345678909';
const queryError = Object.assign(new Error('duplicate key value'), {
  code: '23505',
  params: [CPF, 'ana@example.com'],
});

const logged: Record<string, Record<string, unknown>> = {
  'identity at the top': { cpf_cnpj: CPF, birthDate: '1987-06-23', phone: '5591999990000', n: 1 },
  'one and two levels down': {
    user: { password: 'Floresta2026!', email: 'ana@example.com', cpfCnpj: CPF },
    issuer: { contact: { phone: '5591999990000', city: 'Belém' }, name: 'Coop' },
  },
  'three levels down is beyond the rules': { a: { b: { c: { password: 'kept as before' } } } },
  arrays: {
    users: [{ password: 'x' }, { cpf_cnpj: CPF }],
    codes: ['123456'],
    list: [[{ phone: 'y' }]],
  },
  "a body's one-time codes, an error's own code": {
    body: { token: 'abc', code: '123456', email: 'ana@example.com', birth_date: '1987-06-23' },
    request: { body: { code: '654321', token: 'def', offer: 3 } },
    err: { code: '23505', params: [CPF] },
  },
  'parameters one level down': {
    params: ['top'],
    query: { params: [CPF] },
    x: { y: { params: 'deep' } },
  },
  "a logged request's headers": {
    req: { headers: { authorization: 'Bearer x', cookie: 'sid=1', accept: 'application/json' } },
  },
  'session tokens and second factor': {
    refresh: 'r',
    access: 'a',
    session: { refresh: 'r', access: 'a', id: 7 },
    twoFactor: { recovery_codes: ['a', 'b'], recovery_code: 'c', challenge: 'd' },
  },
  'nothing to hide': { offerId: 3, units: 2, at: new Date('2026-11-28T12:00:00Z'), none: null },
  'an absent secret': { password: undefined, user: { password: undefined } },
  'a query error': { err: queryError },
  'an error elsewhere': { failure: queryError },
};

describe('log redaction', () => {
  it.each(Object.entries(logged))('writes the line pino’s redact paths wrote: %s', (_, object) => {
    const ours = lineOf(logRedaction, (log) => log.info(object, 'a handler logs'));
    expect(ours).toEqual(
      lineOf({ redact: pinoRedact }, (log) => log.info(object, 'a handler logs')),
    );
    expect(JSON.stringify(ours)).not.toContain(CPF);
  });

  it("keeps an error's type, message and stack, and hides its parameters", () => {
    const ours = lineOf(logRedaction, (log) => log.error(queryError, 'falhou'));
    expect(ours).toEqual(lineOf({ redact: pinoRedact }, (log) => log.error(queryError, 'falhou')));
    expect(ours).toMatchObject({
      msg: 'falhou',
      err: { type: 'Error', message: 'duplicate key value', code: '23505', params: '[oculto]' },
    });
    expect((ours as { err: { stack: string } }).err.stack).toContain('log-redaction.test.ts');
  });

  it("in Fastify: a request's lines carry its id and safe fields, a failing query's parameters hidden", async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', ...logRedaction, stream: memoryStream(lines) },
    });
    app.get('/falha', async () => {
      throw queryError;
    });
    const res = await app.inject({
      url: '/falha',
      headers: { authorization: 'Bearer segredo', cookie: 'refresh=segredo' },
    });
    await app.close();
    expect(res.statusCode).toBe(500);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failed = parsed.find((line) => line.err !== undefined);
    expect(failed).toMatchObject({
      reqId: 'req-1',
      err: { message: 'duplicate key value', code: '23505', params: '[oculto]' },
    });
    expect(parsed.find((line) => line.msg === 'incoming request')).toMatchObject({
      reqId: 'req-1',
      req: { method: 'GET', url: '/falha' },
    });
    const text = lines.join('');
    for (const secret of ['segredo', CPF]) expect(text).not.toContain(secret);
  });
});
