import type { Database } from '@copaiba/db';
import { verify } from '@node-rs/argon2';
import * as repo from './accounts.repo.ts';
import { hashPassword } from './passwords.ts';

/** ADMIN_EMAIL + ADMIN_PASSWORD: make sure a confirmed admin with that password exists. */
export async function ensureAdmin(db: Database, email: string, password: string): Promise<void> {
  const existing = await repo.findUserByEmail(db, email);
  if (!existing) {
    await repo.insertUser(db, {
      email: email.toLowerCase(),
      name: 'Administrador',
      passwordHash: await hashPassword(password),
      isConfirmedEmail: true,
      isAdmin: true,
    });
    return;
  }
  const samePassword = await verify(existing.passwordHash, password).catch(() => false);
  await repo.updateUser(db, existing.id, {
    isAdmin: true,
    isConfirmedEmail: true,
    ...(samePassword ? {} : { passwordHash: await hashPassword(password) }),
  });
}
