import { createIdentityBox } from '../lib/identity-box.ts';
import { deriveSecrets } from '../lib/secrets.ts';

/**
 * The ENCRYPTION_KEY of every test app (test-app.ts), so that fixtures writing rows straight to the
 * database seal data as the app would and read back what the app sealed.
 */
export const TEST_ENCRYPTION_SECRET = 'copaiba-test-encryption-secret-0123456789abcdef';

const secrets = deriveSecrets('unused', TEST_ENCRYPTION_SECRET);

/** The identity box of every test app (lib/identity-box.ts). */
export const testIdentity = createIdentityBox(secrets);

/** The key every test app seals TOTP secrets with (lib/crypto-box.ts). */
export const testEncryptionKey = secrets.encryptionKey;
