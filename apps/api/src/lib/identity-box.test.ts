import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeDevice, UNKNOWN_DEVICE } from './device.ts';
import { createIdentityBox, maskCpfCnpj, sealedIdentity } from './identity-box.ts';
import { deriveSecrets } from './secrets.ts';

describe('the identity box', () => {
  const secrets = deriveSecrets('jwt', randomBytes(32).toString('hex'));
  const box = createIdentityBox(secrets);

  it('seals with a key of its own, apart from the TOTP key and the hash key', () => {
    expect(secrets.identityKey.equals(secrets.encryptionKey)).toBe(false);
    expect(secrets.identityKey.equals(secrets.identityHashKey)).toBe(false);
    expect(secrets.identityHashKey.equals(secrets.hashKey)).toBe(false);
    const sealed = box.seal('52998224725');
    expect(sealed).not.toContain('52998224725');
    expect(box.open(sealed)).toBe('52998224725');
    expect(box.openOrNull(null)).toBeNull();
    // Another ENCRYPTION_KEY neither opens it nor finds the CPF by its hash.
    const other = createIdentityBox(deriveSecrets('jwt', randomBytes(32).toString('hex')));
    expect(() => other.open(sealed)).toThrow();
    expect(other.cpfCnpjHash('52998224725')).not.toBe(box.cpfCnpjHash('52998224725'));
    // A tampered ciphertext is refused by GCM's tag, not opened into something else.
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(raw.toString('base64url'))).toThrow();
  });

  it('seals a user identity, keeping nothing for what is absent', () => {
    const columns = sealedIdentity(box, { cpfCnpj: '52998224725', birthDate: '1990-03-15' });
    expect(box.open(columns.cpfCnpjEnc!)).toBe('52998224725');
    expect(columns.cpfCnpjHash).toBe(box.cpfCnpjHash('52998224725'));
    expect(box.open(columns.birthDateEnc!)).toBe('1990-03-15');
    expect(sealedIdentity(box, { cpfCnpj: null, birthDate: null })).toEqual({
      cpfCnpjEnc: null,
      cpfCnpjHash: null,
      birthDateEnc: null,
    });
  });

  it.each([
    ['52998224725', '***.982.247-**'],
    ['11222333000181', '**.222.333/0001-**'],
    ['12ABC34501DE35', '**.ABC.345/01DE-**'],
    ['encerrada', '***'],
    [null, null],
  ])('masks %s as %s', (value, masked) => {
    expect(maskCpfCnpj(value)).toBe(masked);
  });
});

describe('devices named from the user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome em Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge em Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari em macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome em iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet em Android',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox em Linux'],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/114.0.0.0',
      'Opera em ChromeOS',
    ],
    ['curl/8.5.0', UNKNOWN_DEVICE],
    ['', UNKNOWN_DEVICE],
    ['Mozilla/5.0 (Windows NT 10.0) Unknown/1.0', 'Navegador desconhecido em Windows'],
  ])('%s', (agent, device) => {
    expect(describeDevice(agent)).toBe(device);
  });
});
