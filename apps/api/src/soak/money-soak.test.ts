import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSoak } from './money-soak.ts';

const KILLS = Number(process.env.SOAK_KILLS ?? 8);
const POSTGRES_KILL_EVERY = Number(process.env.SOAK_POSTGRES_KILL_EVERY ?? 4);

describe('money under faults, on a PostgreSQL of its own', () => {
  // Bounded for the suite; `npm run soak` runs the long one (docs/SECURITY.md has its figures).
  it('keeps every invariant through SIGKILLs of the API processes and of PostgreSQL under a randomized load', async () => {
    const seed = Number(process.env.SOAK_SEED ?? Date.now() % 2 ** 31);
    const report = await runSoak({
      kills: KILLS,
      postgresKillEvery: POSTGRES_KILL_EVERY,
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
    expect(report.postgresKills).toBe(Math.floor(KILLS / POSTGRES_KILL_EVERY));
    expect(report.apiKills).toBe(KILLS - report.postgresKills);
    // Requests were sent while PostgreSQL was down, answered 503 and retried.
    if (report.postgresKills > 0) expect(report.statuses['503']).toBeGreaterThan(0);
    expect(report.serverErrors).toBe(0);
    // A storm that moved nothing would prove nothing.
    expect(report.acknowledged.buys).toBeGreaterThan(10);
    expect(report.acknowledged.desistencias).toBeGreaterThan(0);
    expect(report.acknowledged.deposits).toBeGreaterThan(8);
    expect(report.acknowledged.withdrawals).toBeGreaterThan(0);
    expect(report.acknowledged.maturedOffers).toBeGreaterThan(2);
    expect(report.acknowledged.listings).toBeGreaterThan(0);
    expect(report.acknowledged.marketBuys).toBeGreaterThan(0);
    expect(report.acknowledged.notificationsRead).toBeGreaterThan(0);
    expect(report.invariantRounds).toBe(KILLS + 1);
    expect(report.invariantChecks).toBeGreaterThan(50 * report.invariantRounds);
  }, 600_000);
});
