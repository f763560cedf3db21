import { mkdirSync, writeFileSync } from 'node:fs';
import { runSoak } from './money-soak.ts';

/**
 * `npm run soak`: the long run. SOAK_KILLS, SOAK_POSTGRES_KILL_EVERY (every n-th kill is
 * PostgreSQL's), SOAK_SECONDS, SOAK_INVESTORS and SOAK_SEED tune it.
 */
const report = await runSoak({
  kills: Number(process.env.SOAK_KILLS ?? 100),
  postgresKillEvery: Number(process.env.SOAK_POSTGRES_KILL_EVERY ?? 5),
  minSeconds: Number(process.env.SOAK_SECONDS ?? 300),
  investors: Number(process.env.SOAK_INVESTORS ?? 9),
  workersPerInvestor: 3,
  seed: Number(process.env.SOAK_SEED ?? Date.now() % 2 ** 31),
});
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/soak-long.json', JSON.stringify(report, null, 2));
process.stdout.write(`${JSON.stringify({ ...report, breaks: report.breaks.length }, null, 2)}\n`);
for (const line of report.breaks) process.stdout.write(`BREAK: ${line}\n`);
process.exit(report.breaks.length === 0 ? 0 : 1);
