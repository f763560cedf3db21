import { startSmtpSink, type SmtpSink } from '@copaiba/api/testing/smtp-sink';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptCookies,
  launchBrowser,
  newContext,
  screenshot,
  viewportShot,
  watchPage,
} from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { authenticator } from '../support/totp.ts';
import { animationsDone, brl, expectNoSidewaysScroll } from '../support/page-checks.ts';
import { revealBelowTheFold } from '../support/screen.ts';

const EMAIL = 'investidor@copaiba.dev';
const PASSWORD = 'Copaiba@2026';

let smtp: SmtpSink;
let server: RunningServer;
let browser: Browser;

interface Card {
  id: number;
  name: string;
  is_funding: boolean;
}

const toCents = (decimal: string) => BigInt(decimal.replace('.', ''));

async function login(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByText('Verificado').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/wallet');
}

async function apiAs<T>(page: Page, path: string): Promise<T> {
  const access = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const res = await fetch(`${server.url}/api/${path}`, {
    headers: { authorization: `Bearer ${access}` },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

async function deposit(page: Page, amount: string) {
  await page.goto('/deposit');
  await page.getByLabel('Valor do depósito (R$)').fill(amount);
  await page.getByRole('checkbox').nth(0).check();
  await page.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL('**/depositQR');
  await page.getByRole('img', { name: 'QR Code Pix do depósito' }).waitFor();
}

/** Open /two-factor and check the QR image really rendered: decoded, non-zero size, a data: SVG. */
async function twoFactorQr(page: Page) {
  const qr = page.getByRole('img', { name: 'QR code para o app autenticador' });
  await qr.waitFor();
  await animationsDone(page);
  const drawn = await qr.evaluate((img: HTMLImageElement) => ({
    complete: img.complete,
    naturalWidth: img.naturalWidth,
    naturalHeight: img.naturalHeight,
    width: img.getBoundingClientRect().width,
    svg: img.src.startsWith('data:image/svg+xml;'),
  }));
  expect(drawn.complete).toBe(true);
  expect(drawn.naturalWidth).toBeGreaterThan(0);
  expect(drawn.naturalHeight).toBe(drawn.naturalWidth);
  expect(drawn.width).toBeGreaterThanOrEqual(200);
  expect(drawn.svg).toBe(true);
  // The typed fallback fits its box too (a phone wraps the groups instead of cutting them).
  const secret = page.getByTestId('otp-secret');
  expect(await secret.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

/** Every status badge on the page shows its whole text: nothing cut by an ellipsis or the edge. */
async function expectBadgesInFull(page: Page) {
  const badges = page.locator('[data-status-badge]');
  expect(await badges.count()).toBeGreaterThan(0);
  const cut = await badges.evaluateAll((nodes) =>
    nodes
      .map((node) => {
        const label = node.querySelector('span') ?? node;
        const box = node.getBoundingClientRect();
        const clipped =
          label.scrollWidth > label.clientWidth + 1 ||
          node.scrollWidth > node.clientWidth + 1 ||
          box.right > document.documentElement.clientWidth;
        return clipped ? (node.textContent ?? '') : null;
      })
      .filter((text) => text !== null),
  );
  expect(cut).toEqual([]);
}

/** Opens the purchase modal of a token, screenshots simulation and confirmation; returns the dialog. */
async function purchaseModal(page: Page, tokenId: number, suffix: string) {
  await page.goto(`/detail-token-issuer/${tokenId}#section-of-simulation`);
  await page.getByRole('button', { name: 'Comprar', exact: true }).click();
  const simulation = page.getByRole('dialog', { name: 'Simulação da Compra' });
  await simulation.waitFor();
  await simulation.getByText('Total a receber').waitFor();
  await expect
    .poll(() => simulation.getByRole('button', { name: 'Comprar' }).isEnabled())
    .toBe(true);
  await animationsDone(page);
  await expectNoSidewaysScroll(page);
  await viewportShot(page, `wallet-purchase-simulation-${suffix}`);
  await simulation.getByRole('button', { name: 'Comprar' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirmação de Compra' });
  await confirmation.waitFor();
  await confirmation.getByText('Saldo após a compra').waitFor();
  await animationsDone(page);
  await expectNoSidewaysScroll(page);
  await viewportShot(page, `wallet-purchase-confirmation-${suffix}`);
  return confirmation;
}

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

describe('wallet', () => {
  it(
    'deposits with the sandbox Pix, buys a token, lists it, shows the statement and withdraws with two-factor',
    { timeout: 240_000 },
    async () => {
      const context = await newContext(browser, server.url);
      await acceptCookies(context);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const page = await context.newPage();
      const problems = watchPage(page);
      await login(page);
      // The same investor at phone width, in a session of its own (refresh tokens rotate per
      // session), for the 390 px screens along the way.
      const phone = await newContext(browser, server.url, 'phone');
      await acceptCookies(phone);
      const small = await phone.newPage();
      const phoneProblems = watchPage(small);
      await login(small);

      await page.getByText('Saldo em reais').first().waitFor();
      const before = await apiAs<{ balance: string }>(page, 'wallet/balance/brlt/');

      // Client rules first.
      await page.goto('/deposit');
      await page.getByLabel('Valor do depósito (R$)').fill('10');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByText('Valor mínimo de depósito é de R$ 25,00').waitFor();
      await page.getByText('Você precisa concordar com as regras de depósito').waitFor();
      await screenshot(page, 'wallet-deposit-desktop');

      await deposit(page, '600,00');
      await page.getByTestId('deposit-value').getByText('R$ 600,00').waitFor();
      await page.getByRole('button', { name: 'Copiar' }).click();
      await page.getByText('Texto copiado para a área de transferência.').waitFor();
      await screenshot(page, 'wallet-depositqr-desktop');
      const paid = page.waitForResponse((r) => r.url().includes('/api/sandbox/pix/pay/'));
      await page.getByRole('button', { name: 'Simular pagamento (ambiente de testes)' }).click();
      expect((await paid).status()).toBe(200);

      await page.goto('/wallet');
      const expected = brl(toCents(before.balance) + 60000n);
      await page.getByTestId('wallet-balance').getByText(expected).waitFor();

      // The token lists, at both widths.
      for (const [target, suffix] of [
        [page, 'desktop'],
        [small, 'phone'],
      ] as const) {
        for (const path of ['/list-all-tokens', '/list-all-private-tokens']) {
          await target.goto(path);
          await target.getByRole('heading', { name: 'Tokens de Ativos' }).waitFor();
          await target.getByRole('link', { name: 'Detalhes' }).first().waitFor();
          await animationsDone(target);
          await expectNoSidewaysScroll(target);
          await screenshot(target, `wallet${path.replace(/^\//, '-')}-${suffix}`);
        }
      }

      // Buy one unit of a funding token.
      const list = await apiAs<{ results: Card[] }>(page, 'token/list/?page=1');
      let funding = list.results.find((t) => t.is_funding);
      for (let n = 2; !funding && n < 10; n++) {
        const next = await apiAs<{ results: Card[]; next: string | null }>(
          page,
          `token/list/?page=${n}`,
        );
        funding = next.results.find((t) => t.is_funding);
        if (!next.next) break;
      }
      expect(funding).toBeTruthy();
      // Both steps of the purchase modal at phone width first (then closed without buying)…
      const phoneConfirmation = await purchaseModal(small, funding!.id, 'phone');
      await phoneConfirmation.getByRole('button', { name: 'Voltar' }).click();
      await small.getByRole('dialog', { name: 'Simulação da Compra' }).waitFor();
      await small.keyboard.press('Escape');
      await small.getByRole('dialog').waitFor({ state: 'detached' });
      // …then at desktop width, where the purchase goes through.
      const confirmation = await purchaseModal(page, funding!.id, 'desktop');
      // The first purchase asks for the Termo de Ciência de Risco (docs/product.md §15).
      await confirmation
        .getByRole('checkbox', { name: 'Li e aceito o Termo de Ciência de Risco' })
        .check();
      await confirmation.getByRole('button', { name: 'Confirmar compra' }).click();
      await page.getByRole('dialog', { name: 'Compra realizada' }).waitFor();

      await page.goto('/wallet');
      await revealBelowTheFold(page);
      await page.getByRole('heading', { name: 'Meus Ativos' }).waitFor();
      await page.getByRole('cell', { name: funding!.name }).first().waitFor();
      await expectBadgesInFull(page);
      await animationsDone(page);
      await screenshot(page, 'wallet-wallet-desktop');

      await page.getByRole('link', { name: 'Extrato' }).click();
      await page.waitForURL('**/extract');
      await page.getByRole('heading', { name: 'Extrato de operações' }).waitFor();
      await page.getByRole('columnheader', { name: 'Transação' }).waitFor();
      expect(await page.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
      await screenshot(page, 'wallet-extract-desktop');

      // /two-factor at phone width: a real QR image. Each GET twoauth/ makes a new secret, so the
      // desktop page, which activates, asks last.
      await small.goto('/two-factor');
      await twoFactorQr(small);
      await small.getByTestId('otp-secret').waitFor();
      await expectNoSidewaysScroll(small);
      await screenshot(small, 'wallet-two-factor-phone');

      // Sacar without two-factor → /two-factor; activate it with a computed code → /withdraw.
      await page.goto('/wallet');
      await page.getByRole('button', { name: 'Sacar' }).click();
      await page.waitForURL('**/two-factor');
      await twoFactorQr(page);
      await screenshot(page, 'wallet-two-factor-desktop');
      // As an authenticator app takes it: the secret shown, without the spaces it wraps at.
      const secret = (await page.getByTestId('otp-secret').innerText()).replace(/\s/g, '');
      await page.getByRole('button', { name: 'Ativar' }).click();
      await page.getByText('Preencha o código de 6 dígitos encontrado no app!').first().waitFor();
      await page.getByLabel('Dígito 1 de 6').click();
      const nextCode = authenticator(secret);
      await page.keyboard.type(await nextCode());
      // The user read after activation is held back: /withdraw must not wait for it to know
      // two-factor is on (a fast "Continuar" was once sent away from it).
      await page.route('**/api/user/', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue().catch(() => undefined);
      });
      await page.getByRole('button', { name: 'Ativar' }).click();
      // The recovery codes, shown once (docs/product.md §19), then on to the withdrawal.
      await page.getByTestId('recovery-code').first().waitFor();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/withdraw');
      await page.getByRole('heading', { name: 'Saque de dinheiro' }).waitFor();
      await page.unroute('**/api/user/');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByText('Preencha todos os campos!').waitFor();
      await page.getByRole('combobox', { name: /^Tipo de chave Pix/ }).selectOption('CPF');
      await page.getByRole('textbox', { name: /^Chave Pix/ }).pressSequentially('52998224725');
      expect(await page.getByRole('textbox', { name: /^Chave Pix/ }).inputValue()).toBe(
        '529.982.247-25',
      );
      await page.getByLabel('Valor do saque (R$)').fill('10');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByText('Valor mínimo para saque é de R$ 25,00').waitFor();
      await screenshot(page, 'wallet-withdraw-desktop');
      await page.getByLabel('Valor do saque (R$)').fill('30,00');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/withdrawConfirmation');
      await page.getByText('52998224725').waitFor();
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.getByText('Preencha o código de autenticação do saque!').first().waitFor();
      await screenshot(page, 'wallet-withdraw-confirmation-desktop');
      // Codes are single use: the next step's, which the server takes as one step of drift.
      await page.getByLabel('Dígito 1 de 6').click();
      await page.keyboard.type(await nextCode());
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.waitForURL('**/operation-realized');
      await page.getByRole('link', { name: 'Voltar para carteira' }).waitFor();
      await page.getByText('Saque solicitado com sucesso!', { exact: false }).waitFor();
      await animationsDone(page);
      await screenshot(page, 'wallet-operation-realized-desktop');
      // The demo investor's balance (docs/DECISIONS.md, "demo seed"), the deposit, less the unit
      // bought and the withdrawal.
      const unitPrice = toCents(
        (
          await apiAs<{ token: { unit_price: string } }>(
            page,
            `token-issuer-token-project/detail/${funding!.id}`,
          )
        ).token.unit_price,
      );
      const after = await apiAs<{ balance: string }>(page, 'wallet/balance/brlt/');
      expect(toCents(after.balance)).toBe(toCents(before.balance) + 600_00n - unitPrice - 30_00n);

      // Phone width: the remaining screens at 390 px.
      await small.goto('/wallet');
      await revealBelowTheFold(small);
      await small.getByRole('heading', { name: 'Meus Ativos' }).waitFor();
      const owned = small.getByRole('list', { name: 'Meus Ativos' });
      await owned.getByRole('listitem').filter({ hasText: funding!.name }).waitFor();
      await expectBadgesInFull(small);
      await expectNoSidewaysScroll(small);
      await animationsDone(small);
      await screenshot(small, 'wallet-wallet-phone');
      await small.goto('/deposit');
      await small.getByLabel('Valor do depósito (R$)').waitFor();
      await screenshot(small, 'wallet-deposit-phone');
      await deposit(small, '25');
      await animationsDone(small);
      await screenshot(small, 'wallet-depositqr-phone');
      await small.getByRole('button', { name: 'Já fiz o pagamento' }).click();
      await small.waitForURL('**/operation-realized');
      await small.getByText('Depósito realizado com sucesso!', { exact: false }).waitFor();
      await animationsDone(small);
      await screenshot(small, 'wallet-operation-realized-phone');
      await small.goto('/extract');
      const operations = small.getByRole('list', { name: 'Operações' });
      await operations.getByRole('listitem').filter({ hasText: 'Saque' }).waitFor();
      expect(await operations.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
      await operations.getByText('-R$ 30,00').first().waitFor();
      await expectNoSidewaysScroll(small);
      await screenshot(small, 'wallet-extract-phone');
      await small.goto('/wallet');
      await small.getByRole('button', { name: 'Sacar' }).click();
      await small.waitForURL('**/withdraw');
      await small.getByRole('heading', { name: 'Saque de dinheiro' }).waitFor();
      await screenshot(small, 'wallet-withdraw-phone');
      await small.getByRole('combobox', { name: /^Tipo de chave Pix/ }).selectOption('CPF');
      await small.getByRole('textbox', { name: /^Chave Pix/ }).pressSequentially('52998224725');
      await small.getByLabel('Valor do saque (R$)').fill('25,00');
      await small.getByRole('button', { name: 'Continuar' }).click();
      await small.waitForURL('**/withdrawConfirmation');
      await small.getByText('52998224725').waitFor();
      await expectNoSidewaysScroll(small);
      await animationsDone(small);
      await screenshot(small, 'wallet-withdraw-confirmation-phone');

      expect(problems).toEqual([]);
      expect(phoneProblems).toEqual([]);
      await phone.close();
      await context.close();
    },
  );
});
