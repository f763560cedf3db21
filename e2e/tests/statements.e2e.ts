import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { startSmtpSink, type SmtpSink } from '@copaiba/api/testing/smtp-sink';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import {
  artifactsDir,
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
} from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { animationsDone, expectNoSidewaysScroll } from '../support/page-checks.ts';
import { revealBelowTheFold } from '../support/screen.ts';

/*
 * Life after the purchase (docs/product.md §17), as the demo investor lives it: a deposit and a
 * purchase, then the upcoming receipts and the 12-month chart on /wallet, 'Exportar' on /extract
 * (the CSV read back) and the 'Informe de Rendimentos' with its PDF, at 1280 and 390 px.
 */

const EMAIL = 'investidor@copaiba.dev';
const PASSWORD = 'Copaiba@2026';
const run = promisify(execFile);

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

async function signedInPage(size: 'desktop' | 'phone'): Promise<[BrowserContext, Page]> {
  const context = await newContext(browser, server.url, size);
  await context.addInitScript(() => window.localStorage.setItem('cookieAccepted', 'true'));
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByText('Verificado').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/wallet');
  return [context, page];
}

/** The API as the signed-in page's session. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: object) {
  const access = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const res = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${access}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A deposit paid in sandbox mode, the risk term accepted, and units of a funding offer bought. */
async function depositAndBuy(page: Page) {
  const charge = await api<{ txid: string }>(page, 'POST', 'wallet/pix/deposit/', {
    value: '800,00',
    agreements_accepted: true,
  });
  await api(page, 'POST', 'sandbox/pix/pay/', { txid: charge.txid });
  const term = await api<{ version: string }>(page, 'GET', 'investor/risk-term/');
  await api(page, 'POST', 'investor/risk-term/', { version: term.version });
  for (let n = 1; n < 10; n++) {
    const list = await api<{
      results: Array<{ id: number; name: string; is_funding: boolean; unit_price: string }>;
      next: string | null;
    }>(page, 'GET', `token/list-private/?page=${n}`);
    const token = list.results.find((t) => t.is_funding && Number(t.unit_price) <= 200);
    if (token) {
      await api(page, 'POST', `wallet/buy-token/${token.id}`, { quantity: 2 });
      return token;
    }
    if (!list.next) break;
  }
  throw new Error('no funding offer to buy');
}

const saved = async (download: Download) => readFile(await download.path());

describe('statements and the income report', () => {
  it(
    'shows upcoming receipts and the chart, exports the statement and downloads the report',
    { timeout: 240_000 },
    async () => {
      const [desktop, page] = await signedInPage('desktop');
      const [phone, small] = await signedInPage('phone');
      const problems = [...watchPage(page), ...watchPage(small)];
      const token = await depositAndBuy(page);
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
      const currentYear = Number(today.slice(0, 4));

      // /wallet: the next installments of what was bought, and the last 12 months.
      for (const [target, suffix] of [
        [page, 'desktop'],
        [small, 'phone'],
      ] as const) {
        await target.goto('/wallet');
        await revealBelowTheFold(target);
        await target.getByRole('heading', { name: 'Próximos recebimentos' }).waitFor();
        await target.getByText(token.name).first().waitFor();
        await target.getByText('Previsto').first().waitFor();
        await target.getByTestId('upcoming-total').waitFor();
        const chart = target.getByRole('img', { name: /^Gráfico do valor da carteira/ });
        await chart.waitFor();
        // The figures behind the chart, for screen readers.
        const table = target.getByRole('table', { name: 'Valor da carteira no fim de cada mês' });
        expect(await table.getByRole('row').count()).toBe(13);
        await animationsDone(target);
        await expectNoSidewaysScroll(target);
        // /wallet is shared with other features: these two sections are this one's.
        expect(
          await seriousAxeViolations(target, ['#upcoming-receipts', '#wallet-history']),
        ).toEqual([]);
        await screenshot(target, `statements-wallet-${suffix}`);
      }

      // /extract: 'Exportar' → the period (the last 12 months) → a CSV Excel opens.
      for (const [target, suffix] of [
        [page, 'desktop'],
        [small, 'phone'],
      ] as const) {
        await target.goto('/extract');
        await target.getByRole('button', { name: 'Exportar' }).click();
        const dialog = target.getByRole('dialog', { name: 'Exportar extrato' });
        await dialog.waitFor();
        await animationsDone(target);
        // The screen behind is dimmed by the overlay: the dialog is what the person sees.
        expect(await seriousAxeViolations(target, ['[role="dialog"]'])).toEqual([]);
        // The dialog as a person sees it, over the viewport.
        await target.screenshot({ path: `${artifactsDir}/statements-export-${suffix}.png` });
        const [download] = await Promise.all([
          target.waitForEvent('download'),
          dialog.getByRole('button', { name: 'Baixar CSV' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(
          /^extrato-copaiba-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/,
        );
        const text = (await saved(download)).toString('utf8');
        expect(text.charCodeAt(0)).toBe(0xfeff);
        const lines = text.slice(1).split('\r\n');
        const header = lines.indexOf('Data;Tipo;Descrição;Valor (R$);Saldo (R$)');
        expect(header).toBeGreaterThan(0);
        const rows = lines.slice(header + 1).filter(Boolean);
        expect(rows.some((r) => /;Depósito;Depósito via Pix;800,00;/.test(r))).toBe(true);
        expect(rows.some((r) => r.includes(`;Compra;Compra de 2 unidades de ${token.name}`))).toBe(
          true,
        );
        await target.getByText('Extrato exportado.').waitFor();
      }

      // /income-report: the year, its figures and its PDF.
      for (const [target, suffix] of [
        [page, 'desktop'],
        [small, 'phone'],
      ] as const) {
        await target.goto('/wallet');
        if (suffix === 'desktop') {
          await target.getByRole('link', { name: 'Informe de Rendimentos' }).click();
        } else {
          await target.goto('/income-report');
        }
        await target.waitForURL('**/income-report');
        await target.getByRole('heading', { name: 'Informe de Rendimentos', level: 1 }).waitFor();
        await target.getByText(`Ano-calendário ${currentYear}`).first().waitFor();
        const report = target.getByTestId('income-report');
        await report.getByText(`${token.name}`, { exact: false }).first().waitFor();
        await report.getByText('Ana Investidora', { exact: false }).waitFor();
        await animationsDone(target);
        await expectNoSidewaysScroll(target);
        expect(await seriousAxeViolations(target)).toEqual([]);
        await screenshot(target, `statements-income-report-${suffix}`);
        const [download] = await Promise.all([
          target.waitForEvent('download'),
          target.getByRole('button', { name: `Baixar PDF do informe de ${currentYear}` }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(
          `informe-de-rendimentos-copaiba-${currentYear}.pdf`,
        );
        const path = await download.path();
        const pdf = await readFile(path);
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        const { stdout } = await run('pdftotext', ['-layout', path, '-']);
        expect(stdout).toContain('Informe de Rendimentos');
        expect(stdout).toContain('Ana Investidora');
        expect(stdout).toContain(token.name.slice(0, 12));
      }

      expect(problems).toEqual([]);
      await phone.close();
      await desktop.close();
    },
  );
});
