/**
 * The offer jobs at scale (issue 23, docs/PERFORMANCE.md "At scale"): on a database of its own, an
 * offer that fails and one that succeeds with `holders` buyers each, and an open offer that other
 * investors keep buying through the API; each job — the failed offer's closing (a refund to every
 * buyer), the succeeded one's (a notice to every holder) and an installment to every holder — is
 * timed while those purchases go on, and their p50 and p99 are set beside the same load with no
 * job. The jobs run in this process as the API's scheduler would run them.
 */
import { todayInSaoPaulo } from '@copaiba/contracts';
import { connectPostgres, users } from '@copaiba/db';
import { inArray, sql } from 'drizzle-orm';
import { sqlRows } from '../../apps/api/src/lib/sql-rows.ts';
import { payDueInstallments } from '../../apps/api/src/modules/jobs/installment-payouts.ts';
import { closeDueOffers } from '../../apps/api/src/modules/jobs/offer-closing.ts';
import { insertIssuer, insertToken } from '../../apps/api/src/testing/catalogue-fixtures.ts';
import { generateOfferBuyers } from '../../apps/api/src/testing/scale-data.ts';
import { TEST_ENCRYPTION_SECRET } from '../../apps/api/src/testing/test-keys.ts';
import { recreateDatabase, serverUrl, signIn } from './fixtures.ts';
import { load, loadWhile, type LoadOptions } from './load.ts';
import type { Child } from './processes.ts';

export const JOBS_DATABASE = 'copaiba_bench_jobs';
/** The bound for each job here. */
const JOB_SECONDS = 30;

export interface JobFigure {
  job: string;
  seconds: number;
  /** Purchases of the open offer meanwhile. */
  purchases: { perSecond: number; p50Ms: number; p99Ms: number; failed: number };
  met: boolean;
}

export async function offerJobsAtScale(options: {
  holders: number;
  jwtSecret: string;
  startApi: (database: string, env: Record<string, string>) => Promise<Child>;
  log: (message: string) => void;
}) {
  const { holders, jwtSecret, log } = options;
  // The issuer comes from the tests' fixture, sealed with the tests' key: the API starts with that
  // key, since it refuses a database its key cannot open (docs/OPERATIONS.md, "Rotating keys").
  const encryptionKey = TEST_ENCRYPTION_SECRET;
  const url = serverUrl(JOBS_DATABASE);
  await recreateDatabase(JOBS_DATABASE);
  const handle = connectPostgres(url, 4);
  const { db } = handle;
  let api: Child | undefined;
  try {
    await handle.migrate();
    const today = todayInSaoPaulo(new Date());
    const day = (n: number) => new Date(Date.parse(`${today}T12:00:00-03:00`) + n * 86_400_000);
    const date = (n: number) => day(n).toISOString().slice(0, 10);
    const issuer = await insertIssuer(db);
    const raised = BigInt(holders) * 100_00n;
    const offer = (over: Parameters<typeof insertToken>[2]) =>
      insertToken(db, issuer.id, {
        unitPriceCents: 100_00n,
        quantity: holders,
        installments: 12,
        ...over,
      });
    // Its minimum is a centavo more than all its units raise: it fails.
    const failing = await offer({
      minimumAmountRaisedCents: raised + 1n,
      maximumAmountRaisedCents: raised + 1n,
      deadlineForFunding: today,
      firstDateInstallment: date(40),
    });
    const succeeding = await offer({
      minimumAmountRaisedCents: 1_00n,
      maximumAmountRaisedCents: raised,
      deadlineForFunding: date(1),
      firstDateInstallment: date(10),
    });
    const open = await insertToken(db, issuer.id, {
      unitPriceCents: 1_00n,
      quantity: 100_000_000,
      minimumAmountRaisedCents: 1_00n,
      maximumAmountRaisedCents: 100_000_000_00n,
      deadlineForFunding: date(60),
    });
    const started = performance.now();
    const refunded = await generateOfferBuyers(url, {
      tokenId: failing.id,
      buyers: holders,
      prefix: 'refunded',
    });
    const held = await generateOfferBuyers(url, {
      tokenId: succeeding.id,
      buyers: holders,
      prefix: 'holder',
    });
    const generationSeconds = Math.round((performance.now() - started) / 100) / 10;
    log(`  2 × ${holders} buyers in ${generationSeconds} s`);
    await db.execute(sql`vacuum analyze`);

    // Buyers of the open offer: half of them in the failing offer (their wallets get refunds).
    const people = await db
      .select({ id: users.id, tokenVersion: users.tokenVersion })
      .from(users)
      .where(inArray(users.id, [...refunded.slice(0, 100), ...held.slice(0, 100)]));
    const signed = await signIn(db, { jwtSecret, encryptionKey }, people);
    api = await options.startApi(JOBS_DATABASE, { ENCRYPTION_KEY: encryptionKey });
    const buying: LoadOptions = {
      url: api.url,
      path: `/api/wallet/buy-token/${open.id}`,
      method: 'POST',
      body: JSON.stringify({ quantity: 1 }),
      connections: 10,
      seconds: 5,
      headerSets: signed.map((s) => ({ authorization: s.authorization })),
    };
    await load({ ...buying, seconds: 2 });
    const idle = await loadWhile(buying, () => new Promise((r) => setTimeout(r, 5000)));
    const figures: JobFigure[] = [];
    const purchasesOf = (r: typeof idle) => ({
      perSecond: Math.round(r.rps),
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      failed: r.failed,
    });
    log(
      `  no job (5 s): purchases of another offer ${idle.rps.toFixed(0)}/s, p50 ${idle.p50Ms} ms, p99 ${idle.p99Ms} ms`,
    );
    const timed = async (job: string, work: () => Promise<void>) => {
      const r = await loadWhile({ ...buying, seconds: 600 }, work);
      figures.push({
        job,
        seconds: Math.round(r.workSeconds * 10) / 10,
        purchases: purchasesOf(r),
        met: r.workSeconds <= JOB_SECONDS,
      });
      log(
        `  ${job}: ${r.workSeconds.toFixed(1)} s; purchases of another offer meanwhile ` +
          `${r.rps.toFixed(0)}/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`,
      );
    };
    await timed(`closing a failed offer: ${holders} refunds`, async () => {
      const r = await closeDueOffers(db, day(1), { desistenciaDays: 0 });
      if (!r.failed.includes(failing.id)) throw new Error('the failing offer did not fail');
    });
    await timed(`closing a succeeded offer: ${holders} notices`, async () => {
      const r = await closeDueOffers(db, day(2), { desistenciaDays: 0 });
      if (!r.succeeded.includes(succeeding.id)) throw new Error('the offer did not succeed');
    });
    await timed(`an installment paid to ${holders} holders`, async () => {
      const paid = await payDueInstallments(db, day(10));
      const ours = paid.find((p) => p.tokenId === succeeding.id);
      if (ours?.holders !== holders) throw new Error(`payout ${JSON.stringify(paid)}`);
    });
    const [check] = await sqlRows<{ queued: number; refunds: number; paid: number; total: string }>(
      db,
      sql`select (select count(*) from offer_job_queue)::int as queued,
        (select count(*) from ledger_transfers where kind = 'refund')::int as refunds,
        (select count(*) from ledger_transfers where kind = 'remuneration')::int as paid,
        (select sum(balance_cents) from ledger_accounts)::text as total`,
    );
    const consistent =
      check?.queued === 0 &&
      check.refunds === holders &&
      check.paid === holders &&
      check.total === '0';
    if (!consistent) throw new Error(`after the jobs: ${JSON.stringify(check)}`);
    return {
      holders,
      generationSeconds,
      idle: purchasesOf(idle),
      figures,
      check,
    };
  } finally {
    await api?.stop();
    await handle.close();
  }
}
