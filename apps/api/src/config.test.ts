import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('fills development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      SEED_DEMO: true,
    });
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('turns the demo seed off with a server database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).SEED_DEMO).toBe(
      true,
    );
  });

  it('names every bad variable in one clear message', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' }),
    ).toThrow(
      /Configuração inválida:\n {2}PORT: .*\n {2}DATABASE_URL: deve começar com postgres:\/\/ ou postgresql:\/\/\n {2}SMTP_URL: /,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.com' })).toThrow(
      /ADMIN_EMAIL e ADMIN_PASSWORD vão juntos/,
    );
  });

  it('refuses production without secrets or SMTP', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET e ENCRYPTION_KEY/);
    const secrets = { JWT_SECRET: 'j'.repeat(32), ENCRYPTION_KEY: 'e'.repeat(32) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets })).toThrow(
      /SMTP_URL é obrigatório/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', ...secrets, SMTP_URL: 'smtp://mail:25' }).isProduction,
    ).toBe(true);
  });
});
