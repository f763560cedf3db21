import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { generateCertificates } from './testing/fake-psp.ts';

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
      /PIX_PROVIDER é obrigatório com NODE_ENV=production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PIX_PROVIDER: 'sandbox', ...secrets }),
    ).toThrow(/SMTP_URL é obrigatório/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PIX_PROVIDER: 'sandbox',
        ...secrets,
        SMTP_URL: 'smtp://mail:25',
      }).isProduction,
    ).toBe(true);
  });
});

describe('loadConfig with PIX_PROVIDER=bacen', () => {
  const certs = generateCertificates();
  afterAll(() => rmSync(certs.dir, { recursive: true, force: true }));
  const complete = {
    PIX_PROVIDER: 'bacen',
    PIX_API_URL: 'https://pix.psp.example.com.br',
    PIX_CLIENT_ID: 'cliente',
    PIX_CLIENT_SECRET: 'segredo',
    PIX_CERT: certs.clientCertFile,
    PIX_KEY: certs.clientKeyFile,
    PIX_CA: certs.caFile,
  };

  it('accepts a complete configuration with readable PEM files', () => {
    expect(loadConfig(complete)).toMatchObject({
      PIX_PROVIDER: 'bacen',
      PIX_API_URL: 'https://pix.psp.example.com.br',
    });
    expect(loadConfig({ ...complete, PIX_CA: '' }).PIX_CA).toBeUndefined();
  });

  it('names every missing variable on its own line', () => {
    expect(() => loadConfig({ PIX_PROVIDER: 'bacen', PIX_CLIENT_ID: '  ' })).toThrow(
      'Configuração inválida:\n' +
        '  PIX_API_URL: obrigatório com PIX_PROVIDER=bacen\n' +
        '  PIX_CLIENT_ID: obrigatório com PIX_PROVIDER=bacen\n' +
        '  PIX_CLIENT_SECRET: obrigatório com PIX_PROVIDER=bacen\n' +
        '  PIX_CERT: obrigatório com PIX_PROVIDER=bacen\n' +
        '  PIX_KEY: obrigatório com PIX_PROVIDER=bacen',
    );
  });

  it('refuses unreadable, non-PEM or mismatched files and a base URL without https', () => {
    const notPem = join(certs.dir, 'not.pem');
    writeFileSync(notPem, 'isto não é PEM');
    expect(() =>
      loadConfig({
        ...complete,
        PIX_CERT: join(certs.dir, 'missing.crt'),
        PIX_KEY: notPem,
        PIX_CA: notPem,
      }),
    ).toThrow(
      'Configuração inválida:\n' +
        `  PIX_CERT: não foi possível ler o arquivo ${join(certs.dir, 'missing.crt')} (ENOENT)\n` +
        '  PIX_KEY: o arquivo não contém uma chave privada em PEM válido\n' +
        '  PIX_CA: o arquivo não contém um certificado em PEM válido',
    );
    expect(() => loadConfig({ ...complete, PIX_KEY: certs.strangerKeyFile })).toThrow(
      'PIX_KEY: a chave não corresponde ao certificado de PIX_CERT',
    );
    expect(() => loadConfig({ ...complete, PIX_API_URL: 'http://pix.psp.example.com.br' })).toThrow(
      'PIX_API_URL: deve começar com https://',
    );
  });

  it('ignores the bacen variables in sandbox mode', () => {
    expect(loadConfig({ PIX_CERT: '/nao/existe.crt' }).PIX_PROVIDER).toBe('sandbox');
  });
});
