import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isValidCnpj, normalizeCpfCnpj } from '@copaiba/contracts';
import { decimalToScaled } from '@copaiba/contracts/money';
import { z } from 'zod';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => !v || protocols.some((p) => v.startsWith(p)), {
      message: `deve começar com ${protocols.join(' ou ')}`,
    });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** A BRL amount such as "20000.00" → centavos. */
const money = z
  .string()
  .regex(/^\d{1,11}(\.\d{2})?$/, 'deve ser um valor como 20000.00')
  .transform((v) => {
    const [whole = '0', cents = '00'] = v.split('.');
    return BigInt(whole) * 100n + BigInt(cents);
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  /** Whose X-Forwarded-For to believe: false (direct), true, or the proxies' addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The bearer GET /api/metrics asks for; unset, the route does not exist. */
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'deve ter 32 caracteres ou mais',
  }),
  /** On SIGTERM, how long requests in flight may take before their connections are closed. */
  DRAIN_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(600).default(25),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: bool.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10).optional(),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Copaíba <nao-responda@copaiba.com.br>'),
  /** How long a mail sender holds an outbox row while sending it (docs/DECISIONS.md, mail outbox). */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** The first retry of a mail that failed; each further one waits twice as long, up to an hour. */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z.string().min(32).optional(),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  /** Begins every key this deployment writes in Redis, so environments sharing one stay apart. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'use até 64 letras, dígitos ou _ . : -')
    .default('copaiba-'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  WEB_DIST_DIR: z.string().optional(),
  SUPPORT_EMAIL: z.email().default('suporte@copaiba.com.br'),
  /** The platform's CNPJ on the income report (docs/product.md §17); a demo one by default. */
  PLATFORM_CNPJ: z
    .string()
    .trim()
    .transform(normalizeCpfCnpj)
    .refine(isValidCnpj, 'deve ser um CNPJ válido')
    .default('52614007000105'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  PIX_PROVIDER: z.enum(['sandbox', 'bacen']).default('sandbox'),
  PIX_RECEIVER_KEY: z.string().min(1).max(77).default('7d9f0335-8dcc-4054-9bf9-0dbd61d36906'),
  PIX_MERCHANT_NAME: z.string().min(1).default('Copaiba'),
  PIX_MERCHANT_CITY: z.string().min(1).default('Belem'),
  PIX_WEBHOOK_SECRET: z.string().min(24).optional(),
  PIX_API_URL: optionalUrl(['https://']),
  PIX_CLIENT_ID: optionalText,
  PIX_CLIENT_SECRET: optionalText,
  PIX_CERT: optionalText,
  PIX_KEY: optionalText,
  PIX_CA: optionalText,
  DEPOSIT_MONTHLY_LIMIT: money.default(20_000_00n),
  WITHDRAW_MONTHLY_LIMIT: money.default(20_000_00n),
  /** A non-qualified investor's yearly limit in offers, unless income or investments raise it. */
  ANNUAL_INVESTMENT_LIMIT: money.default(20_000_00n),
  /** Days a purchase can be undone (CVM 88 desistência); 0 (staging, tests) turns the right off. */
  DESISTENCIA_DAYS: z.coerce.number().int().min(0).max(30).default(5),
  /** The buyer's fee on a secondary-board purchase, percent of the price ("0.5") → hundredths. */
  MARKET_FEE_PERCENT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'deve ser um percentual de 0 a 10, como 0.5')
    .transform((v) => Number(decimalToScaled(v, 2)))
    .refine((bp) => bp <= 1000, 'deve ser um percentual de 0 a 10, como 0.5')
    .default(0),
  /** Offer closing, installment payouts, charge expiry, payout retries; 0 turns them off. */
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** On-chain record: `rpc` with CHAIN_RPC_URL, else a local EVM; `off` in tests unless asked. */
  CHAIN_MODE: z.enum(['local', 'rpc', 'off']).optional(),
  CHAIN_RPC_URL: optionalUrl(['http://', 'https://']),
  CHAIN_ID: z.coerce.number().int().min(1).optional(),
  CHAIN_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(
      /^0x[0-9a-fA-F]{64}$/,
      'deve ser uma chave privada 0x seguida de 64 dígitos hexadecimais',
    )
    .optional(),
  /** Explorer base URL; links are `<EXPLORER_URL>/tx/<hash>` and `<EXPLORER_URL>/address/<address>`. */
  EXPLORER_URL: optionalUrl(['http://', 'https://']),
  /** How often the chain worker drains the outbox; 0 turns it off (tests drive it themselves). */
  CHAIN_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /** How often on-chain balances are checked against the ledger; 0 turns the check job off. */
  CHAIN_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<
  Env,
  | 'SEED_DEMO'
  | 'PUBLIC_URL'
  | 'JOBS_INTERVAL_SECONDS'
  | 'CHAIN_MODE'
  | 'CHAIN_ID'
  | 'EXPLORER_URL'
  | 'CHAIN_WORKER_INTERVAL_MS'
> {
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
  JOBS_INTERVAL_SECONDS: number;
  CHAIN_MODE: 'local' | 'rpc' | 'off';
  CHAIN_ID: number;
  EXPLORER_URL: string;
  CHAIN_WORKER_INTERVAL_MS: number;
  isProduction: boolean;
}

/** Parses the environment once; throws with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new Error('Configuração inválida:\n  ADMIN_EMAIL e ADMIN_PASSWORD vão juntos.');
  }
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && (!e.JWT_SECRET || !e.ENCRYPTION_KEY)) {
    throw new Error(
      'Configuração inválida:\n  JWT_SECRET e ENCRYPTION_KEY (32+ caracteres) são obrigatórios com NODE_ENV=production.',
    );
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) {
    throw new Error('Configuração inválida:\n  S3_BUCKET é obrigatório com STORAGE=s3.');
  }
  // Sandbox mode credits wallets without money: production must choose it on purpose.
  if (isProduction && !env.PIX_PROVIDER) {
    throw new Error(
      'Configuração inválida:\n  PIX_PROVIDER é obrigatório com NODE_ENV=production (bacen, ou sandbox para demonstrações).',
    );
  }
  if (isProduction && e.PIX_PROVIDER === 'bacen' && !e.PIX_WEBHOOK_SECRET) {
    throw new Error(
      'Configuração inválida:\n  PIX_WEBHOOK_SECRET é obrigatório com PIX_PROVIDER=bacen em produção.',
    );
  }
  const bacen = e.PIX_PROVIDER === 'bacen' ? bacenProblems(e) : [];
  if (bacen.length > 0) {
    throw new Error(`Configuração inválida:\n${bacen.map((l) => `  ${l}`).join('\n')}`);
  }
  if (isProduction && !e.SMTP_URL) {
    throw new Error(
      'Configuração inválida:\n  SMTP_URL é obrigatório com NODE_ENV=production (códigos chegam só por e-mail).',
    );
  }
  const chainMode =
    e.CHAIN_MODE ?? (e.CHAIN_RPC_URL ? 'rpc' : e.NODE_ENV === 'test' ? 'off' : 'local');
  if (chainMode === 'rpc') {
    const missing = (['CHAIN_RPC_URL', 'CHAIN_ID', 'CHAIN_PRIVATE_KEY', 'EXPLORER_URL'] as const)
      .filter((name) => e[name] === undefined)
      .map((name) => `  ${name}: obrigatório para registrar em uma rede blockchain real`);
    if (missing.length > 0) throw new Error(`Configuração inválida:\n${missing.join('\n')}`);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    PUBLIC_URL: publicUrl,
    CHAIN_MODE: chainMode,
    CHAIN_ID: e.CHAIN_ID ?? 1337,
    // The local chain's explorer is served by this API: GET /api/chain/tx/<hash>.
    EXPLORER_URL: (e.EXPLORER_URL ?? `${publicUrl}/api/chain`).replace(/\/$/, ''),
    CHAIN_WORKER_INTERVAL_MS:
      e.CHAIN_WORKER_INTERVAL_MS ?? (e.NODE_ENV === 'test' || chainMode === 'off' ? 0 : 2000),
    SEED_DEMO: e.SEED_DEMO ?? !e.DATABASE_URL,
    // Tests run the jobs themselves, on their own clock.
    JOBS_INTERVAL_SECONDS: e.JOBS_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 30),
    isProduction,
  };
}

/** With PIX_PROVIDER=bacen: one line per missing variable or unusable PEM file. */
function bacenProblems(e: Env): string[] {
  const required = [
    'PIX_API_URL',
    'PIX_CLIENT_ID',
    'PIX_CLIENT_SECRET',
    'PIX_CERT',
    'PIX_KEY',
  ] as const;
  const problems = required
    .filter((name) => !e[name])
    .map((name) => `${name}: obrigatório com PIX_PROVIDER=bacen`);
  const read = (name: 'PIX_CERT' | 'PIX_KEY' | 'PIX_CA') => {
    const path = e[name];
    if (!path) return undefined;
    try {
      return readFileSync(path, 'utf8');
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'erro';
      problems.push(`${name}: não foi possível ler o arquivo ${path} (${code})`);
      return undefined;
    }
  };
  const parse = <T>(name: string, pem: string | undefined, what: string, f: (p: string) => T) => {
    if (pem === undefined) return undefined;
    try {
      return f(pem);
    } catch {
      problems.push(`${name}: o arquivo não contém ${what} em PEM válido`);
      return undefined;
    }
  };
  const cert = parse('PIX_CERT', read('PIX_CERT'), 'um certificado', (p) => {
    return new X509Certificate(p);
  });
  const key = parse('PIX_KEY', read('PIX_KEY'), 'uma chave privada', (p) => createPrivateKey(p));
  parse('PIX_CA', read('PIX_CA'), 'um certificado', (p) => {
    return new X509Certificate(p);
  });
  if (cert && key && !cert.checkPrivateKey(key)) {
    problems.push('PIX_KEY: a chave não corresponde ao certificado de PIX_CERT');
  }
  return problems;
}
