import type { Database } from '@copaiba/db';
import { sql, type SQL } from 'drizzle-orm';
import { open, seal } from '../lib/crypto-box.ts';
import { createIdentityBox } from '../lib/identity-box.ts';
import type { Secrets } from '../lib/secrets.ts';
import { sqlRows } from '../lib/sql-rows.ts';

const BATCH = 500;

type Keys = Pick<Secrets, 'encryptionKey' | 'identityKey' | 'identityHashKey'>;

/** A column sealed with one of the keys ENCRYPTION_KEY derives (docs/OPERATIONS.md). */
interface SealedColumn {
  table: 'users' | 'token_issuers' | 'chain_wallets';
  key: 'id' | 'user_id';
  column: string;
  with: 'encryptionKey' | 'identityKey';
  /** The keyed hash kept beside it, recomputed from the cleartext with the new key. */
  hash?: string;
}

export const SEALED_COLUMNS: SealedColumn[] = [
  { table: 'users', key: 'id', column: 'totp_secret_enc', with: 'encryptionKey' },
  {
    table: 'users',
    key: 'id',
    column: 'cpf_cnpj_enc',
    with: 'identityKey',
    hash: 'cpf_cnpj_hash',
  },
  { table: 'users', key: 'id', column: 'birth_date_enc', with: 'identityKey' },
  { table: 'token_issuers', key: 'id', column: 'phone_enc', with: 'identityKey' },
  { table: 'chain_wallets', key: 'user_id', column: 'sealed_key', with: 'encryptionKey' },
];

export class RotationError extends Error {}

/** Opens with `key`, or null when the value was not sealed with it (GCM's tag refuses it). */
function tryOpen(key: Buffer, sealed: string): string | null {
  try {
    return open(key, sealed);
  } catch {
    return null;
  }
}

/**
 * Re-encrypts everything sealed with keys derived from the old ENCRYPTION_KEY under the new one
 * (docs/OPERATIONS.md, "Rotating keys"): TOTP secrets, identity data (CPF/CNPJ with its keyed
 * hash, birth dates, phones) and custodied chain wallet keys. Column by column, 500 rows a
 * transaction with the rows locked; a value the new key already opens is left alone, so a run
 * that stopped half-way is simply run again. A value neither key opens stops the run, naming its
 * row. Every session ends, since refresh tokens are stored as hashes keyed by the old key.
 */
export async function rotateEncryptionKey(db: Database, from: Keys, to: Keys) {
  const newIdentity = createIdentityBox(to);
  const counts: Record<string, { rotated: number; alreadyNew: number }> = {};
  for (const c of SEALED_COLUMNS) {
    const name = `${c.table}.${c.column}`;
    const tally = (counts[name] = { rotated: 0, alreadyNew: 0 });
    let after = 0;
    for (;;) {
      const last = await db.transaction(async (tx) => {
        const hashed = c.hash ? sql`${sql.identifier(c.hash)} is not null` : sql`false`;
        const rows = await sqlRows<{ k: string; v: string; hashed: boolean }>(
          tx,
          sql`select ${sql.identifier(c.key)} as k, ${sql.identifier(c.column)} as v,
                ${hashed} as hashed
              from ${sql.identifier(c.table)}
              where ${sql.identifier(c.key)} > ${after} and ${sql.identifier(c.column)} is not null
              order by ${sql.identifier(c.key)} limit ${BATCH} for update`,
        );
        for (const row of rows) {
          if (tryOpen(to[c.with], row.v) !== null) {
            tally.alreadyNew++;
            continue;
          }
          const clear = tryOpen(from[c.with], row.v);
          if (clear === null)
            throw new RotationError(
              `${name} of ${c.key} ${row.k} opens with neither key: is OLD_ENCRYPTION_KEY right?`,
            );
          const sets: SQL[] = [sql`${sql.identifier(c.column)} = ${seal(to[c.with], clear)}`];
          // A CPF sealed without its hash (another account holds it) stays without one.
          if (c.hash && row.hashed)
            sets.push(sql`${sql.identifier(c.hash)} = ${newIdentity.cpfCnpjHash(clear)}`);
          await tx.execute(
            sql`update ${sql.identifier(c.table)} set ${sql.join(sets, sql`, `)}
                where ${sql.identifier(c.key)} = ${row.k}`,
          );
          tally.rotated++;
        }
        return rows.length === BATCH ? Number(rows.at(-1)!.k) : null;
      });
      if (last === null) break;
      after = last;
    }
  }
  // Refresh tokens and login challenges are hashes keyed by the old key: they match nothing now.
  const ended = await sqlRows<{ n: string }>(
    db,
    sql`with revoked as (
          update refresh_tokens set revoked_at = now() where revoked_at is null returning 1),
        ended as (update sessions set ended_at = now() where ended_at is null returning 1)
        select (select count(*) from ended) as n`,
  );
  return { columns: counts, sessionsEnded: Number(ended[0]?.n ?? 0) };
}
