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
  /** Encrypts secrets at rest (TOTP). */
  encryptionKey: Buffer;
  /** Authenticates Pix webhooks when PIX_WEBHOOK_SECRET is not set (development and sandbox). */
  pixWebhookSecret: string;
}

/** Secrets from env; in development, generated once and kept in DATA_DIR/secrets.json. */
export function loadSecrets(config: Config): Secrets {
  let jwt = config.JWT_SECRET;
  let enc = config.ENCRYPTION_KEY;
  if (!jwt || !enc) {
    const file = join(config.DATA_DIR, 'secrets.json');
    const stored = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { jwt: string; enc: string })
      : { jwt: randomBytes(32).toString('base64url'), enc: randomBytes(32).toString('base64url') };
    if (!existsSync(file)) {
      mkdirSync(config.DATA_DIR, { recursive: true });
      writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
    }
    jwt ??= stored.jwt;
    enc ??= stored.enc;
  }
  return deriveSecrets(jwt, enc);
}

export function deriveSecrets(jwtSecret: string, encryptionSecret: string): Secrets {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', encryptionSecret, 'copaiba', info, 32));
  return {
    jwtKey: new TextEncoder().encode(jwtSecret),
    hashKey: derive('hash'),
    captchaKey: derive('captcha').toString('hex'),
    encryptionKey: derive('encryption'),
    pixWebhookSecret: derive('pix-webhook').toString('base64url'),
  };
}

export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}
