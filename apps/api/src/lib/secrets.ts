import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

export interface Secrets {
  /** Signs access tokens (HS256). */
  jwtKey: Uint8Array;
  /** Keys the hashes of one-time codes and refresh tokens. */
  hashKey: Buffer;
  /** Signs captcha challenges. */
  captchaKey: string;
  /** Encrypts secrets at rest (TOTP, custodied chain wallets). */
  encryptionKey: Buffer;
  /** Encrypts identity data at rest: CPF/CNPJ, birth dates, phones (lib/identity-box.ts). */
  identityKey: Buffer;
  /** Keys the hash that finds and keeps unique a CPF/CNPJ without its cleartext. */
  identityHashKey: Buffer;
  /** Authenticates Pix webhooks when PIX_WEBHOOK_SECRET is not set (development and sandbox). */
  pixWebhookSecret: string;
}

interface StoredSecrets {
  jwt?: string;
  enc?: string;
  /** The embedded PostgreSQL's superuser password. */
  postgres?: string;
}

/**
 * DATA_DIR/secrets.json: what the process generated once for itself (development secrets, the
 * embedded database's password), created on first use with only the owner able to read it.
 */
function storedSecret(dataDir: string, name: keyof StoredSecrets): string {
  const file = join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets) : {};
  const value = stored[name];
  if (value) return value;
  const generated = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...stored, [name]: generated }), { mode: 0o600 });
  return generated;
}

/** Secrets from env; in development, generated once and kept in DATA_DIR/secrets.json. */
export function loadSecrets(config: Config): Secrets {
  const jwt = config.JWT_SECRET ?? storedSecret(config.DATA_DIR, 'jwt');
  const enc = config.ENCRYPTION_KEY ?? storedSecret(config.DATA_DIR, 'enc');
  return deriveSecrets(jwt, enc);
}

/** The embedded database's password (docs/ARCHITECTURE.md). */
export const embeddedDatabasePassword = (dataDir: string) => storedSecret(dataDir, 'postgres');

export function deriveSecrets(jwtSecret: string, encryptionSecret: string): Secrets {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', encryptionSecret, 'copaiba', info, 32));
  return {
    jwtKey: new TextEncoder().encode(jwtSecret),
    hashKey: derive('hash'),
    captchaKey: derive('captcha').toString('hex'),
    encryptionKey: derive('encryption'),
    identityKey: derive('identity'),
    identityHashKey: derive('identity-hash'),
    pixWebhookSecret: derive('pix-webhook').toString('base64url'),
  };
}

export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}
