import { chainWallets, type Database } from '@copaiba/db';
import { eq, inArray } from 'drizzle-orm';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { seal } from '../../lib/crypto-box.ts';

/**
 * Each investor's custodied chain wallet, created on first use. The key is generated and sealed
 * here and never leaves the server; the platform mints to and burns from these addresses, so
 * investors never need to sign.
 */
export async function walletAddresses(
  db: Database,
  encryptionKey: Buffer,
  userIds: number[],
): Promise<Map<number, Address>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const known = await db
    .select({ userId: chainWallets.userId, address: chainWallets.address })
    .from(chainWallets)
    .where(inArray(chainWallets.userId, unique));
  const found = new Map(known.map((w) => [w.userId, w.address as Address]));
  for (const userId of unique.filter((id) => !found.has(id))) {
    const key = generatePrivateKey();
    await db
      .insert(chainWallets)
      .values({ userId, address: privateKeyToAddress(key), sealedKey: seal(encryptionKey, key) })
      .onConflictDoNothing({ target: chainWallets.userId });
    const [row] = await db
      .select({ address: chainWallets.address })
      .from(chainWallets)
      .where(eq(chainWallets.userId, userId));
    found.set(userId, row!.address as Address);
  }
  return found;
}
