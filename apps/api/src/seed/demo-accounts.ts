import { todayInSaoPaulo } from '@copaiba/contracts';
import { users, type Database } from '@copaiba/db';
import { inArray } from 'drizzle-orm';
import { monthDay, saoPauloInstant } from './demo-calendar.ts';

export const DEMO_PASSWORD = 'Copaiba@2026';

/** One confirmed account per role; `joined` months before the seed runs, before its history. */
export const demoAccounts = [
  {
    role: 'investidor',
    name: 'Ana Investidora',
    email: 'investidor@copaiba.dev',
    cpfCnpj: '12345678909',
    joined: 9,
  },
  {
    role: 'emissor',
    name: 'Bruno Emissor',
    email: 'emissor@copaiba.dev',
    cpfCnpj: '98765432100',
    isTokenCreator: true,
    intentionTokenCreator: true,
    joined: 11,
  },
  {
    role: 'gestor de projeto',
    name: 'Carla Gestora',
    email: 'gestor@copaiba.dev',
    cpfCnpj: '11144477735',
    isProjectManager: true,
    intentionProjectManager: true,
    joined: 10,
  },
  {
    role: 'administrador',
    name: 'Diego Administrador',
    email: 'admin@copaiba.dev',
    cpfCnpj: '39053344705',
    isAdmin: true,
    joined: 12,
  },
] as const;

export type DemoAccount = (typeof demoAccounts)[number];

/** The demo accounts whose e-mails no account has yet. */
export async function missingDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const taken = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            demoAccounts.map((a) => a.email),
          ),
        )
    ).map((u) => u.email),
  );
  return demoAccounts.filter((a) => !taken.has(a.email));
}

/**
 * Seeds the demo accounts whose e-mails are not taken (an ADMIN_EMAIL admin, or anyone, may
 * already be there); returns those it created. One whose CPF is taken is left out.
 */
export async function seedDemoAccounts(
  db: Database,
  hashPassword: (password: string) => Promise<string>,
  now: Date,
): Promise<DemoAccount[]> {
  const missing = await missingDemoAccounts(db);
  if (missing.length === 0) return [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = todayInSaoPaulo(now);
  const created = await db
    .insert(users)
    .values(
      missing.map(({ role: _role, joined, ...account }) => {
        const createdAt = saoPauloInstant(monthDay(today, joined, 2), '09:30');
        return {
          ...account,
          birthDate: '1990-05-17',
          passwordHash,
          isConfirmedEmail: true,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ email: users.email });
  return missing.filter((a) => created.some((c) => c.email === a.email));
}
