import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PEM files written by the openssl CLI: the PSP's CA, its server certificate, clients. */
export interface PspCertificates {
  dir: string;
  caFile: string;
  clientCertFile: string;
  clientKeyFile: string;
  /** A client certificate from another CA, which the PSP must refuse. */
  strangerCertFile: string;
  strangerKeyFile: string;
  server: { key: string; cert: string; ca: string };
}

export function generateCertificates(): PspCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'copaiba-psp-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const ca = (name: string) =>
    openssl(
      'req',
      '-x509',
      ...key,
      '-keyout',
      at(`${name}.key`),
      '-out',
      at(`${name}.crt`),
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
  const leaf = (name: string, issuer: string, extensions: string) => {
    writeFileSync(at(`${name}.ext`), extensions);
    openssl(
      'req',
      '-new',
      ...key,
      '-keyout',
      at(`${name}.key`),
      '-out',
      at(`${name}.csr`),
      '-subj',
      `/CN=${name}`,
    );
    openssl(
      'x509',
      '-req',
      '-in',
      at(`${name}.csr`),
      '-CA',
      at(`${issuer}.crt`),
      '-CAkey',
      at(`${issuer}.key`),
      '-CAcreateserial',
      '-out',
      at(`${name}.crt`),
      '-days',
      '2',
      '-extfile',
      at(`${name}.ext`),
    );
  };
  ca('psp-ca');
  ca('stranger-ca');
  leaf(
    'psp-server',
    'psp-ca',
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  );
  leaf('copaiba-client', 'psp-ca', 'extendedKeyUsage=clientAuth\n');
  leaf('stranger-client', 'stranger-ca', 'extendedKeyUsage=clientAuth\n');
  const read = (name: string) => readFileSync(at(name), 'utf8');
  return {
    dir,
    caFile: at('psp-ca.crt'),
    clientCertFile: at('copaiba-client.crt'),
    clientKeyFile: at('copaiba-client.key'),
    strangerCertFile: at('stranger-client.crt'),
    strangerKeyFile: at('stranger-client.key'),
    server: { key: read('psp-server.key'), cert: read('psp-server.crt'), ca: read('psp-ca.crt') },
  };
}

export interface FakeCob {
  txid: string;
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA';
  calendario: { criacao: string; expiracao: number };
  loc: { id: number; location: string; tipoCob: 'cob' };
  location: string;
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
  pix?: Array<{ endToEndId: string; txid: string; valor: string; horario: string }>;
}

export interface FakePayout {
  idEnvio: string;
  e2eId: string;
  valor: string;
  favorecido: string;
  status: 'EM_PROCESSAMENTO';
}

export interface FakePspOptions {
  clientId: string;
  clientSecret: string;
  /** The Pix key of the platform's account at this PSP. */
  accountKey: string;
  tokenTtlSeconds?: number;
  /** Payouts to this key are refused with a problem+json 422. */
  refusedKey?: string;
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
const ISPB = '99999008';

/**
 * A PSP speaking the API Pix over mTLS, for tests: OAuth2 client credentials, charges (cob),
 * payouts (`PUT /v2/gn/pix/{idEnvio}`) and webhooks to the platform.
 */
export async function startFakePsp(options: FakePspOptions) {
  const certs = generateCertificates();
  const tokens = new Map<string, number>();
  const cobs = new Map<string, FakeCob>();
  const payouts = new Map<string, FakePayout>();
  const calls: Array<{ method: string; path: string; status: number }> = [];
  const state = {
    tokenRequests: 0,
    payoutMode: 'normal' as 'normal' | 'error' | 'hang',
    /** Lifetime of the tokens issued from now on; 0 issues tokens that never work. */
    tokenTtlSeconds: options.tokenTtlSeconds ?? 300,
    /** TLS handshakes refused for a missing or foreign client certificate. */
    refusedHandshakes: 0,
  };
  let nextLoc = 1;

  const server = createServer(
    { ...certs.server, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      handle(req, res).catch((err: unknown) => {
        answer(req, res, 500, problem(500, 'Erro interno', String(err)));
      });
    },
  );
  server.on('tlsClientError', () => {
    state.refusedHandshakes += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `https://127.0.0.1:${port}`;

  function answer(req: IncomingMessage, res: ServerResponse, status: number, body: object) {
    calls.push({ method: req.method ?? '', path: req.url ?? '', status });
    const problemJson = 'type' in body && 'title' in body;
    res.writeHead(status, {
      'content-type': problemJson ? 'application/problem+json' : 'application/json',
    });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', url).pathname;
    const text = await readBody(req);
    if (req.method === 'POST' && path === '/oauth/token') return token(req, res, text);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expires = bearer ? tokens.get(bearer) : undefined;
    if (!expires || expires <= Date.now()) {
      return answer(req, res, 401, problem(401, 'Não autorizado', 'Token ausente ou expirado.'));
    }
    const cob = /^\/v2\/cob\/([^/]+)$/.exec(path)?.[1];
    if (cob && req.method === 'PUT') return putCob(req, res, cob, text);
    if (cob && req.method === 'GET') {
      const found = cobs.get(cob);
      if (!found) return answer(req, res, 404, problem(404, 'Cobrança não encontrada', cob));
      return answer(req, res, 200, found);
    }
    const idEnvio = /^\/v2\/gn\/pix\/([^/]+)$/.exec(path)?.[1];
    if (idEnvio && req.method === 'PUT') return putPayout(req, res, idEnvio, text);
    return answer(req, res, 404, problem(404, 'Não encontrado', path));
  }

  function token(req: IncomingMessage, res: ServerResponse, text: string) {
    state.tokenRequests += 1;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    const form = (req.headers['content-type'] ?? '').startsWith('application/json')
      ? new URLSearchParams(JSON.parse(text) as Record<string, string>)
      : new URLSearchParams(text);
    if (
      decodeURIComponent(id ?? '') !== options.clientId ||
      decodeURIComponent(secret ?? '') !== options.clientSecret
    ) {
      return answer(req, res, 401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return answer(req, res, 400, { error: 'unsupported_grant_type' });
    }
    const ttl = state.tokenTtlSeconds;
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, Date.now() + ttl * 1000);
    return answer(req, res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ttl,
      scope: form.get('scope') ?? '',
    });
  }

  function putCob(req: IncomingMessage, res: ServerResponse, txid: string, text: string) {
    const violations: string[] = [];
    if (!TXID.test(txid)) violations.push('cob.txid não respeita o schema.');
    const body = parseObject(text) as {
      calendario?: { expiracao?: unknown };
      valor?: { original?: unknown };
      chave?: unknown;
      solicitacaoPagador?: unknown;
    } | null;
    const expiracao = body?.calendario?.expiracao;
    const original = body?.valor?.original;
    const request = body?.solicitacaoPagador;
    if (!Number.isInteger(expiracao) || (expiracao as number) <= 0)
      violations.push('cob.calendario.expiracao não respeita o schema.');
    if (typeof original !== 'string' || !VALOR.test(original) || Number(original) <= 0)
      violations.push('cob.valor.original não respeita o schema.');
    if (body?.chave !== options.accountKey)
      violations.push('cob.chave não pertence ao usuário recebedor.');
    if (request !== undefined && (typeof request !== 'string' || request.length > 140))
      violations.push('cob.solicitacaoPagador não respeita o schema.');
    if (violations.length > 0) {
      return answer(req, res, 400, {
        ...problem(
          400,
          'Cobrança inválida.',
          'A requisição que busca criar uma cobrança não respeita o schema ou está semanticamente errada.',
        ),
        violacoes: violations.map((razao) => ({ razao })),
      });
    }
    if (cobs.has(txid)) {
      return answer(req, res, 409, problem(409, 'Cobrança já existe', `txid ${txid} em uso.`));
    }
    const locId = nextLoc++;
    const location = `127.0.0.1:${port}/qr/v2/${randomBytes(16).toString('hex')}`;
    const cob: FakeCob = {
      calendario: { criacao: new Date().toISOString(), expiracao: expiracao as number },
      txid,
      revisao: 0,
      loc: { id: locId, location, tipoCob: 'cob' },
      location,
      status: 'ATIVA',
      valor: { original: original as string },
      chave: options.accountKey,
      ...(typeof request === 'string' ? { solicitacaoPagador: request } : {}),
      pixCopiaECola: dynamicBrCode(location, 'COPAIBA', 'BELEM'),
    };
    cobs.set(txid, cob);
    return answer(req, res, 201, cob);
  }

  function putPayout(req: IncomingMessage, res: ServerResponse, idEnvio: string, text: string) {
    if (state.payoutMode === 'hang') return; // the connection stays open until the caller gives up
    if (state.payoutMode === 'error') {
      return answer(req, res, 500, problem(500, 'Serviço indisponível', 'Tente mais tarde.'));
    }
    const body = parseObject(text) as {
      valor?: unknown;
      pagador?: { chave?: unknown };
      favorecido?: { chave?: unknown };
    } | null;
    const valor = body?.valor;
    const to = body?.favorecido?.chave;
    if (
      !ID_ENVIO.test(idEnvio) ||
      typeof valor !== 'string' ||
      !VALOR.test(valor) ||
      body?.pagador?.chave !== options.accountKey ||
      typeof to !== 'string' ||
      to.length === 0 ||
      to.length > 77
    ) {
      return answer(
        req,
        res,
        400,
        problem(400, 'Envio inválido', 'O corpo não respeita o schema.'),
      );
    }
    const earlier = payouts.get(idEnvio);
    if (earlier) {
      if (earlier.valor !== valor || earlier.favorecido !== to) {
        return answer(
          req,
          res,
          409,
          problem(409, 'idEnvio já utilizado', 'Outro envio usa este idEnvio.'),
        );
      }
      return answer(req, res, 201, earlier);
    }
    if (to === options.refusedKey) {
      return answer(
        req,
        res,
        422,
        problem(422, 'Chave Pix inválida', 'A chave do favorecido não foi encontrada no DICT.'),
      );
    }
    const sent: FakePayout = {
      idEnvio,
      e2eId: endToEndId(),
      valor,
      favorecido: to,
      status: 'EM_PROCESSAMENTO',
    };
    payouts.set(idEnvio, sent);
    return answer(req, res, 201, sent);
  }

  return {
    url,
    certs,
    state,
    cobs,
    payouts,
    calls,
    /** Every token issued so far stops working, as when the PSP rotates or revokes them. */
    expireTokens() {
      for (const key of tokens.keys()) tokens.set(key, 0);
    },
    /** Settles an active charge and POSTs the standard webhook to `webhookUrl`. */
    async pay(txid: string, webhookUrl: string) {
      const cob = cobs.get(txid);
      if (!cob || cob.status !== 'ATIVA') throw new Error(`no active charge ${txid}`);
      const pix = {
        endToEndId: endToEndId(),
        txid,
        valor: cob.valor.original,
        chave: cob.chave,
        horario: new Date().toISOString(),
        infoPagador: 'pagamento de teste',
      };
      cob.status = 'CONCLUIDA';
      cob.pix = [pix];
      const payload = { pix: [pix] };
      return { payload, ...(await deliver(webhookUrl, payload)) };
    },
    deliver,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(certs.dir, { recursive: true, force: true });
    },
  };
}

export type FakePsp = Awaited<ReturnType<typeof startFakePsp>>;

/** POSTs a webhook body, as the PSP does (again, when it did not get a 2xx). */
async function deliver(webhookUrl: string, payload: object) {
  const res = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: res.status, body: await res.json() };
}

function problem(status: number, title: string, detail: string) {
  const type = `https://pix.bcb.gov.br/api/v2/error/${title.replace(/[^A-Za-z]/g, '')}`;
  return { type, title, status, detail };
}

function parseObject(text: string): unknown {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** E + ISPB + yyyyMMddHHmm + 11 characters: 32 in all. */
function endToEndId(): string {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 12);
  const tail = randomBytes(8).toString('hex').slice(0, 11);
  return `E${ISPB}${stamp}${tail}`;
}

const emv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A dynamic BR Code as PSPs return it: the payload's location in 26-25, no key, txid '***'. */
function dynamicBrCode(location: string, name: string, city: string): string {
  const payload =
    emv('00', '01') +
    emv('01', '12') +
    emv('26', emv('00', 'br.gov.bcb.pix') + emv('25', location)) +
    emv('52', '0000') +
    emv('53', '986') +
    emv('58', 'BR') +
    emv('59', name) +
    emv('60', city) +
    emv('62', emv('05', '***')) +
    '6304';
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1;
    crc &= 0xffff;
  }
  return payload + crc.toString(16).toUpperCase().padStart(4, '0');
}
