import { mkdirSync } from 'node:fs';
import { startSmtpSink, type SmtpSink } from '@copaiba/api/testing/smtp-sink';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import {
  acceptCookies,
  artifactsDir,
  launchBrowser,
  newContext,
  screenshot,
  viewportShot,
  watchPage,
} from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { animationsDone, expectNoSidewaysScroll } from '../support/page-checks.ts';
import { revealBelowTheFold } from '../support/screen.ts';

/*
 * Investor protection under CVM Resolução 88 (docs/product.md §15), as an investor lives it: the
 * investor profile sets the year's limit, the first purchase asks for the risk term, 'Minhas
 * compras' undoes a purchase within its window (statement 'Desistência'), and a purchase past
 * the limit is refused with the amount still available.
 */

const EMAIL = 'investidor@copaiba.dev';
const PASSWORD = 'Copaiba@2026';

let smtp: SmtpSink;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

interface Card {
  id: number;
  name: string;
  unit_price: string;
  is_funding: boolean;
}

async function login(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByText('Verificado').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/wallet');
}

/** The API as the signed-in page would call it, with its access token. */
async function api<T>(page: Page, path: string, init: RequestInit = {}): Promise<T> {
  const access = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const res = await fetch(`${server.url}/api/${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${access}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The whole page from its top, where the sticky bars belong (not over the middle of the page). */
async function pageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** One part of a long page, cut from the whole page so no sticky bar covers it. */
async function partShot(page: Page, selector: string, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator(selector).first().boundingBox();
  expect(box).not.toBeNull();
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: `${artifactsDir}/${name}.png`, fullPage: true, clip: box! });
}

/** The funding offer with the cheapest unit, from the public catalogue. */
async function cheapestFundingOffer(page: Page): Promise<Card> {
  const offers: Card[] = [];
  for (let n = 1; n < 20; n++) {
    const list = await api<{ results: Card[]; next: string | null }>(page, `token/list/?page=${n}`);
    offers.push(...list.results.filter((t) => t.is_funding));
    if (!list.next) break;
  }
  offers.sort((a, b) => Number(a.unit_price) - Number(b.unit_price));
  expect(offers.length).toBeGreaterThan(0);
  return offers[0]!;
}

/** Opens the purchase modal for `quantity` units of the token; answers the simulation dialog. */
async function openPurchase(page: Page, tokenId: number, quantity: number) {
  await page.goto(`/detail-token-issuer/${tokenId}#section-of-simulation`);
  const input = page.locator('#simulation-quantity');
  await input.fill(String(quantity));
  await input.blur();
  await page.getByRole('button', { name: 'Comprar', exact: true }).click();
  const simulation = page.getByRole('dialog', { name: 'Simulação da Compra' });
  await simulation.getByTestId('purchase-annual-limit').waitFor();
  await expect
    .poll(() => simulation.getByRole('button', { name: 'Comprar' }).isEnabled())
    .toBe(true);
  return simulation;
}

describe('investor protection (CVM 88)', () => {
  it(
    'profile → purchase with the risk term → Minhas compras → Desistir → Desistência in the statement → a purchase past the limit refused',
    { timeout: 300_000 },
    async () => {
      const context = await newContext(browser, server.url);
      await acceptCookies(context);
      const page = await context.newPage();
      const problems = watchPage(page);
      await login(page);
      const phone = await newContext(browser, server.url, 'phone');
      await acceptCookies(phone);
      const small = await phone.newPage();
      const phoneProblems = watchPage(small);
      await login(small);

      // Money to invest: a Pix deposit paid in sandbox mode.
      await page.goto('/deposit');
      await page.getByLabel('Valor do depósito (R$)').fill('3000,00');
      await page.getByRole('checkbox').nth(0).check();
      await page.getByRole('checkbox').nth(1).check();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/depositQR');
      const paid = page.waitForResponse((r) => r.url().includes('/api/sandbox/pix/pay/'));
      await page.getByRole('button', { name: 'Simular pagamento (ambiente de testes)' }).click();
      expect((await paid).status()).toBe(200);
      await page.goto('/wallet');

      // 1. Perfil de Investidor: R$ 20.000,00 a year, of which the demo's own purchases this year
      // (its history) and what is declared elsewhere leave R$ 1.000,00.
      const { invested_this_year } = await api<{ invested_this_year: string }>(
        page,
        'investor/profile/',
      );
      expect(invested_this_year).toMatch(/^\d+\.00$/);
      const investedReais = Number(invested_this_year);
      expect(investedReais).toBeLessThan(19_000);
      await page.getByRole('button', { name: /menu do usuário/i }).click();
      await page.getByRole('menuitem', { name: 'Perfil de Investidor' }).click();
      await page.waitForURL('**/investor-profile');
      await page.getByRole('heading', { name: 'Perfil de Investidor' }).waitFor();
      // Typed at full speed on a phone's CPU (four times slower): every key lands where it was
      // typed, the cents shown when the field is left (a padded field once turned 123456,78 into
      // 12.345.678,00 there; components/decimal-input.tsx).
      const income = page.getByRole('textbox', { name: 'Renda bruta anual' });
      const cpu = await page.context().newCDPSession(page);
      await cpu.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      for (const [typed, whileTyping, left] of [
        ['123456,78', 'R$ 123.456,78', 'R$ 123.456,78'],
        ['0,5', 'R$ 0,5', 'R$ 0,50'],
        ['120000', 'R$ 120.000', 'R$ 120.000,00'],
      ]) {
        await income.fill('');
        await income.pressSequentially(typed!);
        await expect.poll(() => income.inputValue()).toBe(whileTyping);
        await income.blur();
        await expect.poll(() => income.inputValue()).toBe(left);
      }
      await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cpu.detach();
      await page.getByRole('textbox', { name: 'Aplicações financeiras' }).fill('80000');
      await page
        .getByRole('textbox', { name: 'Investido em outras plataformas neste ano' })
        .fill(String(19_000 - investedReais));
      // Awaited by its request, so a failure says whether the declaration was sent at all.
      const declared = page.waitForResponse(
        (r) => r.url().endsWith('/api/investor/profile/') && r.request().method() === 'PUT',
      );
      await page.getByRole('button', { name: 'Salvar perfil' }).click();
      expect((await declared).status()).toBe(200);
      await page.getByText('Perfil de investidor atualizado.').waitFor();
      const limit = page.getByText('Disponível para investir').locator('..');
      await limit.getByText('R$ 1.000,00').waitFor();
      await animationsDone(page);
      // The screen's own parts: the top bar and the toasts belong to other features.
      expect(await seriousAxeViolations(page, ['#conteudo section'])).toEqual([]);
      await pageShot(page, 'investor-profile-desktop');
      await small.goto('/investor-profile');
      await small
        .getByText('Disponível para investir')
        .locator('..')
        .getByText('R$ 1.000,00')
        .waitFor();
      await animationsDone(small);
      await expectNoSidewaysScroll(small);
      await pageShot(small, 'investor-profile-phone');

      // 2. The token page's Informações Essenciais, and its PDF.
      const offer = await cheapestFundingOffer(page);
      const unitCents = Math.round(Number(offer.unit_price) * 100);
      await page.goto(`/detail-token-issuer/${offer.id}#section-essential-information`);
      const essential = page.locator('#section-essential-information');
      await essential.getByRole('heading', { name: 'Informações Essenciais' }).waitFor();
      await essential.getByText('Direito de desistência').waitFor();
      await essential.getByText('Limite anual de investimento').waitFor();
      const href = await essential.getByRole('link', { name: 'Baixar PDF' }).getAttribute('href');
      const pdf = await fetch(`${server.url}${href}`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await essential.scrollIntoViewIfNeeded();
      await animationsDone(page);
      expect(await seriousAxeViolations(page, ['#section-essential-information'])).toEqual([]);
      await partShot(
        page,
        '#section-essential-information',
        'investor-essential-information-desktop',
      );
      await small.goto(`/detail-token-issuer/${offer.id}#section-essential-information`);
      const smallEssential = small.locator('#section-essential-information');
      await smallEssential.getByText('Direito de desistência').waitFor();
      await animationsDone(small);
      await expectNoSidewaysScroll(small);
      await partShot(
        small,
        '#section-essential-information',
        'investor-essential-information-phone',
      );

      // 3. The first purchase: the modal shows what is left of the limit, then the risk term (at
      // phone width first, closed without buying).
      const phoneSimulation = await openPurchase(small, offer.id, 1);
      await phoneSimulation.getByRole('button', { name: 'Comprar' }).click();
      const phoneConfirmation = small.getByRole('dialog', { name: 'Confirmação de Compra' });
      await phoneConfirmation.getByText('Termo de Ciência de Risco', { exact: true }).waitFor();
      await animationsDone(small);
      await expectNoSidewaysScroll(small);
      await viewportShot(small, 'investor-risk-term-phone');
      await small.keyboard.press('Escape');
      const simulation = await openPurchase(page, offer.id, 1);
      await simulation.getByText('R$ 1.000,00').waitFor();
      await simulation.getByRole('button', { name: 'Comprar' }).click();
      const confirmation = page.getByRole('dialog', { name: 'Confirmação de Compra' });
      await confirmation.getByText('Termo de Ciência de Risco', { exact: true }).waitFor();
      const confirm = confirmation.getByRole('button', { name: 'Confirmar compra' });
      expect(await confirm.isDisabled()).toBe(true);
      await animationsDone(page);
      expect(await seriousAxeViolations(page, ['[role="dialog"]'])).toEqual([]);
      await viewportShot(page, 'investor-risk-term-desktop');
      await confirmation
        .getByRole('checkbox', { name: 'Li e aceito o Termo de Ciência de Risco' })
        .check();
      await confirm.click();
      await page.getByRole('dialog', { name: 'Compra realizada' }).waitFor();
      const term = await api<{ accepted_at: string | null }>(page, 'investor/risk-term/');
      expect(term.accepted_at).not.toBeNull();

      // 4. Minhas compras → Desistir, behind a confirmation.
      await page.goto('/wallet');
      await page.getByTestId('annual-limit-remaining').getByText(/R\$/).waitFor();
      await revealBelowTheFold(page);
      const purchases = page.getByRole('table', { name: 'Minhas compras' });
      const row = purchases.getByRole('row').filter({ hasText: offer.name }).first();
      await row.getByText('Confirmada').waitFor();
      await row.getByText(/^até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();
      await animationsDone(page);
      expect(
        await seriousAxeViolations(page, [
          '[data-testid="annual-limit"]',
          'table[aria-label="Minhas compras"]',
        ]),
      ).toEqual([]);
      await pageShot(page, 'investor-wallet-purchases-desktop');
      await small.goto('/wallet');
      await revealBelowTheFold(small);
      // The demo's own purchases are listed too: this offer's card is the one to wait for.
      await small
        .getByRole('list', { name: 'Minhas compras' })
        .getByRole('listitem')
        .filter({ hasText: offer.name })
        .first()
        .getByText('Confirmada')
        .waitFor();
      await animationsDone(small);
      await expectNoSidewaysScroll(small);
      await pageShot(small, 'investor-wallet-purchases-phone');
      await small
        .getByRole('list', { name: 'Minhas compras' })
        .screenshot({ path: `${artifactsDir}/investor-wallet-purchases-card-phone.png` });
      await small
        .getByTestId('annual-limit')
        .screenshot({ path: `${artifactsDir}/investor-wallet-annual-limit-phone.png` });

      const balanceBefore = await api<{ balance: string }>(page, 'wallet/balance/brlt/');
      await row.getByRole('button', { name: `Desistir da compra de ${offer.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Desistir da compra' });
      await dialog.getByText('Esta ação não pode ser desfeita.', { exact: false }).waitFor();
      await animationsDone(page);
      await viewportShot(page, 'investor-desistencia-confirm-desktop');
      await dialog.getByRole('button', { name: 'Confirmar desistência' }).click();
      await page
        .getByText('Desistência registrada. O valor foi devolvido à sua carteira.')
        .waitFor();
      await row.getByText('Desistida').waitFor();
      const balanceAfter = await api<{ balance: string }>(page, 'wallet/balance/brlt/');
      expect(Math.round(Number(balanceAfter.balance) * 100)).toBe(
        Math.round(Number(balanceBefore.balance) * 100) + unitCents,
      );

      // 5. The statement says 'Desistência'.
      await page.goto('/extract');
      await page.getByRole('heading', { name: 'Extrato de operações' }).waitFor();
      await page.getByRole('cell', { name: 'Desistência' }).first().waitFor();
      await animationsDone(page);
      await pageShot(page, 'investor-extract-desistencia-desktop');

      // 6. Past the limit: refused in the simulation with the amount available…
      const tooMany = Math.floor(1000_00 / unitCents) + 1;
      const refused = await openPurchase(page, offer.id, tooMany);
      await refused.getByRole('button', { name: 'Comprar' }).click();
      await refused
        .getByText(
          'Esta compra ultrapassa seu limite anual de investimento (disponível: R$ 1.000,00).',
        )
        .waitFor();
      await animationsDone(page);
      await viewportShot(page, 'investor-limit-refused-desktop');
      // Closed before the page is opened again at the same address (no reload to close it).
      await refused.getByRole('button', { name: 'Fechar' }).first().click();
      await refused.waitFor({ state: 'hidden' });

      // …and by the server, when the limit shrank after the screen read it (another declaration).
      const fits = Math.floor(1000_00 / unitCents);
      // The dialog shows the profile it has and reads it again at once (staleTime 0): the
      // declaration changes only after that read, or the screen would see it (a race under load).
      const read = page.waitForResponse(
        (r) => r.url().endsWith('/api/investor/profile/') && r.request().method() === 'GET',
      );
      const stale = await openPurchase(page, offer.id, fits);
      await read;
      await api(page, 'investor/profile/', {
        method: 'PUT',
        body: JSON.stringify({
          annual_income: '120000.00',
          financial_investments: '80000.00',
          invested_elsewhere_this_year: `${19_500 - investedReais}.00`,
          is_qualified_investor: false,
        }),
      });
      await stale.getByRole('button', { name: 'Comprar' }).click();
      await page
        .getByRole('dialog', { name: 'Confirmação de Compra' })
        .getByRole('button', { name: 'Confirmar compra' })
        .click();
      const failure = page.getByRole('dialog', { name: 'Compra não concluída' });
      await failure
        .getByText(
          'Esta compra ultrapassa seu limite anual de investimento (disponível: R$ 500,00).',
        )
        .waitFor();
      await animationsDone(page);
      await viewportShot(page, 'investor-limit-refused-by-server-desktop');

      // 7. The consents, under privacy.
      await page.goto('/privacy');
      await page.getByRole('heading', { name: 'Consentimentos' }).waitFor();
      await page.getByRole('cell', { name: 'Termo de Ciência de Risco' }).waitFor();
      await page.getByRole('cell', { name: 'Regras de depósito' }).first().waitFor();
      await animationsDone(page);
      expect(await seriousAxeViolations(page, ['table[aria-label="Consentimentos"]'])).toEqual([]);
      await pageShot(page, 'investor-privacy-consents-desktop');
      await small.goto('/privacy');
      await small.getByRole('heading', { name: 'Consentimentos' }).waitFor();
      await small.getByText('Termo de Ciência de Risco (versão', { exact: false }).waitFor();
      await animationsDone(small);
      await expectNoSidewaysScroll(small);
      await pageShot(small, 'investor-privacy-consents-phone');

      expect(problems).toEqual([]);
      expect(phoneProblems).toEqual([]);
      await context.close();
      await phone.close();
    },
  );
});
