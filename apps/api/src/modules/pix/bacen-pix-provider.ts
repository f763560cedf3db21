import { request as httpsRequest, Agent } from 'node:https';
import { centsToDecimal } from '@copaiba/contracts';
import { crc16 } from './br-code.ts';
import type { PayoutResult, PixProvider } from './pix-provider.ts';

/** A PSP speaking the Banco Central's API Pix (v2): OAuth2 client credentials over mTLS. */
export interface BacenPixOptions {
  /** e.g. https://pix.example-psp.com.br, without a trailing path. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** PEM texts; the PSP refuses a connection without the client certificate it issued. */
  tls: { cert?: string; key?: string; ca?: string };
  /** The platform's Pix key: receives charges and pays out. */
  receiverKey: string;
  timeoutMs?: number;
  now?: () => number;
}

export const COB_TXID = /^[a-zA-Z0-9]{26,35}$/;
export const SCOPES = 'cob.write cob.read pix.write pix.read';
const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 1_000_000;

/** The PSP could not be reached or did not answer as the standard says; worth retrying later. */
export class PixProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PixProviderError';
  }
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** RFC 7807 problem details, as the API Pix answers errors. */
interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
}

/** Deterministic per withdrawal, so a retried payout is the same payout at the PSP. */
export const payoutIdEnvio = (withdrawalId: number) =>
  `CPBSAQ${String(withdrawalId).padStart(12, '0')}`;

export function bacenPixProvider(options: BacenPixOptions): PixProvider {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'https:') throw new Error('PIX_API_URL must be https');
  const basePath = base.pathname.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const agent = new Agent({ ...options.tls, keepAlive: true, maxSockets: 16 });
  const basic = Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  ).toString('base64');

  let cached: { token: string; validUntil: number } | undefined;
  let pending: Promise<string> | undefined;

  function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const req = httpsRequest(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port || 443,
          path: basePath + path,
          method,
          agent,
          headers: {
            accept: 'application/json',
            ...headers,
            ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) req.destroy(new PixProviderError('PSP answer too large'));
            else chunks.push(chunk);
          });
          res.on('error', (err) => reject(transportError(method, path, err)));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: String(res.headers['content-type'] ?? ''),
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('close', () => {
            if (!res.complete)
              reject(transportError(method, path, new Error('connection closed mid-answer')));
          });
        },
      );
      const timer = setTimeout(
        () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      req.on('close', () => clearTimeout(timer));
      req.on('error', (err) => reject(transportError(method, path, err)));
      req.end(body);
    });
  }

  function transportError(method: string, path: string, err: unknown) {
    const reason = err instanceof Error ? err.message : String(err);
    return new PixProviderError(`PSP ${method} ${path} failed: ${reason}`, undefined, {
      cause: err,
    });
  }

  async function fetchToken(): Promise<string> {
    const answer = await send(
      'POST',
      '/oauth/token',
      {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPES }).toString(),
    );
    if (answer.status !== 200) {
      throw new PixProviderError(
        `PSP refused the client credentials (${answer.status})`,
        answer.status,
      );
    }
    const json = parseJson(answer) as { access_token?: unknown; expires_in?: unknown };
    if (typeof json.access_token !== 'string' || !json.access_token) {
      throw new PixProviderError('PSP token answer without access_token', answer.status);
    }
    const ttl = Number(json.expires_in);
    const seconds = Number.isFinite(ttl) && ttl > 0 ? ttl : 60;
    // Renew a little early so a token never expires on its way to the PSP.
    const margin = Math.min(60, seconds / 5);
    cached = { token: json.access_token, validUntil: now() + (seconds - margin) * 1000 };
    return json.access_token;
  }

  function accessToken(): Promise<string> {
    if (cached && now() < cached.validUntil) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  /** One call with the bearer token; a 401 renews the token once and tries once more. */
  async function call(method: string, path: string, payload?: unknown): Promise<Answer> {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers = (token: string): Record<string, string> => ({
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    });
    const token = await accessToken();
    const first = await send(method, path, headers(token), body);
    if (first.status !== 401) return first;
    if (cached?.token === token) cached = undefined;
    return send(method, path, headers(await accessToken()), body);
  }

  return {
    name: 'bacen',

    async createCharge({ txid, amountCents, expiresInSeconds }) {
      if (!COB_TXID.test(txid)) throw new Error('txid must be 26–35 letters or digits (API Pix)');
      const path = `/v2/cob/${txid}`;
      const answer = await call('PUT', path, {
        calendario: { expiracao: expiresInSeconds },
        valor: { original: centsToDecimal(amountCents) },
        chave: options.receiverKey,
        solicitacaoPagador: 'Depósito na carteira Copaíba',
      });
      if (answer.status !== 201 && answer.status !== 200) {
        throw new PixProviderError(
          `PSP did not create the charge (${answer.status}${problemText(answer)})`,
          answer.status,
        );
      }
      const cob = parseJson(answer) as {
        txid?: unknown;
        status?: unknown;
        pixCopiaECola?: unknown;
      };
      const code = cob.pixCopiaECola;
      if (cob.txid !== txid || cob.status !== 'ATIVA' || typeof code !== 'string') {
        throw new PixProviderError('PSP answered the charge without its txid, status or BR Code');
      }
      if (!/^0002.*6304[0-9A-F]{4}$/.test(code) || crc16(code.slice(0, -4)) !== code.slice(-4)) {
        throw new PixProviderError('PSP answered a BR Code with a wrong CRC');
      }
      return { brCode: code };
    },

    async payout({ id, keyPix, amountCents }): Promise<PayoutResult> {
      const idEnvio = payoutIdEnvio(id);
      const path = `/v2/gn/pix/${idEnvio}`;
      const answer = await call('PUT', path, {
        valor: centsToDecimal(amountCents),
        pagador: { chave: options.receiverKey },
        favorecido: { chave: keyPix },
      });
      if (answer.status >= 200 && answer.status < 300) {
        const sent = parseJson(answer) as { e2eId?: unknown; endToEndId?: unknown };
        const e2eId = sent.e2eId ?? sent.endToEndId;
        if (typeof e2eId !== 'string' || !/^[A-Za-z0-9]{1,35}$/.test(e2eId)) {
          throw new PixProviderError('PSP accepted the payout without an e2eId', answer.status);
        }
        return { ok: true, reference: e2eId };
      }
      // Our credentials, a conflict on idEnvio, or throttling: the payout's fate is not known yet.
      if (answer.status >= 500 || [401, 403, 408, 409, 429].includes(answer.status)) {
        throw new PixProviderError(
          `PSP could not take the payout now (${answer.status}${problemText(answer)})`,
          answer.status,
        );
      }
      const problem = asProblem(answer);
      const why = (problem?.detail ?? problem?.title ?? '').trim().slice(0, 200);
      return {
        ok: false,
        reason: why
          ? `Pix recusado pelo provedor de pagamentos: ${why}`
          : 'Pix recusado pelo provedor de pagamentos.',
      };
    },
  };

  function parseJson(answer: Answer): unknown {
    try {
      return JSON.parse(answer.text) as unknown;
    } catch (err) {
      throw new PixProviderError(`PSP answered ${answer.status} without JSON`, answer.status, {
        cause: err,
      });
    }
  }
}

function asProblem(answer: Answer): Problem | undefined {
  try {
    const json = JSON.parse(answer.text) as unknown;
    return json && typeof json === 'object' ? json : undefined;
  } catch {
    return undefined;
  }
}

function problemText(answer: Answer): string {
  const problem = asProblem(answer);
  const text = problem?.title ?? problem?.detail;
  return typeof text === 'string' ? `: ${text.slice(0, 200)}` : '';
}
