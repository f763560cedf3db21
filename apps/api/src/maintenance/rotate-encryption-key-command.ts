import { existsSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { createIdentityBox } from '../lib/identity-box.ts';
import { openDatabase } from '../lib/open-database.ts';
import { deriveSecrets } from '../lib/secrets.ts';
import { rotateEncryptionKey, RotationError } from './rotate-encryption-key.ts';
import { sealIdentityData } from './seal-identity-data.ts';

/**
 * `npm run rotate-encryption-key` (docs/OPERATIONS.md, "Rotating keys"): with every server stopped,
 * OLD_ENCRYPTION_KEY the key in use until now and ENCRYPTION_KEY the new one, on DATABASE_URL's
 * database or the embedded one under DATA_DIR. Re-encrypts, then exits 0; run it again if it
 * stopped half-way. Start the servers with the new key afterwards.
 */
async function main(): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const oldKey = process.env.OLD_ENCRYPTION_KEY ?? '';
  const newKey = config.ENCRYPTION_KEY;
  if (!newKey || oldKey.length < 32) {
    process.stderr.write(
      'Informe OLD_ENCRYPTION_KEY (a chave em uso até agora) e ENCRYPTION_KEY (a nova), com 32+ caracteres cada.\n',
    );
    return 2;
  }
  if (oldKey === newKey) {
    process.stderr.write('OLD_ENCRYPTION_KEY e ENCRYPTION_KEY são iguais: nada a fazer.\n');
    return 2;
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const to = deriveSecrets('unused', newKey);
    const result = await rotateEncryptionKey(database.db, deriveSecrets('unused', oldKey), to);
    // What a server never sealed (it stopped before migration 0016) is sealed with the new key.
    const sealed = await sealIdentityData(database.db, createIdentityBox(to));
    for (const [column, n] of Object.entries(result.columns))
      process.stdout.write(
        `${column}: ${n.rotated} recifrados, ${n.alreadyNew} já na chave nova\n`,
      );
    process.stdout.write(
      `sessões encerradas: ${result.sessionsEnded}; dados de identidade ainda em claro, cifrados: ${sealed.users + sealed.issuers}\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof RotationError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `rotate-encryption-key: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    process.exit(1);
  },
);
