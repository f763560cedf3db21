import { count } from 'drizzle-orm';
import { users, type Database } from '@copaiba/db';

export const DEMO_PASSWORD = 'Copaiba@2026';

export const demoAccounts = [
  {
    role: 'investidor',
    name: 'Ana Investidora',
    email: 'investidor@copaiba.dev',
    cpfCnpj: '12345678909',
  },
  {
    role: 'emissor',
    name: 'Bruno Emissor',
    email: 'emissor@copaiba.dev',
    cpfCnpj: '98765432100',
    isTokenCreator: true,
    intentionTokenCreator: true,
  },
  {
    role: 'gestor de projeto',
    name: 'Carla Gestora',
    email: 'gestor@copaiba.dev',
    cpfCnpj: '11144477735',
    isProjectManager: true,
    intentionProjectManager: true,
  },
  {
    role: 'administrador',
    name: 'Diego Administrador',
    email: 'admin@copaiba.dev',
    cpfCnpj: '39053344705',
    isAdmin: true,
  },
] as const;

/** Seeds one confirmed account per role into an empty database; returns what it created. */
export async function seedDemoAccounts(
  db: Database,
  hashPassword: (password: string) => Promise<string>,
): Promise<typeof demoAccounts | []> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(users).values(
    demoAccounts.map(({ role: _role, ...account }) => ({
      ...account,
      birthDate: '1990-05-17',
      passwordHash,
      isConfirmedEmail: true,
    })),
  );
  return demoAccounts;
}
