import type { Database } from '@copaiba/db';
import { sql } from 'drizzle-orm';
import type { IdentityBox } from '../lib/identity-box.ts';
import { sqlRows } from '../lib/sql-rows.ts';

const BATCH = 500;

/**
 * A server started with another ENCRYPTION_KEY than the one its data was sealed with would answer
 * 500 wherever identity data is shown, and would seal what it finds in clear with that other key:
 * the start refuses it, before sealing anything (docs/OPERATIONS.md, "Rotating keys").
 */
export async function assertKeyOpensSealedData(db: Database, identity: IdentityBox) {
  const [row] = await sqlRows<{ id: string; sealed: string }>(
    db,
    sql`select id, coalesce(cpf_cnpj_enc, birth_date_enc) as sealed from users
        where cpf_cnpj_enc is not null or birth_date_enc is not null order by id limit 1`,
  );
  if (!row) return;
  try {
    identity.open(row.sealed);
  } catch {
    throw new Error(
      `ENCRYPTION_KEY não abre os dados já cifrados neste banco (usuário ${row.id}): inicie com a chave em uso, ou troque-a com npm run rotate-encryption-key.`,
    );
  }
}

/**
 * Identity data written in clear before migration 0016 (and by anything that still writes the old
 * columns, such as the demo seed) is sealed at start (docs/DECISIONS.md, "Identity data at
 * rest"): CPF/CNPJ and birth date into `users.*_enc` with the CPF/CNPJ's keyed hash, the issuer's
 * phone into `token_issuers.phone_enc`; the cleartext is then emptied. In batches of 500 rows, each
 * batch one transaction with its rows locked (SKIP LOCKED: several processes starting at once
 * share the work); idempotent: a start with nothing in clear only reads the two tables. A CPF
 * already taken by another account keeps its sealed value without the hash and is reported, so
 * the start never fails on it and nothing stays in clear.
 */
export async function sealIdentityData(db: Database, identity: IdentityBox) {
  const report = { users: 0, issuers: 0, duplicateCpfCnpj: [] as number[] };
  for (;;) {
    const sealed = await db.transaction(async (tx) => {
      const rows = await sqlRows<{
        id: string;
        cpf_cnpj: string | null;
        birth_date: string | null;
      }>(
        tx,
        sql`select id, cpf_cnpj, birth_date::text as birth_date from users
            where cpf_cnpj is not null or birth_date is not null
            order by id limit ${BATCH} for update skip locked`,
      );
      for (const row of rows) {
        const hash = row.cpf_cnpj === null ? null : identity.cpfCnpjHash(row.cpf_cnpj);
        const [taken] =
          hash === null
            ? []
            : await sqlRows<{ id: string }>(
                tx,
                sql`select id from users where cpf_cnpj_hash = ${hash} and id <> ${row.id}`,
              );
        if (taken) report.duplicateCpfCnpj.push(Number(row.id));
        await tx.execute(sql`
          update users set
            cpf_cnpj_enc = coalesce(cpf_cnpj_enc, ${row.cpf_cnpj === null ? null : identity.seal(row.cpf_cnpj)}),
            cpf_cnpj_hash = coalesce(cpf_cnpj_hash, ${taken ? null : hash}),
            birth_date_enc = coalesce(birth_date_enc, ${row.birth_date === null ? null : identity.seal(row.birth_date)}),
            cpf_cnpj = null, birth_date = null
          where id = ${row.id}`);
      }
      return rows.length;
    });
    report.users += sealed;
    if (sealed < BATCH) break;
  }
  for (;;) {
    const sealed = await db.transaction(async (tx) => {
      const rows = await sqlRows<{ id: string; phone: string }>(
        tx,
        sql`select id, phone from token_issuers where phone is not null
            order by id limit ${BATCH} for update skip locked`,
      );
      for (const row of rows)
        await tx.execute(sql`
          update token_issuers
          set phone_enc = coalesce(phone_enc, ${identity.seal(row.phone)}), phone = null
          where id = ${row.id}`);
      return rows.length;
    });
    report.issuers += sealed;
    if (sealed < BATCH) break;
  }
  return report;
}
