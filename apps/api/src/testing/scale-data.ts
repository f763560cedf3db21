import pg from 'pg';
import { RISK_TERM } from '../modules/investor/risk-term.ts';

/*
 * A large data set written with SQL alone (generate_series), for the bench's --scale group and the
 * query-plan test (docs/PERFORMANCE.md "At scale"): investors, tokens in every state, a balanced
 * ledger, holdings, the chain jobs that minted the purchases and notifications. Not through the
 * API: the point is the volume, in minutes.
 *
 * The ledger is the product's: every transfer moves a positive amount from one account to another
 * (so the ledger sums to zero by construction), each account's balance is set to its credits less
 * its debits, no wallet or escrow goes negative, holdings are the units the purchase transfers
 * bought, and a token's units sold, amount raised and buyers are those of its purchases.
 */

export interface ScaleOptions {
  investors: number;
  tokens: number;
  /** Ledger transfers in all, the offers' settlements included. */
  transfers: number;
  /** Movements of one investor (the long statement). */
  heavyMovements: number;
  /** Distinct tokens held by another investor (the long 'Meus Ativos'). */
  heavyHoldings: number;
  /** Notifications per ordinary investor; the heavy investor has heavyMovements of them. */
  notificationsPerInvestor: number;
}

/** The tokens an ordinary generated investor buys, and so holds (`--scale` compares their pages). */
export const ORDINARY_TOKENS = 3;

export const FULL_SCALE: ScaleOptions = {
  investors: 100_000,
  tokens: 1_000,
  transfers: 2_000_000,
  heavyMovements: 10_000,
  heavyHoldings: 200,
  notificationsPerInvestor: 5,
};

export interface ScaleData {
  /** The investor with `heavyMovements` movements and as many notifications. */
  heavyInvestorId: number;
  /** The investor holding `heavyHoldings` tokens. */
  holdingsInvestorId: number;
  /** Ordinary investors, for spreading authenticated reads. */
  sampleInvestorIds: number[];
  /** An issued token with a project, for the public detail. */
  detailTokenId: number;
  counts: Record<string, number>;
  /** Seconds each step took. */
  steps: Array<{ step: string; seconds: number }>;
}

/** Token states, by `t % 10`: every state of docs/product.md §4. */
const STATE_SQL = `case t % 10
  when 0 then 'incomplete' when 1 then 'released' else 'issued' end`;
const OFFER_SQL = `case
  when t % 10 in (2, 3, 4) then 'funding' when t % 10 = 5 then 'all_sold'
  when t % 10 in (6, 7, 8) then 'distributing' when t % 10 = 9 then 'failed' end`;

/**
 * Writes the data set into `url`'s database, which must be migrated and hold no other investor
 * data (a fresh database). Runs its steps on one connection with triggers and deferred foreign
 * keys off (session_replication_role = replica, as pg_restore does): the rows are consistent by
 * construction and checkScaleLedger proves the ledger's part.
 */
export async function generateScaleData(
  url: string,
  options: ScaleOptions,
  log: (message: string) => void = () => undefined,
): Promise<ScaleData> {
  const { investors: n, tokens: tokenCount, heavyMovements: h, heavyHoldings: k } = options;
  if (n < 3) throw new Error('at least 3 investors');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps: ScaleData['steps'] = [];
  const step = async (name: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, values);
    const seconds = (performance.now() - started) / 1000;
    steps.push({ step: name, seconds: Math.round(seconds * 10) / 10 });
    log(`  ${name}: ${seconds.toFixed(1)} s`);
    return result;
  };
  try {
    await client.query('set session_replication_role = replica');
    await client.query("set work_mem = '256MB'");
    await client.query("set maintenance_work_mem = '512MB'");
    await client.query('set synchronous_commit = off');

    // Investors 0..n-1 and one creator per 20 tokens, each in one statement: consecutive ids.
    const issuers = Math.max(1, Math.ceil(tokenCount / 20));
    await step(
      'users',
      `insert into users (email, name, password_hash, is_confirmed_email, risk_term_version, created_at)
       select 'scale' || g || '@copaiba.dev', 'Investidor Escala ' || g, 'unusable', true, $2,
         now() - interval '800 days'
       from generate_series(0, $1 - 1) g`,
      [n, RISK_TERM.version],
    );
    const { rows: idRows } = await client.query<{ first: string; last: string }>(
      `select min(id) as first, max(id) as last from users where email like 'scale%@copaiba.dev'`,
    );
    const u0 = Number(idRows[0]!.first);
    if (Number(idRows[0]!.last) - u0 + 1 !== n) throw new Error('investor ids are not consecutive');
    await client.query(
      `insert into users (email, name, password_hash, is_confirmed_email, is_token_creator)
       select 'emissor-escala' || g || '@copaiba.dev', 'Emissor Escala ' || g, 'unusable', true, true
       from generate_series(0, $1 - 1) g`,
      [issuers],
    );
    await step(
      'issuers',
      `insert into token_issuers (user_id, institution, cnpj, founding_date, summary, site, email,
         what_to_tokenize, token_issuer_image, logo_image, name_representative,
         summary_representative, photography_representative, name_representative2,
         summary_representative2, photography_representative2, name_representative3,
         summary_representative3, photography_representative3)
       select u.id, 'Cooperativa Escala ' || g, lpad(g::text, 14, '0'), '2010-01-01',
         'Cooperativa de extrativismo da Amazônia.', 'https://copaiba.dev', u.email,
         'Castanha', 'seed/issuer.webp', 'seed/logo.webp', 'Representante', 'Resumo',
         'seed/rep.webp', 'Representante 2', 'Resumo', 'seed/rep.webp', 'Representante 3',
         'Resumo', 'seed/rep.webp'
       from generate_series(0, $1 - 1) g
       join users u on u.email = 'emissor-escala' || g || '@copaiba.dev'`,
      [issuers],
    );
    const { rows: issuerRows } = await client.query<{ first: string }>(
      'select min(id) as first from token_issuers',
    );
    const i0 = Number(issuerRows[0]!.first);
    await step(
      'tokens',
      `insert into tokens (issuer_id, name, symbol, unit_price_cents, interest_rate_bp,
         minimum_amount_raised_cents, maximum_amount_raised_cents, quantity, deadline_for_funding,
         installments, first_date_installment, bank_details_for_receipt, project_blade,
         operation_flow, project_structure, status, offer_status, issued_at)
       select $2 + t % $3, 'Token Escala ' || t, 'SCALE' || t, 100 * (1 + t % 50), 1200,
         100, 1000000000000, 1000000000,
         case when t % 10 in (2, 3, 4) then current_date + 90 else current_date - 30 end,
         12, current_date + 30, 'Banco 001, agência 0001, conta 1-9', 'Lâmina do projeto',
         'Fluxo da operação', 'Estrutura do projeto', ${STATE_SQL}, ${OFFER_SQL},
         case when t % 10 >= 2 then now() - interval '740 days' end
       from generate_series(0, $1 - 1) t`,
      [tokenCount, i0, issuers],
    );
    const { rows: tokenRows } = await client.query<{ first: string; last: string }>(
      `select min(id) as first, max(id) as last from tokens where symbol like 'SCALE%'`,
    );
    const t0 = Number(tokenRows[0]!.first);
    if (Number(tokenRows[0]!.last) - t0 + 1 !== tokenCount) throw new Error('token ids');
    await step(
      'projects',
      `insert into projects (token_id, benefited_families, production_area_size, arl_size,
         territory, production_volume, covered_sdgs, talk_about_people_involved, guarantees, risks,
         video_link, token_issuance_term)
       select id, '40', '1.000 ha', '200 ha', 'Amapá', '100 t', '1, 8, 15', 'Comunidade',
         'Garantias', 'Riscos', 'https://www.youtube.com/watch?v=copaiba', 'seed/term.pdf'
       from tokens where symbol like 'SCALE%' and status <> 'incomplete'`,
    );

    // The tokens that sell (funding, all sold, distributing), numbered 0..p-1: token_of(j).
    await client.query(
      `create temporary table scale_buyable as
       select row_number() over (order by id) - 1 as j, id, unit_price_cents as price
       from tokens where symbol like 'SCALE%' and offer_status in ('funding', 'all_sold', 'distributing')`,
    );
    await client.query('create unique index on scale_buyable (j)');
    const { rows: buyableRows } = await client.query<{ p: string }>(
      'select count(*) as p from scale_buyable',
    );
    const p = Number(buyableRows[0]!.p);
    if (p < k) throw new Error(`${p} tokens on sale, fewer than ${k} holdings`);

    await step(
      'accounts',
      `insert into ledger_accounts (code, kind, user_id, token_id)
       select 'pix_clearing', 'pix_clearing', null::bigint, null::bigint
       where not exists (select 1 from ledger_accounts where code = 'pix_clearing')
       union all
       select 'payout_clearing', 'payout_clearing', null, null
       where not exists (select 1 from ledger_accounts where code = 'payout_clearing')
       union all
       select 'wallet:' || ($1 + g), 'wallet', $1 + g, null from generate_series(0, $2 - 1) g
       union all
       select 'escrow:' || id, 'offer_escrow', null, id from scale_buyable
       union all
       select 'issuer_payable:' || id, 'issuer_payable', null, id from tokens
       where symbol like 'SCALE%' and offer_status = 'distributing'`,
      [u0, n],
    );
    await client.query(
      `create temporary table scale_accounts as
       select id, code from ledger_accounts
       where code in ('pix_clearing', 'payout_clearing') or kind = 'offer_escrow'`,
    );
    const { rows: wRows } = await client.query<{ first: string }>(
      `select min(id) as first from ledger_accounts where code = 'wallet:' || $1`,
      [u0],
    );
    const w0 = Number(wRows[0]!.first);
    const { rows: misplaced } = await client.query<{ n: string }>(
      `select count(*) as n from ledger_accounts
       where kind = 'wallet' and user_id >= $1 and id - $2 <> user_id - $1`,
      [u0, w0],
    );
    if (misplaced[0]!.n !== '0') throw new Error('wallet account ids are not consecutive');
    const settlements = Math.floor((tokenCount / 10) * 3);
    const heavyCount = h + k + 1;
    const ordinary = options.transfers - heavyCount - settlements;
    if (ordinary < n - 2) throw new Error('too few transfers for the investors');

    /*
     * Movement m of investor i (0 = the heavy one, 1 = the one with many holdings, 2.. ordinary):
     * m = 0 a deposit large enough for everything after it; m % 10 = 9 a withdrawal of R$ 10,00;
     * m % 10 = 5 a deposit of R$ 500,00; otherwise a purchase of 1–5 units of one of
     * ORDINARY_TOKENS tokens (at most R$ 250,00). Investor 1 buys one unit of each of k tokens
     * instead. Times run over the last two years in the order of the ids.
     */
    const movements = `
      with moves as (
        select 2 + g % ($1::bigint - 2) as i, g / ($1::bigint - 2) as m,
          g::float8 / $2::bigint as at
        from generate_series(0, $2::bigint - 1) g
        union all
        select 0, m, m::float8 / $3::bigint from generate_series(0, $3::bigint - 1) m
      ), typed as (
        select i, m, at,
          case when m = 0 then 'deposit' when m % 10 = 9 then 'withdrawal'
            when m % 10 = 5 then 'deposit' else 'purchase' end as kind,
          (i * 7 + m % ${ORDINARY_TOKENS}) % $4::bigint as j, 1 + (i + m) % 5 as q
        from moves
      )
      select i, m, at, kind, j, q from typed
      union all
      select 1, 0, 0, 'deposit', 0, 0
      union all
      select 1, x + 1, (x + 1)::float8 / ($5::bigint + 1), 'purchase', x, 1
      from generate_series(0, $5::bigint - 1) x`;
    await step(
      'ledger transfers',
      `insert into ledger_transfers (idempotency_key, kind, debit_account_id, credit_account_id,
         amount_cents, user_id, token_id, quantity, created_at)
       select 'scale:' || mv.i || ':' || mv.m, mv.kind,
         case mv.kind when 'deposit' then pix.id else $6::bigint + mv.i end,
         case mv.kind when 'deposit' then $6::bigint + mv.i when 'withdrawal' then payout.id
           else escrow.id end,
         case
           -- A movement spends at most R$ 250,00: R$ 300,00 for each one the investor can make.
           when mv.kind = 'deposit' and mv.m = 0
             then 30000 * (case when mv.i = 0 then $3::bigint else 100 end + $5::bigint)
           when mv.kind = 'deposit' then 50000
           when mv.kind = 'withdrawal' then 1000
           else mv.q * b.price end,
         $7::bigint + mv.i,
         case when mv.kind = 'purchase' then b.id end,
         case when mv.kind = 'purchase' then mv.q end,
         now() - interval '730 days' + mv.at * interval '729 days'
       from (${movements}) mv
       cross join (select id from scale_accounts where code = 'pix_clearing') pix
       cross join (select id from scale_accounts where code = 'payout_clearing') payout
       left join scale_buyable b on b.j = mv.j and mv.kind = 'purchase'
       left join scale_accounts escrow on escrow.code = 'escrow:' || b.id
       order by mv.at, mv.i`,
      [n, ordinary, h, p, k, w0, u0],
    );
    // Each succeeded offer's escrow settles to its issuer, after its purchases (docs/product.md §4).
    await step(
      'settlements',
      `insert into ledger_transfers (idempotency_key, kind, debit_account_id, credit_account_id,
         amount_cents, token_id, reference, created_at)
       select 'offer-settlement:' || t.id, 'offer_settlement', e.id, ip.id, s.total, t.id,
         t.symbol, now() - interval '12 hours'
       from tokens t
       join ledger_accounts e on e.code = 'escrow:' || t.id
       join ledger_accounts ip on ip.code = 'issuer_payable:' || t.id
       join (select token_id, sum(amount_cents) as total from ledger_transfers
             where kind = 'purchase' group by token_id) s on s.token_id = t.id
       where t.symbol like 'SCALE%' and t.offer_status = 'distributing'
       order by t.id`,
    );
    await step(
      'balances',
      `update ledger_accounts a set balance_cents = s.credits - s.debits
       from (
         select account, sum(credits) as credits, sum(debits) as debits from (
           select credit_account_id as account, sum(amount_cents) as credits, 0 as debits
           from ledger_transfers group by 1
           union all
           select debit_account_id, 0, sum(amount_cents) from ledger_transfers group by 1
         ) x group by account
       ) s
       where s.account = a.id`,
    );
    await step(
      'statement counts',
      `insert into ledger_statement_counts (user_id, kind, transfers)
       select user_id, kind, count(*) from ledger_transfers where user_id is not null group by 1, 2`,
    );
    await step(
      'holdings',
      `insert into token_holdings (user_id, token_id, quantity, updated_at)
       select user_id, token_id, sum(quantity), max(created_at) from ledger_transfers
       where kind = 'purchase' group by user_id, token_id`,
    );
    // What the functions that change holdings keep (holding-values.sql).
    await step(
      'holding values',
      `insert into holding_values (user_id, value_cents, holdings)
       select h.user_id, sum(h.quantity * t.unit_price_cents), count(*) filter (where h.quantity > 0)
       from token_holdings h join tokens t on t.id = h.token_id group by h.user_id`,
    );
    await step(
      'offers',
      `update tokens t set units_sold = s.units, amount_capitated_cents = s.amount,
         buyers = s.buyers, last_purchase_at = s.last,
         quantity = case when t.offer_status = 'all_sold' then s.units else t.quantity end
       from (select token_id, sum(quantity) as units, sum(amount_cents) as amount,
               count(distinct user_id) as buyers, max(created_at) as last
             from ledger_transfers where kind = 'purchase' group by token_id) s
       where s.token_id = t.id`,
    );
    // Each purchase minted its units on chain (a mined job), which the statement links to.
    await step(
      'chain jobs',
      `insert into chain_jobs (token_id, seq, kind, status, tx_hash, tx_url, created_at, mined_at)
       select token_id, row_number() over (partition by token_id order by id), 'mint', 'mined',
         '0x' || md5(id::text), 'https://explorer.copaiba.dev/tx/0x' || md5(id::text),
         created_at, created_at
       from ledger_transfers where kind = 'purchase'`,
    );
    await step(
      'chain links',
      `insert into chain_job_transfers (transfer_id, job_id)
       select t.id, j.id
       from (select id, token_id,
               row_number() over (partition by token_id order by id) as seq
             from ledger_transfers where kind = 'purchase') t
       join chain_jobs j on j.token_id = t.token_id and j.seq = t.seq`,
    );
    await client.query(
      `update tokens t set chain_seq = s.seq
       from (select token_id, max(seq) as seq from chain_jobs group by token_id) s
       where s.token_id = t.id`,
    );
    await step(
      'notifications',
      `insert into notifications (user_id, kind, data, created_at, read_at)
       select $1 + i, 'deposit_credited',
         jsonb_build_object('amount_cents', 50000, 'txid', 'scale' || i || 'n' || x),
         now() - (x || ' days')::interval, case when x > 1 then now() end
       from generate_series(1, $2 - 1) i, generate_series(0, $3 - 1) x
       union all
       select $1, 'deposit_credited',
         jsonb_build_object('amount_cents', 50000, 'txid', 'scale0n' || x),
         now() - (x || ' minutes')::interval, case when x > 20 then now() end
       from generate_series(0, $4 - 1) x`,
      [u0, n, options.notificationsPerInvestor, h],
    );
    await step(
      'notification counts',
      `insert into notification_counts (user_id, total, unread)
       select user_id, count(*), count(*) filter (where read_at is null) from notifications group by 1`,
    );
    // As autovacuum would after a bulk load: the visibility map lets counts read indexes alone.
    await step('vacuum analyze', 'vacuum analyze');

    const counts: Record<string, number> = {};
    for (const table of [
      'users',
      'tokens',
      'ledger_transfers',
      'ledger_accounts',
      'token_holdings',
      'notifications',
      'chain_jobs',
    ]) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
      counts[table] = Number(rows[0]!.n);
    }
    const { rows: detail } = await client.query<{ id: string }>(
      `select id from tokens where symbol like 'SCALE%' and offer_status = 'distributing'
       order by id limit 1`,
    );
    const stride = Math.max(1, Math.floor((n - 2) / 200));
    return {
      heavyInvestorId: u0,
      holdingsInvestorId: u0 + 1,
      sampleInvestorIds: Array.from(
        { length: Math.min(200, n - 2) },
        (_, x) => u0 + 2 + x * stride,
      ),
      detailTokenId: Number(detail[0]!.id),
      counts,
      steps,
    };
  } finally {
    await client.end();
  }
}

/**
 * The generated ledger is balanced: it sums to zero, every balance is its account's credits less
 * its debits, none of the wallets or escrows is negative, holdings are the purchases' units, each
 * user's statement counts are their transfers, their holding values their holdings at unit price
 * and their notification counts their notifications.
 */
export async function checkScaleLedger(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      total: string;
      wrong_balances: string;
      negative: string;
      wrong_holdings: string;
      wrong_counts: string;
      wrong_holding_values: string;
      wrong_notification_counts: string;
    }>(
      `select
         (select sum(balance_cents) from ledger_accounts) as total,
         (select count(*) from ledger_accounts a
          left join (select credit_account_id as account, sum(amount_cents) as c
                     from ledger_transfers group by 1) c on c.account = a.id
          left join (select debit_account_id as account, sum(amount_cents) as d
                     from ledger_transfers group by 1) d on d.account = a.id
          where a.balance_cents <> coalesce(c.c, 0) - coalesce(d.d, 0)) as wrong_balances,
         (select count(*) from ledger_accounts
          where kind in ('wallet', 'offer_escrow') and balance_cents < 0) as negative,
         (select count(*) from token_holdings h
          full join (select user_id, token_id, sum(quantity) as q from ledger_transfers
                     where kind = 'purchase' group by 1, 2) p
            on p.user_id = h.user_id and p.token_id = h.token_id
          where h.quantity is distinct from p.q) as wrong_holdings,
         (select count(*) from ledger_statement_counts c
          full join (select user_id, kind, count(*) as n from ledger_transfers
                     where user_id is not null group by 1, 2) t
            on t.user_id = c.user_id and t.kind = c.kind
          where c.transfers is distinct from t.n) as wrong_counts,
         (select count(*) from holding_values v
          full join (select h.user_id, sum(h.quantity * k.unit_price_cents) as worth,
                            count(*) filter (where h.quantity > 0) as holdings
                     from token_holdings h join tokens k on k.id = h.token_id group by 1) w
            on w.user_id = v.user_id
          where (v.value_cents, v.holdings) is distinct from (w.worth, w.holdings))
           as wrong_holding_values,
         (select count(*) from notification_counts c
          full join (select user_id, count(*) as total,
                            count(*) filter (where read_at is null) as unread
                     from notifications group by 1) n on n.user_id = c.user_id
          where (c.total, c.unread) is distinct from (n.total, n.unread)) as wrong_notification_counts`,
    );
    const r = rows[0]!;
    const result = {
      totalCents: r.total,
      wrongBalances: Number(r.wrong_balances),
      negative: Number(r.negative),
      wrongHoldings: Number(r.wrong_holdings),
      wrongStatementCounts: Number(r.wrong_counts),
      wrongHoldingValues: Number(r.wrong_holding_values),
      wrongNotificationCounts: Number(r.wrong_notification_counts),
    };
    return {
      ...result,
      balanced:
        result.totalCents === '0' &&
        result.wrongBalances === 0 &&
        result.negative === 0 &&
        result.wrongHoldings === 0 &&
        result.wrongStatementCounts === 0 &&
        result.wrongHoldingValues === 0 &&
        result.wrongNotificationCounts === 0,
    };
  } finally {
    await client.end();
  }
}

/**
 * `buyers` new investors (risk term accepted), each funded by a Pix deposit of R$ 10.000,00 and
 * holding one unit of the funding offer `tokenId` bought from it: the money through the ledger's
 * own ledger_transfer (pix_clearing → wallet → the offer's escrow), the holding, the year's total
 * and the offer's figures as a purchase leaves them (purchases.sql), 500 buyers per transaction.
 * For the offer jobs at scale (a closing or a payout with ten thousand holders). Their ids.
 */
export async function generateOfferBuyers(
  url: string,
  { tokenId, buyers, prefix }: { tokenId: number; buyers: number; prefix: string },
): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `insert into users (email, name, password_hash, is_confirmed_email, risk_term_version)
       select $1 || g || '@copaiba.dev', 'Investidor ' || g, 'unusable', true, $3
       from generate_series(1, $2::int) g
       returning id`,
      [prefix, buyers, RISK_TERM.version],
    );
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    for (let from = 0; from < ids.length; from += 500) {
      const chunk = ids.slice(from, from + 500);
      await client.query('begin');
      await client.query(
        `select
           ledger_transfer($2 || ':deposit:' || b.id, 'deposit', 'pix_clearing', 'pix_clearing',
             null, null, 'wallet:' || b.id, 'wallet', b.id, null, 1000000, b.id, null, null, null),
           ledger_transfer($2 || ':purchase:' || b.id, 'purchase', 'wallet:' || b.id, 'wallet',
             b.id, null, 'escrow:' || $3::bigint, 'offer_escrow', null, $3::bigint, t.price, b.id,
             $3::bigint, 1, null),
           count_annual_investment(b.id, now(), t.price),
           holding_value_add(b.id, t.price, 1)
         from unnest($1::bigint[]) as b(id)
         cross join (select unit_price_cents as price from tokens where id = $3::bigint) t
         order by b.id`,
        [chunk, prefix, tokenId],
      );
      await client.query(
        `insert into token_holdings (user_id, token_id, quantity)
         select unnest($1::bigint[]), $2::bigint, 1`,
        [chunk, tokenId],
      );
      // Each purchase's receipt, without its mail (long sent), so the jobs meet a notifications
      // table of a platform's size: on an empty one each mail's foreign-key check was planned as
      // a scan and kept scanning as the jobs wrote (docs/PERFORMANCE.md, "The secondary board").
      await client.query(
        `with receipts as (
           insert into notifications (user_id, kind, data)
           select t.user_id, 'purchase_confirmed', jsonb_build_object('token_id', k.id,
             'token_name', k.name, 'token_symbol', k.symbol, 'purchase_id', t.id,
             'quantity', t.quantity, 'unit_price_cents', k.unit_price_cents,
             'total_cents', t.amount_cents)
           from ledger_transfers t join tokens k on k.id = t.token_id
           where t.idempotency_key = any (select $2 || ':purchase:' || unnest($1::bigint[]))
           returning user_id)
         insert into notification_counts as c (user_id, total, unread)
         select user_id, count(*), count(*) from receipts group by user_id
         on conflict (user_id) do update
           set total = c.total + excluded.total, unread = c.unread + excluded.unread`,
        [chunk, prefix],
      );
      await client.query(
        `update tokens set units_sold = units_sold + $1::bigint,
           amount_capitated_cents = amount_capitated_cents + unit_price_cents * $1::bigint,
           buyers = buyers + $1::int, last_purchase_at = now()
         where id = $2::bigint`,
        [chunk.length, tokenId],
      );
      await client.query('commit');
    }
    return ids;
  } finally {
    await client.end();
  }
}
