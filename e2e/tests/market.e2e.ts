import { randomBytes } from 'node:crypto';
import { solveCaptcha } from '@copaiba/api/testing/solve-captcha';
import { startSmtpSink, type SmtpSink } from '@copaiba/api/testing/smtp-sink';
import { centsToDecimal, centsToPtBr, formatBrl } from '@copaiba/contracts/money';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import {
  artifactsDir,
  launchBrowser,
  screenshot,
  viewportShot,
  viewports,
  watchPage,
} from '../support/browser.ts';
import { apiAs, demoAccounts, demoContext, type Session } from '../support/demo.ts';
import { embeddedDatabaseUrl, startServer, type RunningServer } from '../support/server.ts';
import { expectNoSidewaysScroll } from '../support/page-checks.ts';
import { revealBelowTheFold } from '../support/screen.ts';

/*
 * The secondary board, 'Mural de Negociação' (docs/product.md §18), as two investors live it: Ana
 * (the demo investor) lists units of a token whose offer succeeded from 'Meus Ativos', Bruno
 * finds them on the token's page and on /mural and buys part through the simulation and the
 * confirmation, Ana cancels the rest in 'Minhas ofertas'; both statements, holdings and balances
 * agree, and the chain's explorer link of the sale opens on the transfer. At 1280 and 390 px.
 */

let smtp: SmtpSink;
let server: RunningServer;
let browser: Browser;
/** The server's own embedded database (a copy of the run's demo template): setup moves time in it. */
let dbUrl: string;

async function query(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({
    SMTP_URL: smtp.url,
    SEED_DEMO: 'true',
    // The sale's explorer link is what this suite opens.
    CHAIN_MODE: 'local',
    // Offers close as soon as their deadline passes, at the next run of the jobs.
    DESISTENCIA_DAYS: '0',
    JOBS_INTERVAL_SECONDS: '1',
  });
  dbUrl = embeddedDatabaseUrl(server);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A CPF with valid check digits, new to this database. */
function newCpf(): string {
  const digits = [...randomBytes(9)].map((b) => b % 10);
  const check = (nums: number[]) => {
    const rest = nums.reduce((sum, n, i) => sum + n * (nums.length + 1 - i), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  return digits.join('');
}

const captcha = async () =>
  solveCaptcha(await (await fetch(`${server.url}/api/captcha/challenge/`)).json());

/**
 * A new investor, registered and confirmed through the API as the forms do. Each `login()` is a
 * session of its own: a browser context rotates its refresh token, so two never share one.
 */
async function newInvestor(name: string) {
  const email = `${name.toLowerCase()}.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Floresta2026!';
  const post = (path: string, body: object, method = 'POST') =>
    fetch(`${server.url}/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('account/register/', {
    name: `${name} Tapajós`,
    email,
    password,
    cpf_cnpj: newCpf(),
    birth_date: '1988-04-21',
    terms_accepted: 'true',
    captcha: await captcha(),
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  const mail = await smtp.waitFor(email, 1, 30_000);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
  expect((await post('email/confirm/', { email, token: code }, 'PUT')).status).toBe(200);
  return {
    async login(): Promise<Session> {
      const res = await post('login/common/', { email, password, captcha: await captcha() });
      expect(res.status).toBe(200);
      return (await res.json()) as Session;
    },
  };
}

/** Money by Pix in sandbox mode, and the risk term accepted, as before any first purchase. */
async function readyToInvest(session: Session) {
  const charge = await apiAs<{ txid: string }>(server.url, session, 'wallet/pix/deposit/', {
    method: 'POST',
    json: { value: '5000.00', agreements_accepted: true },
  });
  await apiAs(server.url, session, 'sandbox/pix/pay/', {
    method: 'POST',
    json: { txid: charge.txid },
  });
  const term = await apiAs<{ version: string }>(server.url, session, 'investor/risk-term/');
  await apiAs(server.url, session, 'investor/risk-term/', {
    method: 'POST',
    json: { version: term.version },
  });
}

interface Card {
  id: number;
  name: string;
  unit_price: string;
  is_funding: boolean;
}

/** Finite animations and images done, so a screenshot shows the settled screen (5 s at most). */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    await Promise.race([
      Promise.all([document.fonts.ready, ...finite.map((a) => a.finished.catch(() => undefined))]),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
  });
}

async function pageShot(page: Page, name: string) {
  // The top bar's signed-in menu is a chunk of its own: the shot waits for it.
  await page.getByRole('button', { name: /^Notificações/ }).waitFor();
  await settle(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

describe('Mural de Negociação', () => {
  it(
    'Ana lists units, Bruno buys part, Ana cancels the rest; statements, holdings and the chain agree',
    { timeout: 600_000 },
    async () => {
      const accounts = demoAccounts(server.url);
      const ana = await accounts.login('investidor');
      const brunoAccount = await newInvestor('Bruno');
      const bruno = await brunoAccount.login();
      await readyToInvest(ana);
      await readyToInvest(bruno);

      // An offer both bought into (Bruno thereby an active investor), whose deadline then passes
      // with its minimum raised: the jobs close it and it distributes.
      const offers: Card[] = [];
      for (let n = 1; n < 20; n++) {
        const list = await apiAs<{ results: Card[]; next: string | null }>(
          server.url,
          ana,
          `token/list/?page=${n}`,
        );
        offers.push(...list.results.filter((t) => t.is_funding));
        if (!list.next) break;
      }
      offers.sort((a, b) => Number(a.unit_price) - Number(b.unit_price));
      let offer: Card | undefined;
      for (const candidate of offers.filter((o) => Number(o.unit_price) <= 300)) {
        const detail = await apiAs<{ quantity_token_left: { value: number } }>(
          server.url,
          ana,
          `token-issuer-token-project/detail/${candidate.id}`,
        );
        if (detail.quantity_token_left.value >= 11) {
          offer = candidate;
          break;
        }
      }
      if (!offer) throw new Error('no funding offer with 11 units left at R$ 300,00 or less');
      for (const [who, quantity] of [
        [ana, 10],
        [bruno, 1],
      ] as const) {
        await apiAs(server.url, who, `wallet/buy-token/${offer.id}`, {
          method: 'POST',
          json: { quantity },
        });
      }
      await query(
        dbUrl,
        // Yesterday in São Paulo, the offers' calendar (the database's current_date is UTC's,
        // already tomorrow from 21:00 there).
        `update tokens set deadline_for_funding = (now() at time zone 'America/Sao_Paulo')::date - 1,
          minimum_amount_raised_cents = least(minimum_amount_raised_cents, amount_capitated_cents)
         where id = $1`,
        [offer.id],
      );
      await expect
        .poll(
          async () =>
            (
              await apiAs<{ token: { is_distributing: boolean } }>(
                server.url,
                ana,
                `token-issuer-token-project/detail/${offer.id}`,
              )
            ).token.is_distributing,
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(true);
      // Ana asks R$ 5,00 above the offer's unit price; Bruno buys 2 of the 5 she lists.
      const priceCents = BigInt(cents(offer.unit_price)) + 5_00n;
      const paidCents = 2n * priceCents;
      const balance = async (who: Session) =>
        cents((await apiAs<{ balance: string }>(server.url, who, 'wallet/balance/brlt/')).balance);
      const before = { ana: await balance(ana), bruno: await balance(bruno) };

      const anaDesktop = await demoContext(
        browser,
        server.url,
        await accounts.login('investidor'),
        'desktop',
      );
      const anaPage = await anaDesktop.newPage();
      const anaProblems = watchPage(anaPage);

      // 1. Ana: 'Vender' on the token's row of Meus Ativos → quantity, price, preview → publish.
      await anaPage.goto('/wallet');
      await revealBelowTheFold(anaPage);
      await anaPage.getByRole('button', { name: `Vender unidades de ${offer.name}` }).click();
      const sell = anaPage.getByRole('dialog', { name: 'Vender no Mural de Negociação' });
      await sell.getByText('Você tem 10 unidades livres para vender.').waitFor();
      await sell.getByRole('textbox', { name: 'Quantidade' }).fill('5');
      await sell.getByRole('textbox', { name: 'Preço por unidade' }).fill(centsToPtBr(priceCents));
      await sell.getByText(formatBrl(5n * priceCents)).waitFor();
      expect(await seriousAxeViolations(anaPage, ['[role="dialog"]'])).toEqual([]);
      await settle(anaPage);
      await viewportShot(anaPage, 'market-sell-desktop');
      await sell.getByRole('button', { name: 'Revisar oferta' }).click();
      await sell.getByRole('button', { name: 'Publicar oferta' }).click();
      const published = anaPage.getByRole('dialog', { name: 'Oferta publicada' });
      await published.getByText('Oferta publicada no Mural de Negociação.').waitFor();
      await published.getByRole('link', { name: 'Ver no Mural' }).click();
      await anaPage.waitForURL('**/mural');
      const mine = anaPage.getByRole('table', { name: 'Minhas ofertas' });
      const myRow = mine.getByRole('row').filter({ hasText: offer.name });
      await myRow.getByText('Aberta').waitFor();
      await myRow.getByText('0 de 5').waitFor();

      // 2. Bruno: the token's page lists the offer; /mural too, with the buy flow.
      const brunoDesktop = await demoContext(
        browser,
        server.url,
        await brunoAccount.login(),
        'desktop',
      );
      const brunoPage = await brunoDesktop.newPage();
      const brunoProblems = watchPage(brunoPage);
      await brunoPage.goto(`/detail-token-issuer/${offer.id}#section-market`);
      const section = brunoPage.locator('#section-market');
      await section.getByRole('heading', { name: 'Mural de Negociação' }).waitFor();
      await section.getByText(formatBrl(priceCents)).waitFor();
      await section.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(brunoPage, ['#section-market'])).toEqual([]);
      await settle(brunoPage);
      await section.screenshot({ path: `${artifactsDir}/market-token-section-desktop.png` });

      await brunoPage.goto('/mural');
      await brunoPage.getByRole('heading', { name: 'Mural de Negociação', level: 1 }).waitFor();
      const board = brunoPage.getByRole('table', { name: 'Ofertas do Mural' });
      const listing = board.getByRole('row').filter({ hasText: offer.name });
      await listing.getByText(formatBrl(priceCents)).waitFor();
      // At 1280 px the board's columns fit: its table does not scroll sideways.
      expect(
        await board.evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth),
      ).toBe(true);
      expect(await seriousAxeViolations(brunoPage, ['#conteudo'])).toEqual([]);
      await pageShot(brunoPage, 'market-mural-desktop');
      await listing.getByRole('button', { name: /^Comprar unidades de / }).click();
      const simulation = brunoPage.getByRole('dialog', { name: 'Simulação da Compra' });
      await simulation.getByRole('textbox', { name: 'Quantidade' }).fill('2');
      await simulation.getByText(formatBrl(paidCents)).first().waitFor();
      expect(await seriousAxeViolations(brunoPage, ['[role="dialog"]'])).toEqual([]);
      await settle(brunoPage);
      await viewportShot(brunoPage, 'market-buy-simulation-desktop');
      await simulation.getByRole('button', { name: 'Comprar' }).click();
      const confirmation = brunoPage.getByRole('dialog', { name: 'Confirmação de Compra' });
      await confirmation.getByText('Saldo após a compra').waitFor();
      expect(await seriousAxeViolations(brunoPage, ['[role="dialog"]'])).toEqual([]);
      await settle(brunoPage);
      await viewportShot(brunoPage, 'market-buy-confirmation-desktop');
      await confirmation.getByRole('button', { name: 'Confirmar compra' }).click();
      const done = brunoPage.getByRole('dialog', { name: 'Compra realizada' });
      await done.getByText('Compra no Mural de Negociação realizada com sucesso!').waitFor();
      expect(await seriousAxeViolations(brunoPage, ['[role="dialog"]'])).toEqual([]);
      await settle(brunoPage);
      await viewportShot(brunoPage, 'market-buy-done-desktop');
      await brunoPage.keyboard.press('Escape');
      await listing.getByText('3', { exact: true }).waitFor();

      // 3. At phone width: the board as cards, the buy simulation, the sell dialog.
      const brunoPhone = await demoContext(
        browser,
        server.url,
        await brunoAccount.login(),
        'phone',
      );
      const small = await brunoPhone.newPage();
      await small.goto('/mural');
      const cards = small.getByRole('list', { name: 'Ofertas do Mural' });
      await cards.getByText(offer.name).waitFor();
      await expectNoSidewaysScroll(small);
      expect(await seriousAxeViolations(small, ['#conteudo'])).toEqual([]);
      await pageShot(small, 'market-mural-phone');
      await cards.getByRole('button', { name: /^Comprar unidades de / }).click();
      await small.getByRole('dialog', { name: 'Simulação da Compra' }).waitFor();
      await settle(small);
      await viewportShot(small, 'market-buy-simulation-phone');
      await small.keyboard.press('Escape');

      // 4. Ana: 'Minhas ofertas' shows what sold; 'Cancelar' takes the rest down.
      await anaPage.reload();
      await myRow.getByText('2 de 5').waitFor();
      await myRow.getByText(formatBrl(paidCents)).waitFor();
      await pageShot(anaPage, 'market-my-listings-desktop');
      await myRow.getByRole('button', { name: `Cancelar a oferta de ${offer.name}` }).click();
      const cancel = anaPage.getByRole('dialog', { name: 'Cancelar oferta' });
      await cancel.getByText('As 3 unidades ainda não vendidas', { exact: false }).waitFor();
      expect(await seriousAxeViolations(anaPage, ['[role="dialog"]'])).toEqual([]);
      await settle(anaPage);
      await viewportShot(anaPage, 'market-cancel-desktop');
      await cancel.getByRole('button', { name: 'Cancelar oferta' }).click();
      await anaPage
        .getByText(
          'Oferta cancelada. As unidades não vendidas voltaram a ficar livres na sua carteira.',
        )
        .waitFor();
      await myRow.getByText('Cancelada').waitFor();
      expect(await seriousAxeViolations(anaPage, ['table[aria-label="Minhas ofertas"]'])).toEqual(
        [],
      );

      const anaPhone = await demoContext(
        browser,
        server.url,
        await accounts.login('investidor'),
        'phone',
      );
      const anaSmall = await anaPhone.newPage();
      await anaSmall.goto('/mural');
      await anaSmall.getByRole('list', { name: 'Minhas ofertas' }).getByText('Cancelada').waitFor();
      await expectNoSidewaysScroll(anaSmall);
      await pageShot(anaSmall, 'market-my-listings-phone');
      await anaSmall.goto('/wallet');
      await revealBelowTheFold(anaSmall);
      await anaSmall.getByRole('button', { name: `Vender unidades de ${offer.name}` }).click();
      await anaSmall.getByRole('dialog', { name: 'Vender no Mural de Negociação' }).waitFor();
      await settle(anaSmall);
      await viewportShot(anaSmall, 'market-sell-phone');
      await anaSmall.keyboard.press('Escape');

      // 5. Holdings and money: 2 units and their price changed hands, nothing else.
      const owned = async (who: Session) =>
        (
          await apiAs<{
            results: Array<{ id: number; quantity: number; quantity_listed: number }>;
          }>(server.url, who, 'wallet/my-tokens/todos?page=1')
        ).results.find((r) => r.id === offer.id);
      expect(await owned(ana)).toMatchObject({ quantity: 8, quantity_listed: 0 });
      expect(await owned(bruno)).toMatchObject({ quantity: 3, quantity_listed: 0 });
      expect(await balance(ana)).toBe(before.ana + Number(paidCents));
      expect(await balance(bruno)).toBe(before.bruno - Number(paidCents));

      // 6. Both statements, and the sale's transaction on the explorer once mined.
      interface Line {
        type_operation: string;
        balance: string;
        quantity: number | null;
        scan_hash_transaction: string | null;
      }
      const statement = async (who: Session) =>
        (await apiAs<{ results: Line[] }>(server.url, who, 'wallet/transactions/todos?page=1'))
          .results;
      expect(
        (await statement(ana)).find((l) => l.type_operation === 'Venda (mural)'),
      ).toMatchObject({ balance: centsToDecimal(paidCents), quantity: 2 });
      let link = '';
      await expect
        .poll(
          async () => {
            const line = (await statement(bruno)).find(
              (l) => l.type_operation === 'Compra (mural)',
            );
            link = line?.scan_hash_transaction ?? '';
            return link.startsWith('http');
          },
          { timeout: 180_000, interval: 2_000 },
        )
        .toBe(true);
      await brunoPage.goto('/extract');
      const row = brunoPage.getByRole('row').filter({ hasText: 'Compra (mural)' }).first();
      // The row links to the sale's transaction on the explorer, in a new tab.
      const transaction = row.getByRole('link', { name: /^Ver transação \(Compra \(mural\)\)/ });
      expect(await transaction.getAttribute('href')).toBe(link);
      expect(await transaction.getAttribute('target')).toBe('_blank');
      expect(await transaction.getAttribute('rel')).toBe('noopener noreferrer');
      await row.getByText(formatBrl(-paidCents)).waitFor();
      await pageShot(brunoPage, 'market-extract-buyer-desktop');
      expect(await seriousAxeViolations(brunoPage, ['main'])).toEqual([]);
      // On a phone the row is a card, its link the same.
      await brunoPage.setViewportSize(viewports.phone);
      const card = brunoPage.getByRole('listitem').filter({ hasText: 'Compra (mural)' }).first();
      expect(
        await card
          .getByRole('link', { name: /^Ver transação \(Compra \(mural\)\)/ })
          .getAttribute('href'),
      ).toBe(link);
      await expectNoSidewaysScroll(brunoPage);
      await pageShot(brunoPage, 'market-extract-buyer-phone');
      expect(await seriousAxeViolations(brunoPage, ['main'])).toEqual([]);
      await brunoPage.setViewportSize(viewports.desktop);
      await anaPage.goto('/extract');
      await anaPage.getByRole('row').filter({ hasText: 'Venda (mural)' }).first().waitFor();
      await pageShot(anaPage, 'market-extract-seller-desktop');

      const [explorer] = await Promise.all([
        brunoDesktop.waitForEvent('page'),
        transaction.click(),
      ]);
      await explorer.waitForLoadState();
      expect(explorer.url()).toBe(link);
      const tx = JSON.parse(await explorer.locator('body').innerText()) as {
        status: string;
        events: Array<{ name: string; args: Record<string, string> }>;
      };
      expect(tx.status).toBe('success');
      expect(tx.events).toContainEqual(
        expect.objectContaining({
          name: 'Transfer',
          args: expect.objectContaining({ value: '2' }) as Record<string, string>,
        }),
      );

      expect(anaProblems).toEqual([]);
      expect(brunoProblems).toEqual([]);
    },
  );
});
