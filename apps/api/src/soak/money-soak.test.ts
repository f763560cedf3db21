import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSoak } from './money-soak.ts';

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const KILLS = Number(process.env.SOAK_KILLS ?? 8);

describe('money under faults, on the PostgreSQL server', () => {
  // Bounded for the suite; `npm run soak` runs the long one (docs/SECURITY.md has its figures).
  it('keeps every invariant through SIGKILLs under a randomized load', async () => {
    const seed = Number(process.env.SOAK_SEED ?? Date.now() % 2 ** 31);
    const report = await runSoak({
      serverUrl,
      kills: KILLS,
      // At least one 30 s TOTP step passes, so withdrawals happen.
      minSeconds: 35,
      investors: 8,
      workersPerInvestor: 2,
      seed,
    });
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/soak.json', JSON.stringify(report, null, 2));
    expect(report.breaks, `seed ${seed}`).toEqual([]);
    expect(report.kills).toBe(KILLS);
    expect(report.serverErrors).toBe(0);
    // A storm that moved nothing would prove nothing.
    expect(report.acknowledged.buys).toBeGreaterThan(10);
    expect(report.acknowledged.deposits).toBeGreaterThan(8);
    expect(report.acknowledged.withdrawals).toBeGreaterThan(0);
    expect(report.acknowledged.maturedOffers).toBeGreaterThan(2);
    expect(report.invariantChecks).toBeGreaterThan(50);
  }, 600_000);
});
